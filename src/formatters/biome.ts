/**
 * Biome: the project's binary, one `biome check --write --stdin-file-path=<file>` per file, in
 * the project root, so its config (biome.json, overrides, nested configs) applies. `check
 * --write` is what Biome's own git-hook recipe runs: formatting, the linter's safe fixes and
 * sorted imports. Its output is left as it is by `biome format --write`, `biome lint --write`
 * and `biome check --write` alike. A file it has no handler for, or ignores, comes back as it
 * was; whether a path is ignored Biome can tell only for a file on disk.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CannotStart, mapLimit, platformBinary, runWithInput, type Program } from './processes.js';
import type { FormatJob, FormatResult, FormatterSpec } from './types.js';
import { installsPackage } from '../package-managers/index.js';
import { failuresAsWarnings, type Failure } from './failures.js';

function biomeProgram(packageDir: string): Program {
  const exe = process.platform === 'win32' ? 'biome.exe' : 'biome';
  const binary = platformBinary(packageDir, (platform, arch, musl) => [
    ...(musl ? [`@biomejs/cli-${platform}-${arch}-musl/${exe}`] : []),
    `@biomejs/cli-${platform}-${arch}/${exe}`,
  ]);
  if (binary) return { command: binary, args: [] };
  // The package's launcher finds the binary its own way (BIOME_BINARY, say): one Node start more per file.
  const launcher = join(packageDir, 'bin', 'biome');
  if (existsSync(launcher)) return { command: process.execPath, args: [launcher] };
  throw new CannotStart(`no Biome binary for ${process.platform}-${process.arch} under ${packageDir}`);
}

async function formatAll({ root, packageDir, files }: FormatJob): Promise<FormatResult> {
  const program = biomeProgram(packageDir);
  const failures: Failure[] = [];
  const texts = await mapLimit(files, async (file) => {
    const ran = await runWithInput(program, ['check', '--write', `--stdin-file-path=${join(root, file.path)}`], file.text, root);
    // No handler for the file (a .sh): exit 0 and nothing printed. Ignored: the text as it came.
    if (ran.status === 0) return ran.stdout === '' && file.text !== '' ? file.text : ran.stdout;
    if (ran.stdout !== file.text) failures.push({ path: file.path, reason: ran.stderr });
    return file.text;
  });
  return { texts, warnings: failuresAsWarnings('Biome', failures) };
}

export const biome: FormatterSpec = {
  name: 'Biome',
  packageName: '@biomejs/biome',
  alsoReads: ['.gitignore', '.editorconfig'],
  // Biome runs with its defaults where there is no config: listed in package.json, it is the project's.
  configIn: (_root, entries, packageJson) =>
    ['biome.json', 'biome.jsonc'].find((name) => entries.includes(name)) ?? (installsPackage(packageJson, '@biomejs/biome') ? 'its defaults (@biomejs/biome in package.json, no config file)' : undefined),
  formatAll,
};
