/**
 * Taking our handlers out of a registration file we no longer register in: after a change of
 * target, and at uninstall. The user's handlers and keys stay; a file left with nothing of
 * theirs goes, and so do the files a target created beside it (a plugin's manifest) when they
 * are still as ralph-hooks wrote them.
 */
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { formatJson, isJsonObject, parseJsonText } from '../util/json-text.js';
import { sha256, type Manifest } from './manifest.js';
import type { FileChange } from './plan.js';
import { TARGETS } from '../targets/index.js';
import type { Target } from '../targets/types.js';
import { mergeHookSettings } from '../registration/claude-settings.js';
import { mergeForgeflareHooks } from '../registration/forgeflare-toml.js';
import { readIfExists } from '../registration/merged-file.js';
import type { Ownership } from '../registration/ownership.js';

/** Keys ralph-hooks adds to a registration file for the agent's sake, not the user's. */
const SCAFFOLD_KEYS = new Set(['$version']);

/** Every registration file ralph-hooks may have handlers in: the recorded ones, else (an older manifest) every target's. */
export function registrationFilesOf(ownership: Ownership): string[] {
  if (ownership.recorded) return Object.keys(ownership.recorded);
  return [...new Set((Object.values(TARGETS) as Target[]).map((target) => target.registrationFile))];
}

/** The change that takes our handlers out of `file` (unchanged when it has none, or is missing). */
export function deregisterFile(root: string, file: string, ownership: Ownership): FileChange | undefined {
  const target = (Object.values(TARGETS) as Target[]).find((t) => t.registrationFile === file);
  const current = readIfExists(join(root, file), file);
  if (!target || current === undefined) return undefined;
  const base = { path: file, current, executable: false, tracked: false, registered: [] };
  if (target.registration === 'forgeflare-toml') {
    const merged = mergeForgeflareHooks(current, [], ownership, file, target.commandRoot);
    // `hooks = []` is what an emptied file holds for forgeflare's sake, not the user's.
    const meaningful = merged.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('#') && line.trim() !== 'hooks = []');
    if (merged === current) return { ...base, status: 'unchanged', content: current };
    if (!meaningful) return { ...base, status: 'remove', note: 'only our hooks were in it' };
    return { ...base, status: 'update', content: merged };
  }
  const parsed = parseJsonText(current, file);
  const merged = mergeHookSettings(parsed, [], ownership, file, target.commandRoot);
  if (isDeepStrictEqual(parsed, merged)) return { ...base, status: 'unchanged', content: current };
  // Our handlers were all the file had under "hooks": the empty object goes with them.
  if (isJsonObject(merged.hooks) && Object.keys(merged.hooks).length === 0) delete merged.hooks;
  const emptied = Object.keys(merged).every((key) => SCAFFOLD_KEYS.has(key));
  if (emptied) return { ...base, status: 'remove', note: 'only our hooks were in it' };
  return { ...base, status: 'update', content: formatJson(merged) };
}

/** Files a target created beside its registration (the manifest's `companions`), removed while still as written. */
export function removeCompanions(root: string, manifest: Manifest | undefined, keep: Set<string>): FileChange[] {
  const changes: FileChange[] = [];
  for (const [path, hash] of Object.entries(manifest?.companions ?? {})) {
    if (keep.has(path)) continue;
    const current = readIfExists(join(root, path), path);
    if (current === undefined || sha256(current) !== hash) continue;
    changes.push({ path, status: 'remove', current, executable: false, tracked: false, note: 'created by ralph-hooks, still as it wrote it; no longer needed' });
  }
  return changes;
}
