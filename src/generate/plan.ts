/**
 * File planning: what `generate` would do to each file, decided before anything is
 * written. A plan is applied whole or not at all, so the config, the manifest and the
 * files on disk never end up out of step.
 */
import { lstatSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE, type RalphHooksConfig } from '../config/schema.js';
import { TARGETS } from '../targets/index.js';
import { renderHooks, type GeneratedFile } from './render-hooks.js';
import { formatJson, isJsonObject, jsonObjectIn } from '../util/json-text.js';
import { notInstalled, projectFormatting, type Formatting } from '../formatters/index.js';
import { MANIFEST_FILE, readManifest, recordsEntries, sha256, type Manifest, type PackageJsonRecord } from './manifest.js';
import { CliError } from '../util/errors.js';
import { packageVersion } from '../util/package-info.js';
import { classifyMerged, planMergedJson, readIfExists } from '../registration/merged-file.js';
import { addedBy, formatLike, listsDependency, LOCKFILES, mergePackageJson, newPackageJson, withoutOurs } from '../registration/package-json.js';
import { hookDevDependencies, hookTestScript } from './extras.js';
import { deregisterFile, registrationFilesOf, removeCompanions } from './deregister.js';
import type { ChangeStatus, FileChange, Ownership, Registrations } from '../hook-types.js';
import { isDeepStrictEqual } from 'node:util';
import { projectPackageManager, rhCommand } from '../package-managers/project.js';

export type { ChangeStatus, FileChange } from '../hook-types.js';

export interface Plan {
  root: string;
  changes: FileChange[];
  previousManifest?: Manifest;
  /** Things generate noticed and left alone (a manifest entry outside the project, say). */
  warnings?: string[];
  /** What ralph-hooks has in package.json once the plan is applied (the manifest's `packageJson`); undefined: as before. */
  packageJson?: PackageJsonRecord;
  /** The project's formatter(s), when it has one: what is written is what they make of it. */
  formatting?: Formatting;
}

export interface PlanOptions {
  /** Also write the config file with this text (init). */
  configText?: string;
}

export function planGeneration(root: string, config: RalphHooksConfig, options: PlanOptions = {}): Plan {
  const { files: rendered, commands } = renderHooks(config);
  checkCollisions(rendered);
  const warnings: string[] = [];
  const previousManifest = readManifest(root, warnings);
  const recorded = previousManifest?.files ?? {};

  const wanted = new Set(rendered.map((f) => f.path));
  const stale: FileChange[] = [];
  for (const [path, hash] of Object.entries(recorded)) {
    if (!wanted.has(path)) stale.push(classifyStale(root, path, hash));
  }

  const target = TARGETS[config.target];
  const ownership: Ownership = { recorded: previousManifest?.registrations, scripts: [...Object.keys(recorded), ...rendered.map((f) => f.path)] };
  const merged: FileChange[] = target.register(root, commands, ownership).map((change) => (change.registered ? change : { ...change, companion: true }));
  merged.push(...deregisterElsewhere(root, [...wanted, ...stale.map((c) => c.path), ...merged.map((c) => c.path)], ownership));
  merged.push(...removeCompanions(root, previousManifest, new Set([...wanted, ...stale.map((c) => c.path), ...merged.map((c) => c.path)])));
  let packageJson: PackageJsonRecord | undefined;
  // Copies of the lockfiles, byte for byte: never formatted.
  const snapshots: FileChange[] = [];
  if (config.extras.packageJson) {
    const planned = planPackageJson(root, config, previousManifest);
    merged.push(planned.change);
    snapshots.push(...planned.snapshots);
    packageJson = planned.record;
  }
  if (options.configText !== undefined) merged.push(classifyConfig(root, options.configText));

  const formatting = projectFormatting(root);
  const files: (GeneratedFile & { rendered?: string })[] = formatting?.active.length ? formatWritten(root, formatting, rendered, merged, previousManifest, warnings) : rendered;

  const changes: FileChange[] = [];
  const adopted = previousManifest?.adopted ?? {};
  const adoptedFrom = previousManifest?.adoptedFrom ?? {};
  for (const file of files) {
    const change = classifyGenerated(root, file.path, file.content, file.executable, recorded[file.path], adopted[file.path]);
    if (file.rendered !== undefined) change.rendered = file.rendered;
    if (change.adopted && change.status === 'unchanged' && adoptedFrom[file.path] !== undefined && adoptedFrom[file.path] !== recorded[file.path]) {
      change.lacksConfig = true;
      change.note = 'your adopted edit, made from an older rendering: it lacks a change the config asks for';
      warnings.push(lacksConfigWarning(file.path));
    }
    changes.push(change);
  }
  changes.push(...stale, ...merged, ...snapshots);
  return { root, changes, previousManifest, warnings, ...(formatting ? { formatting } : {}), ...(packageJson ? { packageJson } : {}) };
}

