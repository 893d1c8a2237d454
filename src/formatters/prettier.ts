/**
 * prettier: the project's own copy, loaded in the formatting process, formats each file as
 * `prettier --write` does: the config for that file (overrides, .editorconfig), its ignore files
 * (.gitignore and .prettierignore at the root) and the plugins the config names. A file it has
 * no parser for (a .sh without a shell plugin, .gitignore) or ignores comes back as it was.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FormatJob, FormatResult, FormatterSpec } from './types.js';
import { failuresAsWarnings, type Failure } from './failures.js';
import { installsPackage } from '../package-managers/index.js';

const CONFIG_FILE = /^(\.prettierrc(\.(json|json5|ya?ml|toml|[cm]?[jt]s))?|prettier\.config\.[cm]?[jt]s)$/;

interface PrettierApi {
  format(text: string, options: Record<string, unknown>): string | Promise<string>;
  resolveConfig(file: string, options?: Record<string, unknown>): Promise<Record<string, unknown> | null>;
  getFileInfo(file: string, options?: Record<string, unknown>): Promise<{ ignored: boolean; inferredParser: string | null }>;
}

/** The module a package's `import` would load: its exports' default (prettier 3), else its main (prettier 2). */
export function entryOf(packageDir: string): string {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { main?: string; exports?: unknown };
  const dot = (pkg.exports as Record<string, unknown> | undefined)?.['.'];
  const pick = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (value === null || typeof value !== 'object') return undefined;
    const conditions = value as Record<string, unknown>;
    return pick(conditions.node) ?? pick(conditions.import) ?? pick(conditions.default);
  };
  return join(packageDir, pick(dot) ?? pkg.main ?? 'index.js');
}

async function formatAll({ root, packageDir, files }: FormatJob): Promise<FormatResult> {
  const loaded = (await import(pathToFileURL(entryOf(packageDir)).href)) as PrettierApi & { default?: PrettierApi };
  const prettier: PrettierApi = typeof loaded.format === 'function' ? loaded : loaded.default!;
  const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  // The CLI's default ignore files: .gitignore and .prettierignore since prettier 3, .prettierignore before.
  const ignoreFiles = (Number.parseInt(version, 10) >= 3 ? ['.gitignore', '.prettierignore'] : ['.prettierignore']).map((name) => join(root, name)).filter((path) => existsSync(path));
  const ignorePath = Number.parseInt(version, 10) >= 3 ? ignoreFiles : ignoreFiles[0];
  const texts: string[] = [];
  const failures: Failure[] = [];
  for (const file of files) {
    const path = join(root, file.path);
    try {
      const info = await prettier.getFileInfo(path, { ignorePath, resolveConfig: true });
      if (info.ignored || !info.inferredParser) {
        texts.push(file.text);
        continue;
      }
      // The CLI reads .editorconfig too (--no-editorconfig turns it off).
      const options = (await prettier.resolveConfig(path, { editorconfig: true })) ?? {};
      texts.push(await prettier.format(file.text, { ...options, filepath: path }));
    } catch (error) {
      failures.push({ path: file.path, reason: String((error as Error).message ?? error) });
      texts.push(file.text);
    }
  }
  return { texts, warnings: failuresAsWarnings('prettier', failures) };
}

export const prettier: FormatterSpec = {
  name: 'prettier',
  packageName: 'prettier',
  alsoReads: ['.prettierignore', '.gitignore', '.editorconfig'],
  configIn(_root, entries, packageJson) {
    const file = entries.find((entry) => CONFIG_FILE.test(entry));
    if (file) return file;
    if (packageJson?.prettier !== undefined) return 'the "prettier" key of package.json';
    // No config at all: prettier's defaults, when the project lists prettier (lint-staged and
    // editors run it so).
    return installsPackage(packageJson, 'prettier') ? 'its defaults (prettier in package.json, no config file)' : undefined;
  },
  formatAll,
};
