/**
 * The user's package.json (extras.packageJson): our scripts and devDependencies are added,
 * nothing else is touched. The file belongs to the user: a key we did not write is never
 * removed or rewritten, a dependency they already list (in any section, at any version)
 * is left alone, and when nothing is missing the file is not rewritten at all.
 *
 * What ralph-hooks added is recorded in the manifest (`packageJson`, see manifest.ts), so that
 * an extra turned off, and uninstall, take out exactly that: `addedBy` says what a merge added,
 * `withoutOurs` takes it out again.
 */
import { basename } from 'node:path';
import { CliError } from '../util/errors.js';
import { PACKAGE_MANAGERS } from '../package-managers/index.js';
import { isJsonObject } from '../util/json-text.js';

/** What a project needs to run the generated tests. */
export interface PackageJsonWants {
  /** `test:hooks`, or undefined when no test extra is on. */
  testHooksScript?: string;
  /** `test` where the project has none: test:hooks, through its package manager (`pnpm run test:hooks`). */
  testScript?: string;
  /** name → version range. */
  devDependencies: Record<string, string>;
}

/** npm init's placeholder: a `test` script that only fails counts as no test script. */
export const NPM_PLACEHOLDER_TEST = 'echo "Error: no test specified" && exit 1';

const DEPENDENCY_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** Our own test:hooks compositions, today's and earlier versions' (any may be rewritten; anything else is the user's). */
const OUR_TEST_COMMAND = String.raw`(vitest run (--config test\/hooks\/vitest\.config\.cjs|test\/hooks)|node_modules\/bats\/bin\/bats test\/hooks|ralph-hooks bats test\/hooks|ralph-hooks test)`;
const OUR_TEST_HOOKS = new RegExp(`^${OUR_TEST_COMMAND}( && ${OUR_TEST_COMMAND})*$`);

/** The `test` script init writes where there is none: test:hooks through any package manager. */
export const OUR_TEST_SCRIPT = /^(npm|pnpm|yarn|bun) run test:hooks$/;

/** The lockfiles package managers write beside package.json (npm, npm's shrinkwrap, pnpm, yarn, bun). */
export const LOCKFILES: readonly string[] = [...new Set(Object.values(PACKAGE_MANAGERS).flatMap((pm) => pm.lockfiles))];

/** The entries of package.json that are ralph-hooks': devDependency names, and scripts with the text ralph-hooks wrote. */
export interface OurEntries {
  devDependencies: string[];
  scripts: Record<string, string>;
}

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
  if (pkg === undefined) pkg = newPackageJson(dir);
  if (!isJsonObject(pkg)) throw new CliError(`${file}: the top level must be a JSON object; ralph-hooks left the file untouched.`);
  const result = structuredClone(pkg) as Record<string, unknown>;

  if (wants.testHooksScript !== undefined) {
    const scripts = sectionOf(result, 'scripts', file);
    const current = scripts['test:hooks'];
    if (current === undefined || (typeof current === 'string' && OUR_TEST_HOOKS.test(current))) scripts['test:hooks'] = wants.testHooksScript;
    if (scripts.test === undefined || scripts.test === NPM_PLACEHOLDER_TEST) scripts.test = wants.testScript ?? 'npm run test:hooks';
    result.scripts = scripts;
  }

  const missing = Object.entries(wants.devDependencies).filter(([name]) => !listsDependency(result, name));
  if (missing.length) {
    const devDependencies = sectionOf(result, 'devDependencies', file);
    const wasSorted = isSorted(Object.keys(devDependencies));
    for (const [name, range] of missing) devDependencies[name] = range;
    result.devDependencies = wasSorted ? sorted(devDependencies) : devDependencies;
  }
  return result;
}

/** The package.json ralph-hooks starts from when there is none: its fields before any script or devDependency. */
export function newPackageJson(dir: string): Record<string, unknown> {
  return { name: packageNameFor(dir), version: '0.0.0', private: true };
}

/** Does the parsed package.json list `name` in any dependency section? */
export function listsDependency(pkg: unknown, name: string): boolean {
  return isJsonObject(pkg) && DEPENDENCY_SECTIONS.some((section) => isJsonObject(pkg[section]) && pkg[section][name] !== undefined);
}

/**
 * What a merge added to `before` (undefined: no package.json) to make `after`: the devDependencies
 * it lists that `before` listed in no section, and the scripts it set to a new text.
 */
export function addedBy(before: unknown, after: Record<string, unknown>): OurEntries {
  const devDependencies = isJsonObject(after.devDependencies) ? Object.keys(after.devDependencies).filter((name) => !listsDependency(before, name)) : [];
  const beforeScripts = isJsonObject(before) && isJsonObject(before.scripts) ? before.scripts : {};
  const scripts: Record<string, string> = {};
  if (isJsonObject(after.scripts)) {
    for (const [name, text] of Object.entries(after.scripts)) if (typeof text === 'string' && beforeScripts[name] !== text) scripts[name] = text;
  }
  return { devDependencies, scripts };
}

/**
 * `pkg` with ralph-hooks' entries taken out. A devDependency goes by name (whatever its range: a
 * version bump does not make it the user's). A script goes only while it still holds what
 * ralph-hooks wrote (or one of its own test:hooks compositions); it gets back the text it had in
 * `before` (package.json before ralph-hooks first changed it; undefined: there was none), or is
 * deleted. A script the user changed since is theirs: it stays, and is named in `userScripts`.
 * A scripts or devDependencies section left empty goes, unless `before` had it.
 */
export function withoutOurs(pkg: Record<string, unknown>, ours: OurEntries, before?: Record<string, unknown>): { result: Record<string, unknown>; userScripts: string[] } {
  const result = structuredClone(pkg);
  const userScripts: string[] = [];
  const devDependencies = result.devDependencies;
  if (isJsonObject(devDependencies)) {
    for (const name of ours.devDependencies) delete devDependencies[name];
    if (Object.keys(devDependencies).length === 0 && !(isJsonObject(before) && 'devDependencies' in before)) delete result.devDependencies;
  }
  const scripts = result.scripts;
  if (isJsonObject(scripts)) {
    const beforeScripts: Record<string, unknown> = isJsonObject(before) && isJsonObject(before.scripts) ? before.scripts : {};
    for (const [name, written] of Object.entries(ours.scripts)) {
      const current = scripts[name];
      if (current === undefined) continue;
      const stillOurs = current === written || (name === 'test:hooks' && typeof current === 'string' && OUR_TEST_HOOKS.test(current));
      if (!stillOurs) {
        userScripts.push(name);
        continue;
      }
      if (typeof beforeScripts[name] === 'string') scripts[name] = beforeScripts[name];
      else delete scripts[name];
    }
    if (Object.keys(scripts).length === 0 && !(isJsonObject(before) && 'scripts' in before)) delete result.scripts;
  }
  return { result, userScripts };
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
