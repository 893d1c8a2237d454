/**
 * Uninstall's package.json step: package.json back as it was before init, by the manifest's
 * record, and the lockfiles and node_modules/ the install step created when nothing else needs
 * them. It decides and writes nothing; src/uninstall/plan.ts gathers it into the whole plan.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { RalphHooksConfig } from '../config/schema.js';
import { recordsEntries, type Manifest } from '../generate/manifest.js';
import { LOCKFILE_SNAPSHOTS_DIR, recordedBefore, type FileChange } from '../generate/plan.js';
import { readIfExists } from '../registration/merged-file.js';
import { formatLike, LOCKFILES, OUR_TEST_SCRIPT, withoutOurs } from '../registration/package-json.js';
import { isJsonObject, parseJsonText } from '../util/json-text.js';

export interface PackageJsonUninstall {
  changes: FileChange[];
  folders: string[];
  notes: string[];
  install: boolean;
}

/** Is there anything at `path` (a dangling symlink counts)? What it is, without following a symlink. */
function kindOf(path: string): 'file' | 'folder' | 'other' | undefined {
  try {
    const stat = lstatSync(path);
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : 'other';
  } catch {
    return undefined;
  }
}

/**
 * package.json back as it was before init, by the manifest's record: what ralph-hooks added comes
 * out; a package.json it created goes when nothing of the user's is in it, one that was there
 * gets back its recorded text when the rest is as it was. Then the lockfiles and node_modules/
 * that were not there before init go too: they hold only what the install step put there.
 */
export function planPackageJson(root: string, manifest: Manifest | undefined, config: RalphHooksConfig): PackageJsonUninstall {
  const record = manifest?.packageJson;
  if (record === undefined) return unrecordedPackageJson(root, config, manifest !== undefined);
  const out: PackageJsonUninstall = { changes: [], folders: [], notes: [], install: false };
  if (!recordsEntries(record)) return out;
  const text = readIfExists(join(root, 'package.json'), 'package.json');
  const base = { path: 'package.json', current: text, executable: false, tracked: false };
  // As before init: gone when ralph-hooks created it, the recorded text when it was there.
  let restored = text === undefined && record.before === null;
  let updated = false;
  if (text !== undefined) {
    const parsed = parseJsonText(text, 'package.json');
    if (!isJsonObject(parsed)) {
      out.notes.push("package.json is not a JSON object, so ralph-hooks' scripts and devDependencies were left in it; take them out yourself.");
      return out;
    }
    const before = recordedBefore(record);
    const { result, userScripts } = withoutOurs(parsed, record, before);
    for (const name of userScripts) out.notes.push(`package.json: the script "${name}" was changed since ralph-hooks wrote it, so it stays. Delete it if you no longer want it.`);
    if (record.before === null && record.created !== undefined && isDeepStrictEqual(result, record.created)) {
      out.changes.push({ ...base, status: 'remove', note: 'ralph-hooks created it, and nothing of yours is in it' });
      restored = true;
    } else if (typeof record.before === 'string' && before !== undefined && isDeepStrictEqual(result, before)) {
      // The recorded text, byte for byte: a reformatting since init (prettier, npm) does not matter.
      if (text !== record.before) out.changes.push({ ...base, status: 'update', content: record.before, note: 'back to its text from before init' });
      restored = true;
      updated = text !== record.before;
    } else if (!isDeepStrictEqual(parsed, result)) {
      out.changes.push({ ...base, status: 'update', content: formatLike(text, result), note: "ralph-hooks' scripts and devDependencies taken out" });
      updated = true;
    }
    if (record.before === null && !restored) {
      out.notes.push(`package.json stays: ralph-hooks created it, but it now holds things of yours (${listed(yourEntries(result, record.created ?? {}))}); only ralph-hooks' scripts and devDependencies come out of it.`);
    }
  }

  const removedLockfiles = new Set<string>();
  if (restored && record.lockfilesBefore !== undefined && record.nodeModulesBefore !== undefined) {
    for (const name of LOCKFILES) {
      if (record.lockfilesBefore.includes(name) || kindOf(join(root, name)) !== 'file') continue;
      out.changes.push({ path: name, status: 'remove', executable: false, tracked: false, note: 'not there before init: it lists only what the install step added' });
      removedLockfiles.add(name);
    }
    const nodeModules = kindOf(join(root, 'node_modules'));
    if (!record.nodeModulesBefore && nodeModules === 'folder') {
      out.changes.push({ path: 'node_modules/', status: 'remove', executable: false, tracked: false, note: 'not there before init: it holds what the install step put there' });
      out.folders.push('node_modules');
    } else if (!record.nodeModulesBefore && nodeModules !== undefined) {
      out.notes.push('node_modules was not there before init, but it is not a plain folder now (a symbolic link?), so it stays. Delete it if it is not yours.');
    } else if (record.nodeModulesBefore && nodeModules !== undefined && record.before === null && text !== undefined) {
      // package.json goes; node_modules was somebody else's before init.
      out.notes.push(`node_modules/ was there before init, so it stays; it may still hold what the install step added (${listed(record.devDependencies)}).`);
    }
  }
  // A lockfile that was there: its text from before init, when package.json is back to its own.
  if (restored && typeof record.before === 'string') {
    for (const name of record.lockfilesBefore ?? []) {
      const snapshot = readIfExists(join(root, LOCKFILE_SNAPSHOTS_DIR, name), name);
      const current = readIfExists(join(root, name), name);
      if (snapshot === undefined || current === undefined || snapshot === current) continue;
      out.changes.push({ path: name, status: 'update', current, content: snapshot, executable: false, tracked: false, note: 'back to its text from before init' });
      updated = true;
    }
  }
  const lockfileLeft = LOCKFILES.some((name) => !removedLockfiles.has(name) && kindOf(join(root, name)) !== undefined);
  const nodeModulesLeft = !out.folders.includes('node_modules') && kindOf(join(root, 'node_modules')) !== undefined;
  out.install = updated && (lockfileLeft || nodeModulesLeft);
  return out;
}