/**
 * The project's formatter over everything this plan would write (formatters/index.ts), in one
 * batch: every generated file, and each merged file that changes. What it makes of them is what
 * is compared with the disk, written and hashed, so running it afterwards changes nothing. A
 * merged file that, formatted, is what the disk holds already is left alone.
 *
 * A generated file rendered as when it was written (the manifest's `rendered`), still as written,
 * with the formatting depending on the same things (`formatter`), is what the formatter made of
 * it then: it is not sent again, so a generate with nothing to do starts no formatter at all.
 */
function formatWritten<F extends { path: string; content: string }>(
  root: string,
  formatting: Formatting,
  rendered: F[],
  merged: FileChange[],
  previous: Manifest | undefined,
  warnings: string[],
): (F & { rendered: string })[] {
  const reusable = previous?.formatter === formatting.fingerprint ? (previous.rendered ?? {}) : {};
  const known = rendered.map((file) => {
    const recorded = previous?.files[file.path];
    if (recorded === undefined || reusable[file.path] !== sha256(file.content)) return undefined;
    const current = readIfExists(join(root, file.path), file.path);
    return current !== undefined && sha256(current) === recorded ? current : undefined;
  });
  const sent = rendered.filter((_, i) => known[i] === undefined);
  const writes = merged.filter((change) => (change.status === 'create' || change.status === 'update') && change.content !== undefined);
  const texts = formatting.format([...sent.map((file) => ({ path: file.path, text: file.content })), ...writes.map((change) => ({ path: change.path, text: change.content! }))]);
  writes.forEach((change, i) => {
    change.content = texts[sent.length + i]!;
    if (change.current === change.content) change.status = 'unchanged';
  });
  warnings.push(...formatting.warnings);
  let next = 0;
  return rendered.map((file, i) => ({ ...file, rendered: sha256(file.content), content: known[i] ?? texts[next++]! }));
}

/**
 * Why nothing may be written: the project's formatter is set up (its config at the root, listed
 * in package.json) but not installed, so what would be written is not what it makes of it.
 * Undefined when writing is fine (or there is nothing to write).
 */
export function formatterMissing(plan: Plan): string | undefined {
  const missing = plan.formatting?.missing ?? [];
  if (missing.length === 0 || plan.changes.every((c) => c.status === 'unchanged' || c.status === 'keep')) return undefined;
  const { message, fix } = notInstalled(missing);
  return `${message}\nNothing was written. ${fix}, then run this again.`;
}

/** The config (init, add, remove): left as it is when it holds the same values, however it is laid out. */
function classifyConfig(root: string, text: string): FileChange {
  const change = classifyMerged(root, CONFIG_FILE, text);
  if (change.status !== 'update') return change;
  const current = jsonObjectIn(change.current);
  return current !== undefined && isDeepStrictEqual(current, jsonObjectIn(text)) ? { ...change, status: 'unchanged', content: change.current } : change;
}

/**
 * Registrations follow the target: after a change of target (or in a file another agent also
 * reads), the handlers ralph-hooks wrote leave every other hook file they are in, so no client
 * runs a script that is gone, or runs one twice. The user's own handlers stay, and a file with
 * nothing of ours is left byte for byte.
 */
