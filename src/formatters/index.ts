/**
 * The project's own formatter, applied to everything ralph-hooks writes before it is compared,
 * written and hashed: running the formatter afterwards (lint-staged at commit, `prettier --write .`)
 * then changes nothing, so no generated file turns into a "hand edit".
 *
 * A formatter is the project's when its config is at the project root and it is installed there
 * (found in node_modules from the root up). Every file goes through one process
 * (child.ts): the formatter's own code never loads in the CLI's. A file the formatter does not
 * handle, ignores or fails on stays as generated; and a result that would change what a file
 * means (JSON with other values, a hook that no longer parses under bash) is thrown away.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sha256 } from '../util/files.js';
import { PACKAGE_ROOT } from '../util/package-info.js';
import { formatterChildArgs } from '../util/lazy-require.js';
import { FORMATTERS } from './all.js';
import type { ChildAnswer, ChildJob } from './child.js';
import type { FormatterSpec } from './types.js';
import { pmCommand } from '../package-managers/project.js';
import { installsPackage, readPackageJson } from '../package-managers/index.js';

export { FORMATTERS } from './all.js';
export type { FormatterSpec } from './types.js';

/** A formatter the project uses, installed. */
export interface ProjectFormatter {
  spec: FormatterSpec;
  /** What made it the project's: its config file at the root. */
  configFile: string;
  packageDir: string;
  version: string;
}

/** A formatter the project is set up for (config at the root, listed in package.json) that is not installed. */
export interface MissingFormatter {
  spec: FormatterSpec;
  configFile: string;
}

export interface TextToFormat {
  path: string;
  text: string;
}

export interface Formatting {
  active: ProjectFormatter[];
  missing: MissingFormatter[];
  /**
   * What the formatting depends on besides the text: each formatter, its version, its config
   * and the files it also reads at the root. The manifest keeps it: while it is the same, a file
   * rendered as before and still as written needs no formatter run to know what it makes of it.
   */
  fingerprint: string;
  /** The texts formatted, in order; what went wrong is added to `warnings`. */
  format(files: TextToFormat[]): string[];
  warnings: string[];
}

/** One process for the whole batch; a formatter stuck longer than this is given up on (files as generated). */
const TIMEOUT_MS = 120_000;

/**
 * The child script: the one the build compiled, by the package's folder rather than this
 * module's, which is elsewhere when ralph-hooks runs from its TypeScript sources (tests) or from
 * the CLI's bundle (dist/bin/).
 */
const CHILD = join(PACKAGE_ROOT, 'dist', 'src', 'formatters', 'child.js');

/**
 * The package's folder: in node_modules, looked for from `root` up, as Node resolves it; in a
 * Yarn Plug'n'Play project, where its .pnp.cjs says (an unplugged folder, or a path in a zip that
 * the formatting process reads through that file). Undefined when not installed.
 */
export function installedPackage(root: string, name: string): string | undefined {
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) break;
  }
  return plugNPlayPackage(root, name);
}

/** Yarn's Plug'n'Play map of the project, when it has one. */
function plugNPlayFile(root: string): string | undefined {
  const file = join(root, '.pnp.cjs');
  return existsSync(file) ? file : undefined;
}

/** The project's Plug'n'Play API: required, not preloaded, .pnp.cjs only answers questions and patches nothing here. */
function plugNPlayApi(root: string): PlugNPlay | undefined {
  const file = plugNPlayFile(root);
  try {
    return file ? (createRequire(import.meta.url)(file) as PlugNPlay) : undefined;
  } catch {
    return undefined;
  }
}

interface PlugNPlay {
  resolveToUnqualified(request: string, issuer: string): string | null;
  findPackageLocator(path: string): { reference: string } | null;
}

function plugNPlayPackage(root: string, name: string): string | undefined {
  try {
    const manifest = plugNPlayApi(root)?.resolveToUnqualified(`${name}/package.json`, `${resolve(root)}/`);
    return manifest ? dirname(manifest) : undefined;
  } catch {
    return undefined;
  }
}

/** The version in a package's manifest, read through Plug'n'Play's zip paths where needed (the locator's reference). */
function packageVersionAt(root: string, packageDir: string): string {
  const onDisk = readPackageJson(packageDir)?.version;
  if (onDisk !== undefined) return String(onDisk);
  try {
    return plugNPlayApi(root)?.findPackageLocator(join(packageDir, 'package.json'))?.reference.replace(/^npm:/, '') ?? '?';
  } catch {
    return '?';
  }
}

/** The project's formatters: installed, or set up and missing. A project with none pays one directory listing. */
export function detectFormatters(root: string): { active: ProjectFormatter[]; missing: MissingFormatter[]; fingerprint: string } {
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return { active: [], missing: [], fingerprint: '' };
  }
  const packageJson = entries.includes('package.json') ? readPackageJson(root) : undefined;
  const active: ProjectFormatter[] = [];
  const missing: MissingFormatter[] = [];
  for (const spec of FORMATTERS) {
    const configFile = spec.configIn(root, entries, packageJson);
    if (configFile === undefined) continue;
    const packageDir = installedPackage(root, spec.packageName);
    if (packageDir) {
      const version = packageVersionAt(root, packageDir);
      active.push({ spec, configFile, packageDir, version });
    } else if (installsPackage(packageJson, spec.packageName)) {
      // Set up for the project but not installed (a fresh clone): say so rather than guess its output.
      missing.push({ spec, configFile });
    }
  }
  const readAt = (name: string) => (entries.includes(name) ? readFileSync(join(root, name), 'utf8') : null);
  const fingerprint = active.length === 0 ? '' : sha256(JSON.stringify({
    version: FORMATTING_VERSION,
    formatters: active.map((f) => [f.spec.name, f.version, f.configFile, readAt(f.configFile), f.spec.alsoReads.map(readAt)]),
    packageJsonKey: packageJson?.prettier ?? null,
  }));
  return { active, missing, fingerprint };
}

