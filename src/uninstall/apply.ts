/**
 * Carrying out an uninstall plan (src/uninstall/plan.ts), in its order: every path checked to be
 * inside the project before anything is written; the files removed or updated; what the hooks
 * wrote at run time; the folders the removals left empty; node_modules/ last.
 */
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assertInside, diskWriter } from '../generate/apply.js';
import { resolveInside } from '../generate/manifest.js';
import { LOCKFILE_SNAPSHOTS_DIR } from '../generate/plan.js';
import { shellWord, type UninstallPlan } from './plan.js';

/** What the hooks and their tests write at run time (logs, loop state, reports): it goes with them. */
export const RUNTIME_FOLDERS = ['.ralph-hooks/logs', '.ralph-hooks/state', '.ralph-hooks/reports', LOCKFILE_SNAPSHOTS_DIR];

/** Remove the folders our removals left empty (never the project root). */
function pruneEmptyFolders(root: string, paths: string[]): void {
  const folders = new Set<string>();
  for (const path of paths) for (let dir = dirname(path); dir !== '.' && dir !== ''; dir = dirname(dir)) folders.add(dir);
  for (const dir of [...folders].sort((a, b) => b.length - a.length)) {
    const absolute = join(root, dir);
    if (resolveInside(root, `${dir}/x`) === undefined) continue;
    if (existsSync(absolute) && readdirSync(absolute).length === 0) rmdirSync(absolute);
  }
}

/**
 * Write the plan. A folder that cannot be removed (node_modules in use) adds a note to
 * `plan.notes` with the command to remove it by hand; anything else that fails throws.
 */
export function applyUninstall(root: string, plan: UninstallPlan): void {
  const writer = diskWriter(root);
  const folderChanges = new Set(plan.folders.map((folder) => `${folder}/`));
  const files = plan.changes.filter((change) => !folderChanges.has(change.path));
  for (const change of files) if (change.status === 'remove' || change.status === 'update') assertInside(root, change.path);
  for (const folder of plan.folders) assertInside(root, folder);
  for (const change of files) {
    if (change.status === 'remove') writer.remove(change.path);
    else if (change.status === 'update') writer.write(change.path, change.content!, false);
  }
  // What the hooks wrote at run time (logs, loop state) goes with them.
  // Only inside the project: a symlinked .ralph-hooks is not followed.
  for (const folder of RUNTIME_FOLDERS) if (resolveInside(root, folder) !== undefined) rmSync(join(root, folder), { recursive: true, force: true });
  pruneEmptyFolders(root, [...files.filter((c) => c.status === 'remove').map((c) => c.path), ...RUNTIME_FOLDERS.map((folder) => `${folder}/x`)]);
  // node_modules last: this very command may be running from it (everything it still needs is loaded).
  for (const folder of plan.folders) {
    try {
      rmSync(join(root, folder), { recursive: true, force: true });
    } catch (error) {
      plan.notes.push(`${folder}/ could not be removed (${(error as Error).message}). Delete it yourself: rm -rf ${shellWord(folder)}`);
    }
  }
}