function deregisterElsewhere(root: string, planned: string[], ownership: Ownership): FileChange[] {
  const done = new Set(planned);
  return registrationFilesOf(ownership)
    .filter((file) => !done.has(file))
    .map((file) => deregisterFile(root, file, ownership))
    .filter((change): change is FileChange => change !== undefined && change.status !== 'unchanged');
}

/** What generate and doctor say about an adopted edit that misses a config change. */
export function lacksConfigWarning(path: string): string {
  return `${path} is your adopted edit, made from a rendering older than the config: it lacks a change the config asks for. See what: ${rhCommand('generate --dry-run --force')}. Then fold that into your edit and adopt it again, or restore the generated version with --force.`;
}

/** Two hooks writing the same file would overwrite each other on every run: a config error. */
function checkCollisions(files: { path: string; hook?: string; clashFix?: string }[]): void {
  const seen = new Map<string, string | undefined>();
  for (const file of files) {
    if (seen.has(file.path)) {
      const first = seen.get(file.path);
      const fix = file.clashFix ?? 'give one of them another name (hooks[].name)';
      throw new CliError(`hooks ${JSON.stringify(first ?? '?')} and ${JSON.stringify(file.hook ?? '?')} both generate ${file.path}; ${fix} in ralph-hooks.config.json.`);
    }
    seen.set(file.path, file.hook);
  }
}

function isExecutable(path: string): boolean {
  return (statSync(path).mode & 0o111) !== 0;
}

function classifyGenerated(root: string, path: string, content: string, executable: boolean, recordedHash: string | undefined, adoptedHash?: string): FileChange {
  const absolute = join(root, path);
  const current = readIfExists(absolute, path);
  const base = { path, content, current, executable, tracked: true };
  if (current === undefined) return { ...base, status: 'create' };
  if (adoptedHash !== undefined && current !== content && sha256(current) === adoptedHash) {
    if (recordedHash === sha256(content)) return { ...base, status: 'unchanged', adopted: true, note: 'your adopted edit' };
    return { ...base, status: 'conflict', adopted: true, note: 'your adopted edit, and the generated version has changed since' };
  }
  if (current === content) {
    return { ...base, status: executable && !isExecutable(absolute) ? 'update' : 'unchanged', note: executable && !isExecutable(absolute) ? 'executable bit restored' : undefined };
  }
  if (recordedHash === sha256(current)) return { ...base, status: 'update' };
  return {
    ...base,
    status: 'conflict',
    note: recordedHash ? 'edited by hand since ralph-hooks wrote it' : 'exists but was not written by ralph-hooks',
  };
}

function classifyStale(root: string, path: string, recordedHash: string): FileChange {
  const current = readIfExists(join(root, path), path);
  const base = { path, current, executable: false, tracked: true };
  if (current === undefined) return { ...base, status: 'unchanged', note: 'no longer generated; already gone' };
  if (sha256(current) === recordedHash) return { ...base, status: 'remove', note: 'no longer in the config' };
  return { ...base, status: 'keep', note: 'no longer in the config, but edited by hand: left in place' };
}

/**
 * package.json (extras.packageJson): merged like settings.json, byte for byte untouched when
 * nothing is missing. What the merge adds is recorded (`record`), and what ralph-hooks added
 * for an extra that is now off (vitest, bats, the scenarios' Claude Code, test:hooks) comes out
 * again. A project whose manifest was written before the record (it lists ralph-hooks already,
 * so who added the rest cannot be told) keeps today's behaviour: only additions, no record.
 */
