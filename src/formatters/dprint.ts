/**
 * dprint: the project's binary, one `dprint fmt --stdin <file>` per file, in the project root,
 * so its config (dprint.json and the plugins it lists) applies. dprint applies its includes,
 * excludes and .gitignore only to a path that exists: a file not written yet is formatted as
 * its extension says. A file no plugin handles comes back as it was.
 *
 * dprint loads its plugins from the URLs or paths in the config: a plugin given as a URL is
 * downloaded once into dprint's cache, and until then (offline, say) dprint cannot format
 * anything; the plugins published on npm (@dprint/typescript, @dprint/json, …) can be named
 * by path instead: "./node_modules/@dprint/json/plugin.wasm".
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CannotStart, mapLimit, platformBinary, runWithInput, type Program } from './processes.js';
import type { FormatJob, FormatResult, FormatterSpec } from './types.js';
import { failuresAsWarnings, type Failure } from './failures.js';

function dprintProgram(packageDir: string): Program {
  const exe = process.platform === 'win32' ? 'dprint.exe' : 'dprint';
  // The package's install step copies the binary beside its launcher; without it, the platform package has it.
  if (existsSync(join(packageDir, exe))) return { command: join(packageDir, exe), args: [] };
  const binary = platformBinary(packageDir, (platform, arch, musl) => [`@dprint/${platform}-${arch}${platform === 'linux' ? (musl ? '-musl' : '-glibc') : ''}/${exe}`]);
  if (binary) return { command: binary, args: [] };
  const launcher = join(packageDir, 'bin.cjs');
  if (existsSync(launcher)) return { command: process.execPath, args: [launcher] };
  throw new CannotStart(`no dprint binary for ${process.platform}-${process.arch} under ${packageDir}`);
}

async function formatAll({ root, packageDir, files }: FormatJob): Promise<FormatResult> {
  const program = dprintProgram(packageDir);
  const failures: Failure[] = [];
  const texts = await mapLimit(files, async (file) => {
    // An absolute path gets the includes and excludes; dprint insists that it exists.
    const path = file.exists ? join(root, file.path) : file.path;
    const ran = await runWithInput(program, ['fmt', '--stdin', path], file.text, root);
    if (ran.status === 0) return ran.stdout;
    failures.push({ path: file.path, reason: ran.stderr });
    return file.text;
  });
  return { texts, warnings: failuresAsWarnings('dprint', failures) };
}

export const dprint: FormatterSpec = {
  name: 'dprint',
  packageName: 'dprint',
  alsoReads: ['.gitignore'],
  configIn: (_root, entries) => ['dprint.json', 'dprint.jsonc', '.dprint.json', '.dprint.jsonc'].find((name) => entries.includes(name)),
  formatAll,
};
