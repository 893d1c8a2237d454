/**
 * RH19: do the generated hook tests run? What vitest would pick up, read from package.json's
 * `test:hooks` and the vitest config's text (never run).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import type { RalphHooksConfig } from '../config/schema.js';
import { rhCommand } from '../package-managers/project.js';
import type { Finding } from '../hook-types.js';
import { HOOK_TESTS_DIR, HOOK_VITEST_COMMAND, HOOK_VITEST_CONFIG, hookVitestFile } from '../generate/extras.js';
import { isJsonObject } from '../util/json-text.js';
import picomatch from 'picomatch';

import { isInside, ok, problem } from './finding.js';

/** Where vitest looks for a config when none is named, in its order (vitest's CONFIG_NAMES × CONFIG_EXTENSIONS). */
const VITEST_CONFIG_FILES = ['vitest.config', 'vite.config'].flatMap((name) => ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'].map((ext) => name + ext));
/** vitest's default test.include. */
const VITEST_DEFAULT_INCLUDE = ['**/*.{test,spec}.?(c|m)[jt]s?(x)'];

/**
 * RH19: would the hook test command find the generated vitest files? Read, never run (no
 * vitest start): the hook tests' own config must be there, and a package.json `test:hooks`
 * that runs vitest without it takes the project's config (or vitest's defaults), whose
 * include the `<hook>.vitest.ts` files rarely match ("No test files found", exit 1). The
 * include is read from the config's text: literal arrays only; one it cannot read is a warning.
 */
export function checkHookTests(root: string, config: RalphHooksConfig): Finding[] {
  if (!config.extras.vitest || config.hooks.length === 0) return [];
  const files = config.hooks.map((hook) => posix.join(HOOK_TESTS_DIR, hookVitestFile(hook.name)));
  if (!existsSync(join(root, HOOK_VITEST_CONFIG))) {
    return [problem('RH19', `${HOOK_VITEST_CONFIG} is missing: \`${HOOK_VITEST_COMMAND}\` stops before it runs a test (vitest cannot load the config).`, `Run: ${rhCommand('generate')}`)];
  }
  const script = testHooksScript(root);
  const fix = `Run the hook tests with their own config in test:hooks: ${HOOK_VITEST_COMMAND}   (${rhCommand('generate')} rewrites a test:hooks that ralph-hooks wrote)`;
  for (const args of script === undefined ? [] : vitestCalls(script)) {
    const named = optionValue(args, '--config', '-c');
    if (named !== undefined && posix.normalize(named) === HOOK_VITEST_CONFIG) continue;
    const runRoot = resolve(root, optionValue(args, '--root', '-r') ?? '.');
    const used = named !== undefined ? resolve(runRoot, named) : findUpward(runRoot, VITEST_CONFIG_FILES);
    const runs = `package.json's test:hooks runs \`${args.join(' ')}\` without --config ${HOOK_VITEST_CONFIG}`;
    const shown = used === undefined ? '' : isInside(root, used) ? relative(root, used) : used;
    if (used !== undefined && !existsSync(used)) return [problem('RH19', `${runs}, and ${shown} does not exist: vitest stops before it runs a test.`, fix)];
    const includes = used === undefined ? VITEST_DEFAULT_INCLUDE : includesIn(readFileSync(used, 'utf8'));
    if (includes === undefined) {
      return [{ code: 'RH19', ok: true, warning: true, message: `${runs}: vitest takes ${shown}, whose include ralph-hooks cannot read, so it cannot tell whether that finds the hook tests (${files.join(', ')}).`, fix }];
    }
    const fromRunRoot = (file: string) => relative(runRoot, join(root, file)).split('\\').join('/');
    if (!files.some((file) => globMatches(fromRunRoot(file), includes, runRoot))) {
      const globs = includes.join(', ') || 'empty';
      const include = used === undefined ? `vitest's default include (${globs}) matches` : `vitest takes ${shown}, whose include (${globs}) matches`;
      return [problem('RH19', `${runs}: ${include} none of the hook tests (${files.join(', ')}): "No test files found", exit 1.`, fix)];
    }
  }
  return [ok('RH19', `the hook tests have their own vitest config (${HOOK_VITEST_CONFIG}, ${files.length} file(s))`)];
}

/** package.json's test:hooks script, if it has one. */
function testHooksScript(root: string): string | undefined {
  try {
    const pkg: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const scripts = isJsonObject(pkg) ? pkg.scripts : undefined;
    const script = isJsonObject(scripts) ? scripts['test:hooks'] : undefined;
    return typeof script === 'string' ? script : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The arguments of each vitest a script starts, from `vitest` on: `vitest …`, `npx vitest …`,
 * `pnpm exec vitest …`, `node_modules/.bin/vitest …`, `CI=1 node …/vitest.mjs …`.
 */
export function vitestCalls(script: string): string[][] {
  const isVitest = (word: string) => /(^|\/)vitest(\.mjs)?$/.test(word);
  const isLauncher = (word: string) => /^(npx|pnpm|yarn|bun|bunx|exec|x|dlx|node|env|-.*|\w+=.*)$/.test(word);
  return script
    .split(/&&|\|\||;|\|/)
    .map((part) => part.trim().split(/\s+/).map((word) => word.replace(/^(['"])(.*)\1$/, '$2')))
    .map((words) => ({ words, at: words.findIndex(isVitest) }))
    .filter(({ words, at }) => at >= 0 && words.slice(0, at).every(isLauncher))
    .map(({ words, at }) => words.slice(at));
}

/** The value of a flag (`--config x`, `--config=x`, `-c x`), if given. */
function optionValue(args: string[], long: string, short: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === long || arg === short) return args[i + 1];
    if (arg.startsWith(`${long}=`) || arg.startsWith(`${short}=`)) return arg.slice(arg.indexOf('=') + 1);
  }
  return undefined;
}

function findUpward(dir: string, names: string[]): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    const found = names.map((name) => join(current, name)).find((path) => existsSync(path));
    if (found || dirname(current) === current) return found;
  }
}

/**
 * The globs of every `include: [...]` in a config's text (test.include, a project's, coverage's:
 * one that matches is enough), vitest's default when there is none, undefined when an include
 * is not a literal array of strings.
 */
export function includesIn(text: string): string[] | undefined {
  const globs: string[] = [];
  let found = false;
  for (const match of text.matchAll(/\binclude\s*:\s*(\[[^\]]*\])?/g)) {
    found = true;
    const strings = /(['"`])((?:(?!\1)[^\\])*)\1/g;
    // Only strings: `[...defaults, 'x']` or a variable inside cannot be read.
    if (match[1] === undefined || /[^\s,[\]]/.test(match[1].replace(strings, ''))) return undefined;
    globs.push(...[...match[1].matchAll(strings)].map((m) => m[2]!));
  }
  return found ? [...new Set(globs)] : VITEST_DEFAULT_INCLUDE;
}

/**
 * Whether vitest's include takes a file: `path` relative to vitest's root, with `/`. The globs
 * are read as vitest hands them to tinyglobby: a `!glob` excludes (`!(…)` is an extglob), an
 * empty one is dropped, `./`, `..` and a trailing `/` are normalized, an absolute one is taken
 * relative to `root`; each is matched by picomatch with tinyglobby's options, dot files
 * included (vitest's `dot: true`). A glob picomatch cannot read is taken to match: no
 * finding rather than a wrong one.
 */
export function globMatches(path: string, globs: string | readonly string[], root?: string): boolean {
  const normalize = (glob: string) => {
    const trimmed = glob.endsWith('/') ? glob.slice(0, -1) : glob;
    return root !== undefined && posix.isAbsolute(trimmed.replace(/\\(?=[()[\]{}!*+?@|])/g, '')) ? posix.relative(root, trimmed) : posix.normalize(trimmed);
  };
  const take: string[] = [];
  const skip: string[] = [];
  for (const glob of typeof globs === 'string' ? [globs] : globs) {
    if (!glob) continue;
    if (glob[0] !== '!' || glob[1] === '(') take.push(normalize(glob));
    else if (glob[1] !== '!' || glob[2] === '(') skip.push(normalize(glob.slice(1)));
  }
  // Paths with `/` on every system; debug: a glob whose regular expression does not compile
  // throws, instead of matching nothing.
  const options = { dot: true, windows: false, debug: true };
  try {
    return take.length > 0 && picomatch(take, options)(path) && !(skip.length > 0 && picomatch(skip, options)(path));
  } catch {
    return true;
  }
}