function planPackageJson(root: string, config: RalphHooksConfig, previous: Manifest | undefined): { change: FileChange; record?: PackageJsonRecord; snapshots: FileChange[] } {
  const devDependencies = hookDevDependencies(config.extras, root);
  const wants = { testHooksScript: hookTestScript(config.extras, config.hooks.length > 0), testScript: projectPackageManager().pm.run('test:hooks'), devDependencies };
  const merge = (parsed: unknown) => mergePackageJson(parsed, wants, { file: 'package.json', dir: root });
  const current = readIfExists(join(root, 'package.json'), 'package.json');
  if (previous !== undefined && previous.packageJson === undefined && current !== undefined && listsDependency(jsonObjectIn(current), 'ralph-hooks')) {
    return { change: planMergedJson(root, 'package.json', merge, formatLike), snapshots: [] };
  }
  // No package.json (any more): whatever was recorded about one is moot; start again.
  const record: PackageJsonRecord = previous?.packageJson !== undefined && current !== undefined ? previous.packageJson : { devDependencies: [], scripts: {} };
  let next = record;
  const change = planMergedJson(root, 'package.json', (parsed) => {
    const unwanted = {
      devDependencies: record.devDependencies.filter((name) => !Object.hasOwn(devDependencies, name)),
      scripts: wants.testHooksScript === undefined ? record.scripts : {},
    };
    const base = isJsonObject(parsed) ? withoutOurs(parsed, unwanted, recordedBefore(record)).result : parsed;
    const merged = merge(base);
    const added = addedBy(base, merged);
    const scripts = Object.fromEntries(Object.entries(record.scripts).filter(([name]) => !Object.hasOwn(unwanted.scripts, name)));
    next = {
      ...record,
      devDependencies: [...new Set([...record.devDependencies.filter((name) => !unwanted.devDependencies.includes(name)), ...added.devDependencies])],
      scripts: { ...scripts, ...added.scripts },
    };
    // The first change: remember the file, and what was installed, as they were before it.
    if (record.before === undefined && recordsEntries(next)) {
      next.before = current ?? null;
      if (current === undefined) next.created = newPackageJson(root);
      next.lockfilesBefore = LOCKFILES.filter((name) => present(join(root, name)));
      next.nodeModulesBefore = present(join(root, 'node_modules'));
    }
    return merged;
  }, formatLike);
  return { change, record: next, snapshots: record.before === undefined && next.before !== undefined ? lockfileSnapshots(root, next.lockfilesBefore ?? []) : [] };
}

/** Where init keeps a copy of each lockfile as it was before the first install of what it added (git-ignored). */
export const LOCKFILE_SNAPSHOTS_DIR = '.ralph-hooks/before-init';

/**
 * The lockfiles as they are before ralph-hooks first adds to package.json: uninstall puts one back
 * when package.json gets back its text from before init, since a package manager that installs
 * and then removes a package does not always write the same lockfile again (pnpm keeps peer
 * resolutions the removed package brought).
 */
function lockfileSnapshots(root: string, names: readonly string[]): FileChange[] {
  return names.flatMap((name) => {
    const text = readIfExists(join(root, name), name);
    return text === undefined ? [] : [{ path: `${LOCKFILE_SNAPSHOTS_DIR}/${name}`, status: 'create' as const, content: text, executable: false, tracked: false }];
  });
}

/** package.json as it was before ralph-hooks first changed it, parsed; undefined when there was none (or it cannot be read back). */
export function recordedBefore(record: PackageJsonRecord): Record<string, unknown> | undefined {
  return typeof record.before === 'string' ? jsonObjectIn(record.before) : record.created;
}

