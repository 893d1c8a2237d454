/**
 * File planning: what `generate` would do to each file, decided before anything is
 * written. A plan is applied whole or not at all, so the config, the manifest and the
 * files on disk never end up out of step.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TARGETS, type RalphHooksConfig } from './config/schema.js';
import { renderHooks } from './hooks.js';
import { formatJson } from './json-text.js';
import { MANIFEST_FILE, readManifest, sha256, type Manifest } from './manifest.js';
import { CliError } from './errors.js';
import { packageVersion } from './package-info.js';
import { classifyMerged, planMergedJson, readIfExists } from './registration/merged-file.js';
import { formatLike, mergePackageJson } from './registration/package-json.js';
import { hookTestScript } from './extras.js';
import { registerInSettings } from './targets/claude-project.js';
import type { Target } from './targets/types.js';
import { isDeepStrictEqual } from 'node:util';

/**
 * create / update / unchanged: as named. conflict: the file was edited by hand (or was
 * never ours) and the new rendering differs. remove: a hook left the config and its
 * untouched file goes with it. keep: an edited file left as the user has it.
 */
export type ChangeStatus = 'create' | 'update' | 'unchanged' | 'conflict' | 'remove' | 'keep' | 'adopt';

export interface FileChange {
  path: string;
  status: ChangeStatus;
  /** What the file should contain (absent for remove). */
  content?: string;
  /** What it contains now (absent when missing). */
  current?: string;
  executable: boolean;
  /** Generated files are hash-tracked in the manifest; merged files (settings, config) are not. */
  tracked: boolean;
  /** For conflicts and kept files: why. */
  note?: string;
  /** The file holds an edit the user adopted (left as it is unless they --force). */
  adopted?: boolean;
}

export interface Plan {
  root: string;
  changes: FileChange[];
  previousManifest?: Manifest;
  /** Things generate noticed and left alone (a manifest entry outside the project, say). */
  warnings?: string[];
}

export interface PlanOptions {
  /** Also write the config file with this text (init). */
  configText?: string;
}

export function planGeneration(root: string, config: RalphHooksConfig, options: PlanOptions = {}): Plan {
  const { files, commands } = renderHooks(config);
  checkCollisions(files);
  const warnings: string[] = [];
  const previousManifest = readManifest(root, warnings);
  const recorded = previousManifest?.files ?? {};
  const changes: FileChange[] = [];

  const adopted = previousManifest?.adopted ?? {};
  for (const file of files) {
    changes.push(classifyGenerated(root, file.path, file.content, file.executable, recorded[file.path], adopted[file.path]));
  }
  const wanted = new Set(files.map((f) => f.path));
  for (const [path, hash] of Object.entries(recorded)) {
    if (!wanted.has(path)) changes.push(classifyStale(root, path, hash));
  }

  const target = TARGETS[config.target];
  const ownedScripts = [...Object.keys(recorded), ...files.map((f) => f.path)];
  changes.push(...target.register(root, commands, ownedScripts));
  changes.push(...deregisterElsewhere(root, changes, ownedScripts));
  if (config.extras.packageJson) changes.push(planPackageJson(root, config));
  if (options.configText !== undefined) changes.push(classifyMerged(root, 'ralph-hooks.config.json', options.configText));
  return { root, changes, previousManifest, warnings };
}

/**
 * Registrations follow the target: after a change of target (or in a file another agent also
 * reads), the handlers of scripts ralph-hooks wrote leave every other hook file they are in, so
 * no client runs a script that is gone, or runs one twice. The user's own handlers stay, and a
 * file with nothing of ours is left byte for byte.
 */
function deregisterElsewhere(root: string, planned: FileChange[], ownedScripts: string[]): FileChange[] {
  const done = new Set(planned.map((change) => change.path));
  const changes: FileChange[] = [];
  for (const other of Object.values(TARGETS) as Target[]) {
    if (other.registration !== 'claude-settings' || done.has(other.registrationFile)) continue;
    done.add(other.registrationFile);
    if (!existsSync(join(root, other.registrationFile))) continue;
    changes.push(...registerInSettings(other.registrationFile, other.commandRoot)(root, [], ownedScripts).filter((change) => change.status !== 'unchanged'));
  }
  return changes;
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

/** Versions written into a user's package.json next to ralph-hooks itself. */
export const DEV_DEPENDENCY_RANGES = { vitest: '^4.1.12', bats: '^1.13.0', '@anthropic-ai/claude-code': '^2.1.295' } as const;

/** package.json (extras.packageJson): merged like settings.json, byte for byte untouched when nothing is missing. */
function planPackageJson(root: string, config: RalphHooksConfig): FileChange {
  const devDependencies: Record<string, string> = { 'ralph-hooks': `^${packageVersion()}` };
  if (config.extras.vitest) devDependencies.vitest = DEV_DEPENDENCY_RANGES.vitest;
  if (config.extras.bats) devDependencies.bats = DEV_DEPENDENCY_RANGES.bats;
  if (config.extras.scenarios) devDependencies['@anthropic-ai/claude-code'] = DEV_DEPENDENCY_RANGES['@anthropic-ai/claude-code'];
  const wants = { testHooksScript: hookTestScript(config.extras, config.hooks.length > 0), devDependencies };
  return planMergedJson(root, 'package.json', (parsed) => mergePackageJson(parsed, wants, { file: 'package.json', dir: root }), formatLike);
}

/**
 * The manifest after applying a plan: kept files keep their old hash, so they stay "edited";
 * an adopted file records the rendering it stands in for and the user's version.
 */
export function nextManifest(plan: Plan): Manifest {
  const files: Record<string, string> = {};
  const adopted: Record<string, string> = {};
  const previous = plan.previousManifest?.files ?? {};
  const previousAdopted = plan.previousManifest?.adopted ?? {};
  for (const change of plan.changes) {
    if (!change.tracked) continue;
    if (change.status === 'remove' || (change.status === 'unchanged' && change.content === undefined)) continue;
    if (change.status === 'adopt' || (change.status === 'unchanged' && change.adopted)) {
      files[change.path] = sha256(change.content!);
      adopted[change.path] = change.status === 'adopt' ? sha256(change.current!) : previousAdopted[change.path]!;
      continue;
    }
    if (change.status === 'keep' || change.status === 'conflict') {
      if (change.content !== undefined && previous[change.path]) files[change.path] = previous[change.path];
      if (change.adopted && previousAdopted[change.path]) adopted[change.path] = previousAdopted[change.path];
      continue;
    }
    files[change.path] = sha256(change.content!);
  }
  return { generator: `ralph-hooks@${packageVersion()}`, files: sortKeys(files), ...(Object.keys(adopted).length ? { adopted: sortKeys(adopted) } : {}) };
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

export function manifestChange(plan: Plan): FileChange {
  const content = formatJson(nextManifest(plan));
  const current = readIfExists(join(plan.root, MANIFEST_FILE), plan.root);
  // The generator version alone is no reason to touch the file.
  const same = current !== undefined && isDeepStrictEqual({ ...JSON.parse(current), generator: '' }, { ...JSON.parse(content), generator: '' });
  return { path: MANIFEST_FILE, status: current === undefined ? 'create' : same ? 'unchanged' : 'update', content, current, executable: false, tracked: false };
}
export { PLUGIN_MANIFEST } from './targets/claude-plugin.js';
