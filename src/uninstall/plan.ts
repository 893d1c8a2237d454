/**
 * Everything `ralph-hooks uninstall` would do, decided before anything is written: generated
 * files you did not edit are removed, edited ones are kept and listed with what to do about them;
 * our registrations come out of the settings (or hooks.toml); package.json gets back what it was
 * before init (src/uninstall/package-json.ts); the config and the manifest go. cli/commands/uninstall.ts
 * prints the plan, asks, and hands it to applyUninstall (src/uninstall/apply.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig } from '../config/load.js';
import { CONFIG_FILE } from '../config/schema.js';
import { projectFormatting } from '../formatters/index.js';
import { deregisterFile, registrationFilesOf, removeCompanions } from '../generate/deregister.js';
import { WORKFLOW_FILE } from '../generate/extras.js';
import { MANIFEST_FILE, readManifest, sha256 } from '../generate/manifest.js';
import type { FileChange } from '../generate/plan.js';
import { pmCommand } from '../package-managers/project.js';
import { readIfExists } from '../registration/merged-file.js';
import type { Ownership } from '../registration/ownership.js';
import { TARGETS } from '../targets/index.js';
import { planPackageJson } from './package-json.js';

/**
 * The command that brings node_modules and the lockfile in line with package.json once our
 * devDependencies are out of it: the one line uninstall prints last.
 */
export function updateDependenciesCommand(_root: string): string {
  return pmCommand({ kind: 'restore' });
}

/** Everything uninstall would do. */
export interface UninstallPlan {
  /** Files to remove or update, and files kept (status remove / update / keep); node_modules/ among them as a remove. */
  changes: FileChange[];
  /** Folders removed whole (node_modules when the install step created it). */
  folders: string[];
  /** What is left to the user, each with what to do about it. */
  notes: string[];
  /** node_modules or a lockfile still holds what was taken out of package.json: print the update command. */
  install: boolean;
}

/** Everything uninstall would do, decided before anything is written. */
export function planUninstall(root: string): UninstallPlan {
  const manifest = readManifest(root);
  const config = readConfig(root);
  const changes: FileChange[] = [];
  const owned = Object.keys(manifest?.files ?? {});
  for (const [path, hash] of Object.entries(manifest?.files ?? {})) {
    const current = readIfExists(join(root, path), path);
    if (current === undefined) continue;
    const base = { path, current, executable: false, tracked: true };
    if (sha256(current) === hash) changes.push({ ...base, status: 'remove' });
    else if (manifest?.adopted?.[path] === sha256(current)) changes.push({ ...base, status: 'keep', adopted: true, note: 'your adopted edit: left in place' });
    else changes.push({ ...base, status: 'keep', note: 'edited by hand: left in place' });
  }

  // Our handlers leave every registration file they are in (the current target's, and any other
  // the manifest records), and the files a target created beside its registration go with them.
  const target = TARGETS[config.target];
  const ownership: Ownership = { recorded: manifest?.registrations, scripts: owned };
  for (const file of new Set([target.registrationFile, ...registrationFilesOf(ownership)])) {
    const change = deregisterFile(root, file, ownership);
    if (change && change.status !== 'unchanged') changes.push(change);
  }
  changes.push(...removeCompanions(root, manifest, new Set()));
  // A companion the user changed is theirs now: it stays, and is listed.
  for (const path of Object.keys(manifest?.companions ?? {})) {
    if (changes.some((change) => change.path === path)) continue;
    const current = readIfExists(join(root, path), path);
    if (current !== undefined) changes.push({ path, status: 'keep', current, executable: false, tracked: false, note: 'created by ralph-hooks, changed since: left in place' });
  }

  formatUpdates(root, changes);

  const notes = changes.filter((change) => change.status === 'keep').map(keptNote);
  const packageJson = planPackageJson(root, manifest, config);
  changes.push(...packageJson.changes);
  notes.push(...packageJson.notes);

  const configText = readFileSync(join(root, CONFIG_FILE), 'utf8');
  changes.push({ path: CONFIG_FILE, status: 'remove', current: configText, executable: false, tracked: false });
  const manifestText = readIfExists(join(root, MANIFEST_FILE), MANIFEST_FILE);
  if (manifestText !== undefined) changes.push({ path: MANIFEST_FILE, status: 'remove', current: manifestText, executable: false, tracked: false });
  return { changes, folders: packageJson.folders, notes, install: packageJson.install };
}

/**
 * The hook files that stay (the user's settings, less our entries) are laid out by the project's
 * formatter, as generate writes them: a settings.json prettier had formatted comes back as it was.
 */
function formatUpdates(root: string, changes: FileChange[]): void {
  const updates = changes.filter((change) => change.status === 'update' && change.content !== undefined);
  const formatting = updates.length ? projectFormatting(root) : undefined;
  if (!formatting?.active.length) return;
  const texts = formatting.format(updates.map((change) => ({ path: change.path, text: change.content! })));
  updates.forEach((change, i) => {
    change.content = texts[i]!;
    if (change.content === change.current) change.status = 'unchanged';
  });
}

/** What to do about a file that stays. */
function keptNote(change: FileChange): string {
  const why = change.adopted ? 'your adopted edit' : change.tracked ? 'edited by hand' : 'created by ralph-hooks, changed since';
  const rm = `rm ${shellWord(change.path)}`;
  if (change.path === WORKFLOW_FILE) {
    return `${change.path} (${why}) stays, and GitHub Actions keeps running it on every push and pull request: without ${CONFIG_FILE} its ralph-hooks steps fail. Delete it if you no longer want it: ${rm}`;
  }
  return `${change.path} (${why}) stays. Delete it if you no longer want it: ${rm}`;
}

/** A path as one shell word (generated paths need no quotes; anything else gets single quotes). */
export function shellWord(path: string): string {
  return /^[\w./@+-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