/** Is there anything at `path` (a dangling symlink counts)? */
function present(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The manifest after applying a plan: kept files keep their old hash, so they stay "edited";
 * an adopted file records the rendering it stands in for and the user's version.
 */
export function nextManifest(plan: Plan): Manifest {
  const files: Record<string, string> = {};
  const adopted: Record<string, string> = {};
  const adoptedFrom: Record<string, string> = {};
  const previous = plan.previousManifest?.files ?? {};
  const previousAdopted = plan.previousManifest?.adopted ?? {};
  const previousFrom = plan.previousManifest?.adoptedFrom ?? {};
  const keepAdoption = (path: string) => {
    if (previousAdopted[path]) adopted[path] = previousAdopted[path];
    if (previousFrom[path]) adoptedFrom[path] = previousFrom[path];
  };
  const registrations: Registrations = {};
  const companions: Record<string, string> = {};
  // Kept while package.json is not planned (extras.packageJson off): uninstall still takes our entries out.
  const packageJson = plan.packageJson ?? plan.previousManifest?.packageJson;
  const rendered: Record<string, string> = {};
  const previousCompanions = plan.previousManifest?.companions ?? {};
  for (const change of plan.changes) {
    if (change.registered?.length && change.status !== 'remove') registrations[change.path] = change.registered;
    // A companion stays recorded while it is as ralph-hooks wrote it; once the user edits it, it is theirs.
    if (change.companion && change.content !== undefined && change.status !== 'remove'
      && (change.status === 'create' || (change.current !== undefined && sha256(change.current) === previousCompanions[change.path]))) {
      companions[change.path] = sha256(change.content);
    }
    if (!change.tracked) continue;
    if (change.status === 'remove' || (change.status === 'unchanged' && change.content === undefined)) continue;
    if (change.status === 'adopt') {
      files[change.path] = sha256(change.content!);
      adopted[change.path] = sha256(change.current!);
      // The rendering the edit was made from; a file ralph-hooks never wrote has none to compare.
      if (previous[change.path]) adoptedFrom[change.path] = previous[change.path];
      continue;
    }
    if (change.status === 'unchanged' && change.adopted) {
      files[change.path] = sha256(change.content!);
      keepAdoption(change.path);
      continue;
    }
    if (change.status === 'keep' || change.status === 'conflict') {
      if (change.content !== undefined && previous[change.path]) files[change.path] = previous[change.path];
      if (change.adopted) keepAdoption(change.path);
      continue;
    }
    files[change.path] = sha256(change.content!);
    if (change.rendered !== undefined) rendered[change.path] = change.rendered;
  }
  const formatter = plan.formatting?.active.length ? plan.formatting.fingerprint : undefined;
  return {
    generator: `ralph-hooks@${packageVersion()}`,
    files: sortKeys(files),
    ...(Object.keys(adopted).length ? { adopted: sortKeys(adopted) } : {}),
    ...(Object.keys(adoptedFrom).length ? { adoptedFrom: sortKeys(adoptedFrom) } : {}),
    // Always written, empty or not: its presence says ownership is recorded, not to be guessed.
    registrations: Object.fromEntries(Object.entries(registrations).sort(([a], [b]) => a.localeCompare(b))),
    ...(Object.keys(companions).length ? { companions: sortKeys(companions) } : {}),
    ...(packageJson ? { packageJson: recordInOrder(packageJson) } : {}),
    ...(formatter !== undefined ? { rendered: sortKeys(rendered), formatter } : {}),
  };
}

/** The record with what package.json was first, then what ralph-hooks added (names sorted). */
function recordInOrder(record: PackageJsonRecord): PackageJsonRecord {
  const { devDependencies, scripts, ...before } = record;
  const { before: text, created, lockfilesBefore, nodeModulesBefore } = before;
  return {
    ...(text !== undefined ? { before: text } : {}),
    ...(created !== undefined ? { created } : {}),
    ...(lockfilesBefore !== undefined ? { lockfilesBefore } : {}),
    ...(nodeModulesBefore !== undefined ? { nodeModulesBefore } : {}),
    devDependencies: [...devDependencies].sort(),
    scripts: Object.fromEntries(Object.entries(scripts).sort(([a], [b]) => a.localeCompare(b))),
  };
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

export function manifestChange(plan: Plan): FileChange {
  let content = formatJson(nextManifest(plan));
  const current = readIfExists(join(plan.root, MANIFEST_FILE), plan.root);
  // The generator version alone is no reason to touch the file, nor its layout (a formatter's).
  const same = current !== undefined && isDeepStrictEqual({ ...JSON.parse(current), generator: '' }, { ...JSON.parse(content), generator: '' });
  // Written as the project's formatter would leave it; only when it is written (a second, small batch).
  if (!same && plan.formatting?.active.length) content = plan.formatting.format([{ path: MANIFEST_FILE, text: content }])[0]!;
  return { path: MANIFEST_FILE, status: current === undefined ? 'create' : same ? 'unchanged' : 'update', content, current, executable: false, tracked: false };
}
export { PLUGIN_MANIFEST } from '../targets/claude-plugin.js';
