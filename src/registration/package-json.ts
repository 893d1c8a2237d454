/**
 * The user's package.json (extras.packageJson): our scripts and devDependencies are added,
 * nothing else is touched. The file belongs to the user: a key we did not write is never
 * removed or rewritten, a dependency they already list (in any section, at any version)
 * is left alone, and when nothing is missing the file is not rewritten at all.
 */
import { basename } from 'node:path';
import { CliError } from '../errors.js';
import { isJsonObject } from '../json-text.js';

/** What a project needs to run the generated tests. */
export interface PackageJsonWants {
  /** `test:hooks`, or undefined when no test extra is on. */
  testHooksScript?: string;
  /** name → version range. */
  devDependencies: Record<string, string>;
}

/** npm init's placeholder: a `test` script that only fails counts as no test script. */
export const NPM_PLACEHOLDER_TEST = 'echo "Error: no test specified" && exit 1';

const DEPENDENCY_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** Our own test:hooks compositions (any of them may be rewritten; anything else is the user's). */
const OUR_TEST_HOOKS = /^(vitest run (--config test\/hooks\/vitest\.config\.cjs|test\/hooks)|node_modules\/bats\/bin\/bats test\/hooks|ralph-hooks test)( && (vitest run (--config test\/hooks\/vitest\.config\.cjs|test\/hooks)|node_modules\/bats\/bin\/bats test\/hooks|ralph-hooks test))*$/;

/** A package name from a folder name: lower-case, npm-safe. */
export function packageNameFor(dir: string): string {
  const name = basename(dir).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|[-.]+$/g, '');
  return name || 'hooks-project';
}

/**
 * Merge what we want into a parsed package.json (undefined: there is none). Returns a new
 * object; keys keep their order, new keys go at the end of their section.
 */
export function mergePackageJson(pkg: unknown, wants: PackageJsonWants, { file = 'package.json', dir = '.' } = {}): Record<string, unknown> {
  if (pkg === undefined) pkg = { name: packageNameFor(dir), version: '0.0.0', private: true };
  if (!isJsonObject(pkg)) throw new CliError(`${file}: the top level must be a JSON object; ralph-hooks left the file untouched.`);
  const result = structuredClone(pkg) as Record<string, unknown>;

  if (wants.testHooksScript !== undefined) {
    const scripts = sectionOf(result, 'scripts', file);
    const current = scripts['test:hooks'];
    if (current === undefined || (typeof current === 'string' && OUR_TEST_HOOKS.test(current))) scripts['test:hooks'] = wants.testHooksScript;
    if (scripts.test === undefined || scripts.test === NPM_PLACEHOLDER_TEST) scripts.test = 'npm run test:hooks';
    result.scripts = scripts;
  }

  const missing = Object.entries(wants.devDependencies).filter(([name]) => !DEPENDENCY_SECTIONS.some((section) => isJsonObject(result[section]) && (result[section] as Record<string, unknown>)[name] !== undefined));
  if (missing.length) {
    const devDependencies = sectionOf(result, 'devDependencies', file);
    const wasSorted = isSorted(Object.keys(devDependencies));
    for (const [name, range] of missing) devDependencies[name] = range;
    result.devDependencies = wasSorted ? sorted(devDependencies) : devDependencies;
  }
  return result;
}

function sectionOf(pkg: Record<string, unknown>, key: string, file: string): Record<string, unknown> {
  const value = pkg[key];
  if (value === undefined) return {};
  if (!isJsonObject(value)) throw new CliError(`${file}: "${key}" must be an object; ralph-hooks left the file untouched.`);
  return value;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

function isSorted(keys: string[]): boolean {
  return keys.every((key, i) => i === 0 || byName(keys[i - 1]!, key) <= 0);
}

/** npm keeps dependency sections sorted; we do too, unless the user's section was not. */
function sorted(section: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(section).sort(byName).map((k) => [k, section[k]]));
}

/** Re-serialise keeping the file's indentation (tabs or N spaces) and its final newline. */
export function formatLike(previous: string | undefined, value: unknown): string {
  const indentMatch = previous === undefined ? undefined : /^[{[]\s*\n([ \t]+)\S/.exec(previous);
  const indent = indentMatch ? indentMatch[1] : 2;
  const newline = previous === undefined || previous.endsWith('\n') ? '\n' : '';
  const text = JSON.stringify(value, null, indent);
  return `${previous?.includes('\r\n') ? text.replace(/\n/g, '\r\n') : text}${newline && previous?.includes('\r\n') ? '\r\n' : newline}`;
}