/** Goes up when the way ralph-hooks runs a formatter changes: what was recorded before is not reused. */
const FORMATTING_VERSION = 1;

/** How the project's formatters are run over what ralph-hooks writes; undefined when the project has none. */
export function projectFormatting(root: string): Formatting | undefined {
  const { active, missing, fingerprint } = detectFormatters(root);
  if (active.length === 0 && missing.length === 0) return undefined;
  const warnings: string[] = [];
  return {
    active,
    missing,
    fingerprint,
    warnings,
    format(files) {
      if (active.length === 0 || files.length === 0) return files.map((file) => file.text);
      const answer = runChild(root, active, files, warnings);
      return files.map((file, i) => {
        const formatted = answer?.[i] ?? file.text;
        const broken = meaningChanged(file.path, file.text, formatted);
        if (broken) warnings.push(`${names(active)} ${broken} in ${file.path}; written as generated.`);
        return broken ? file.text : formatted;
      });
    },
  };
}

const names = (formatters: ProjectFormatter[]) => formatters.map((f) => f.spec.name).join(' and ');

function runChild(root: string, active: ProjectFormatter[], files: TextToFormat[], warnings: string[]): string[] | undefined {
  const job: ChildJob = {
    root,
    formatters: active.map((f) => ({ name: f.spec.name, packageDir: f.packageDir })),
    files: files.map((file) => ({ ...file, exists: existsSync(join(root, file.path)) })),
  };
  // In a Plug'n'Play project the formatter may sit in a zip: the process reads it through .pnp.cjs.
  const pnp = plugNPlayFile(root);
  const result = spawnSync(process.execPath, [...(pnp ? ['--require', pnp] : []), ...formatterChildArgs(CHILD)], { cwd: root, input: JSON.stringify(job), encoding: 'utf8', maxBuffer: 1 << 30, timeout: TIMEOUT_MS });
  const failed = (why: string) => {
    warnings.push(`could not run ${names(active)} (${why}): the files are written as generated.`);
    return undefined;
  };
  if (result.error) return failed((result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT' ? `no answer in ${TIMEOUT_MS / 1000} s` : result.error.message);
  if (result.status !== 0) return failed(result.stderr.trim().split('\n').at(-1) || `exit ${result.status}`);
  try {
    const answer = JSON.parse(result.stdout) as ChildAnswer;
    if (!Array.isArray(answer.texts) || answer.texts.length !== files.length) return failed('an answer of the wrong shape');
    warnings.push(...answer.warnings);
    return answer.texts;
  } catch {
    return failed('an answer that is not JSON');
  }
}

/**
 * Why a formatted text cannot be used, or undefined: a formatter (or a plugin of it) may format
 * a file, never change what it means. JSON must hold the same values (a hook reads its cases
 * and settings with JSON.parse); a shell script must still parse under bash.
 */
export function meaningChanged(path: string, before: string, after: string): string | undefined {
  if (after === before) return undefined;
  if (extname(path) === '.json') {
    let value: unknown;
    try {
      value = JSON.parse(before);
    } catch {
      return undefined;
    }
    try {
      return isDeepStrictEqual(value, JSON.parse(after)) ? undefined : 'changed the values';
    } catch {
      return 'left text that is not JSON';
    }
  }
  if (isShellScript(path, before) && parsesUnderBash(after) === false && parsesUnderBash(before) !== false) return 'left a script bash cannot parse';
  return undefined;
}

function isShellScript(path: string, text: string): boolean {
  return /\.(sh|bash|bats)$/.test(path) || /^#!.*\b(ba)?sh\b/.test(text);
}

/** `bash -n` over the text (a bats file's `@test "…" {` lines read as functions); undefined without bash. */
function parsesUnderBash(text: string): boolean | undefined {
  const script = text.replace(/^@test\s.*\{\s*$/gm, 'bats_test() {');
  const result = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
  return result.error ? undefined : result.status === 0;
}

/** One line for a formatter the project is set up for but has not installed, and the command that installs it. */
export function notInstalled(missing: MissingFormatter[]): { message: string; fix: string } {
  const named = missing.map((m) => `${m.spec.name} (${m.configFile})`).join(' and ');
  const it = missing.length === 1 ? 'it' : 'them';
  return {
    message: `${named} ${missing.length === 1 ? 'is' : 'are'} set up in this project but not installed: ralph-hooks formats what it writes with ${it}, so until then it can neither write nor check the generated files.`,
    fix: `Install the project's dependencies: ${pmCommand({ kind: 'install' })}`,
  };
}