/**
 * A manifest without the record (written by an older ralph-hooks): what uninstall always did.
 * test:hooks, the test script init wrote and ralph-hooks come out; vitest and bats stay, since
 * who added them cannot be told, and the output says so.
 */
function unrecordedPackageJson(root: string, config: RalphHooksConfig, fromManifest: boolean): PackageJsonUninstall {
  const out: PackageJsonUninstall = { changes: [], folders: [], notes: [], install: false };
  const pkgText = readIfExists(join(root, 'package.json'), 'package.json');
  if (pkgText === undefined || !config.extras.packageJson) return out;
  const pkg = parseJsonText(pkgText, 'package.json');
  if (!isJsonObject(pkg)) return out;
  const next = structuredClone(pkg) as Record<string, any>;
  if (isJsonObject(next.scripts)) {
    if (typeof next.scripts['test:hooks'] === 'string' && /ralph-hooks test|test\/hooks/.test(next.scripts['test:hooks'])) delete next.scripts['test:hooks'];
    // The test script init wrote goes with it (npm's failing placeholder is no better than none).
    if (typeof next.scripts.test === 'string' && OUR_TEST_SCRIPT.test(next.scripts.test)) delete next.scripts.test;
    if (Object.keys(next.scripts).length === 0 && Object.keys(pkg.scripts as object).length > 0) delete next.scripts;
  }
  if (isJsonObject(next.devDependencies)) delete next.devDependencies['ralph-hooks'];
  if (!isDeepStrictEqual(pkg, next)) {
    out.changes.push({ path: 'package.json', status: 'update', current: pkgText, content: formatLike(pkgText, next), executable: false, tracked: false });
    out.install = kindOf(join(root, 'node_modules')) !== undefined || LOCKFILES.some((name) => kindOf(join(root, name)) !== undefined);
  }
  const left = ['vitest', 'bats', '@anthropic-ai/claude-code'].filter((name) => isJsonObject(next.devDependencies) && next.devDependencies[name] !== undefined);
  if (left.length && fromManifest) {
    out.notes.push(`package.json: ${listed(left)} stay in devDependencies. This project was set up by an older ralph-hooks, which did not record whether it added them or you did. Delete them if nothing else of yours uses them.`);
  }
  return out;
}

/** The fields of `pkg` that are not as ralph-hooks created them: "dependencies.lodash", "description". */
function yourEntries(pkg: Record<string, unknown>, created: Record<string, unknown>): string[] {
  const entries: string[] = [];
  for (const [key, value] of Object.entries(pkg)) {
    const was = created[key];
    if (isDeepStrictEqual(value, was)) continue;
    if (isJsonObject(value) && (was === undefined || isJsonObject(was))) {
      for (const [inner, item] of Object.entries(value)) if (!isDeepStrictEqual(item, isJsonObject(was) ? was[inner] : undefined)) entries.push(`${key}.${inner}`);
      if (Object.keys(value).length === 0) entries.push(key);
    } else entries.push(key);
  }
  for (const key of Object.keys(created)) if (!(key in pkg)) entries.push(`${key} (removed)`);
  return entries;
}

/** "a", "a and b", "a, b and c"; past five, "… and N more". */
function listed(items: string[]): string {
  const shown = items.length > 5 ? [...items.slice(0, 4), `${items.length - 4} more`] : items;
  return shown.length < 2 ? shown.join('') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

