/**
 * File planning: what `generate` would do to each file, decided before anything is
 * written. A plan is applied whole or not at all, so the config, the manifest and the
 * files on disk never end up out of step.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TARGETS, type RalphHooksConfig } from './config/schema.js';
import { renderHooks, type HookCommand } from './hooks.js';
import { formatJson, parseJsonText } from './json-text.js';
import { MANIFEST_FILE, readManifest, sha256, type Manifest } from './manifest.js';
import { packageVersion } from './package-info.js';
import { mergeHookSettings } from './registration/claude-settings.js';
import { mergeForgeflareHooks } from './registration/forgeflare-toml.js';
import { formatLike, mergePackageJson, packageNameFor } from './registration/package-json.js';
import { CliError } from './errors.js';
import { isJsonObject } from './json-text.js';
import { hookTestScript } from './extras.js';
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
}

export interface PlanOptions {
  /** Also write the config file with this text (init). */
  configText?: string;
}

export function planGeneration(root: string, config: RalphHooksConfig, options: PlanOptions = {}): Plan {
  const { files, commands } = renderHooks(config);
  const previousManifest = readManifest(root);
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
  changes.push(REGISTRARS[target.registration](root, target.registrationFile, commands, ownedScripts));
  if (config.target === 'claude-plugin') changes.push(planPluginManifest(root));
  if (config.extras.packageJson) changes.push(planPackageJson(root, config));
  if (options.configText !== undefined) changes.push(classifyMerged(root, 'ralph-hooks.config.json', options.configText));
  return { root, changes, previousManifest };
}

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

function isExecutable(path: string): boolean {
  return (statSync(path).mode & 0o111) !== 0;
}

function classifyGenerated(root: string, path: string, content: string, executable: boolean, recordedHash: string | undefined, adoptedHash?: string): FileChange {
  const absolute = join(root, path);
  const current = readIfExists(absolute);
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
  const current = readIfExists(join(root, path));
  const base = { path, current, executable: false, tracked: true };
  if (current === undefined) return { ...base, status: 'unchanged', note: 'no longer generated; already gone' };
  if (sha256(current) === recordedHash) return { ...base, status: 'remove', note: 'no longer in the config' };
  return { ...base, status: 'keep', note: 'no longer in the config, but edited by hand: left in place' };
}

function classifyMerged(root: string, path: string, content: string): FileChange {
  const current = readIfExists(join(root, path));
  const status = current === undefined ? 'create' : current === content ? 'unchanged' : 'update';
  return { path, status, content, current, executable: false, tracked: false };
}

type Registrar = (root: string, path: string, commands: HookCommand[], ownedScripts: string[]) => FileChange;

/** How each target's registration file is merged (TARGETS[…].registration). */
const REGISTRARS: Record<(typeof TARGETS)[keyof typeof TARGETS]['registration'], Registrar> = {
  'claude-settings': planRegistration,
  'forgeflare-toml': planTomlRegistration,
};

/** .forgeflare/hooks.toml: merged as text, so the user's entries keep their comments and layout. */
function planTomlRegistration(root: string, path: string, commands: HookCommand[], ownedScripts: string[]): FileChange {
  const current = readIfExists(join(root, path));
  return classifyMerged(root, path, mergeForgeflareHooks(current, commands, ownedScripts, path));
}

function planRegistration(root: string, path: string, commands: HookCommand[], ownedScripts: string[]): FileChange {
  return planMergedJson(root, path, (parsed) => mergeHookSettings(parsed, commands, ownedScripts, path), (_current, merged) => formatJson(merged));
}

/**
 * A JSON file that belongs to the user and gets our entries merged in: parsed (errors carry
 * line and column), merged, and left byte for byte when the merge changes nothing.
 */
function planMergedJson(
  root: string,
  path: string,
  merge: (parsed: unknown) => Record<string, unknown>,
  format: (current: string | undefined, merged: Record<string, unknown>) => string,
): FileChange {
  const current = readIfExists(join(root, path));
  const parsed = current === undefined ? undefined : parseJsonText(current, path);
  const merged = merge(parsed);
  if (parsed !== undefined && isDeepStrictEqual(parsed, merged)) {
    return { path, status: 'unchanged', content: current, current, executable: false, tracked: false };
  }
  return classifyMerged(root, path, format(current, merged));
}

/** A Claude Code plugin's manifest. */
export const PLUGIN_MANIFEST = '.claude-plugin/plugin.json';

/**
 * .claude-plugin/plugin.json (target claude-plugin): Claude Code loads a plugin only with it.
 * Created with a name (from package.json, else the folder), merged when it exists: only a
 * missing "name" is added, every other key is the user's.
 */
function planPluginManifest(root: string): FileChange {
  return planMergedJson(
    root,
    PLUGIN_MANIFEST,
    (parsed) => {
      if (parsed !== undefined && !isJsonObject(parsed)) throw new CliError(`${PLUGIN_MANIFEST}: the top level must be a JSON object; ralph-hooks left the file untouched.`);
      const current = (parsed ?? {}) as Record<string, unknown>;
      if (typeof current.name === 'string' && current.name !== '') return current;
      const fresh = parsed === undefined ? { version: '0.1.0', description: 'Hooks generated by ralph-hooks' } : {};
      return { name: pluginNameFor(root), ...fresh, ...current };
    },
    (_current, merged) => formatJson(merged),
  );
}

function pluginNameFor(root: string): string {
  const pkg = readIfExists(join(root, 'package.json'));
  try {
    const name = pkg === undefined ? undefined : (JSON.parse(pkg) as { name?: unknown }).name;
    if (typeof name === 'string' && name) return name.replace(/^@[^/]+\//, '');
  } catch {
    // not JSON: the folder's name will do
  }
  return packageNameFor(root);
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
  const current = readIfExists(join(plan.root, MANIFEST_FILE));
  // The generator version alone is no reason to touch the file.
  const same = current !== undefined && isDeepStrictEqual({ ...JSON.parse(current), generator: '' }, { ...JSON.parse(content), generator: '' });
  return { path: MANIFEST_FILE, status: current === undefined ? 'create' : same ? 'unchanged' : 'update', content, current, executable: false, tracked: false };
}
