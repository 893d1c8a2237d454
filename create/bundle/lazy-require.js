// In create-ralph-hooks' bundle, in the place of dist/src/util/lazy-require.js (same exports):
// what ralph-hooks loads by a computed name or path, here imported so that the bundler takes it
// in. The CommonJS ones are required on first use, as there.
import { relative } from 'node:path';
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

/** The formatting process is this file again, told so by its first argument (./entry.js). */
export const formatterChildArgs = () => [fileURLToPath(import.meta.url), FORMATTER_CHILD_FLAG];
