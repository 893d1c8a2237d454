// In create-ralph-hooks' bundle, in the place of dist/src/util/lazy-require.js (same exports):
// what ralph-hooks loads by a computed name or path, here imported so that the bundler takes it
// in. The CommonJS ones are required on first use, as there.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GUARD_RULE_MODULES } from 'ralph-hooks:guard-rules';
import { PACKAGE_ROOT } from './package-info.js';

export const FORMATTER_CHILD_FLAG = '--ralph-hooks-formatter-child';

export const smolToml = () => require('smol-toml');
export const diffLibrary = () => require('diff');
export const fullHandlebars = () => require('handlebars');
export const handlebarsRuntime = () => require('handlebars/runtime');

export function precompiledTemplates() {
  return require('../../dist/templates.precompiled.cjs');
}

/** A guard rule's module from the bundle (by its path under PACKAGE_ROOT); any other from disk. */
export async function importModule(path) {
  const bundled = GUARD_RULE_MODULES[relative(PACKAGE_ROOT, path).split('\\').join('/')];
  return bundled ?? import(pathToFileURL(path).href);
}

/**
 * The formatting process is this file again, told so by its first argument (./entry.js). Where
 * the file is inside a zip (`yarn create` runs it from yarn's cache, through Plug'n'Play's
 * patched fs), the new process could not open it: it gets a copy on disk, made once per content.
 */
export function formatterChildArgs() {
  const self = fileURLToPath(import.meta.url);
  if (!/\.zip[\\/]/.test(self)) return [self, FORMATTER_CHILD_FLAG];
  const text = readFileSync(self);
  const copy = join(tmpdir(), `create-ralph-hooks-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(copy)) {
    writeFileSync(`${copy}.${process.pid}`, text);
    renameSync(`${copy}.${process.pid}`, copy);
  }
  return [copy, FORMATTER_CHILD_FLAG];
}
