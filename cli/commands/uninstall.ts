/**
 * `ralph-hooks uninstall`: undo what ralph-hooks wrote. Generated files you did not edit are
 * removed, edited ones are kept and listed with what to do about them; our registrations come
 * out of the settings (or hooks.toml); package.json gets back what it was before init (from the
 * manifest's record of it), with the lockfiles and node_modules/ the install step created when
 * nothing else needs them; the config, the manifest and .ralph-hooks/ go. Nothing is written
 * until the whole plan is known.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { assertInside, diffOf, diskWriter } from '../../src/generate/apply.js';
import { readConfig } from '../../src/config/load.js';
import { CONFIG_FILE, type RalphHooksConfig } from '../../src/config/schema.js';
import { TARGETS } from '../../src/targets/index.js';
import { CliError, Interrupted } from '../../src/util/errors.js';
import { WORKFLOW_FILE } from '../../src/generate/extras.js';
import { isJsonObject, parseJsonText } from '../../src/util/json-text.js';
import { MANIFEST_FILE, readManifest, recordsEntries, resolveInside, sha256, type Manifest } from '../../src/generate/manifest.js';
import { recordedBefore, type FileChange } from '../../src/generate/plan.js';
import { deregisterFile, registrationFilesOf, removeCompanions } from '../../src/generate/deregister.js';
import type { Ownership } from '../../src/registration/ownership.js';
import { formatLike, LOCKFILES, OUR_TEST_SCRIPT, withoutOurs } from '../../src/registration/package-json.js';
import { pmCommand, useProject } from '../../src/package-managers/project.js';
import { projectFormatting } from '../../src/formatters/index.js';
import { LOCKFILE_SNAPSHOTS_DIR } from '../../src/generate/plan.js';
import { changesAsJson, summarize } from '../report.js';
import { readIfExists } from '../../src/registration/merged-file.js';
import { parseCommandArgs, UsageError } from './args.js';
import { requireConfigRoot } from './generate.js';

const HELP = `Usage: ralph-hooks uninstall [options]

Removes what ralph-hooks wrote into this project:
  - every generated file you have not edited (scripts, tests, starter cases, workflow);
    a file you edited or adopted is kept, and listed with what to do about it
  - its entries in every hook file it registered in (.claude/settings.json, hooks/hooks.json,
    .forgeflare/hooks.toml, ...): your own entries stay, and a file goes only if nothing else
    is left in it; a plugin manifest it created goes too, unless you changed it
  - package.json: the scripts and devDependencies ralph-hooks added (not the ones you had).
    A package.json ralph-hooks created goes, if nothing of yours is in it; one that was there
    before gets back its text from before init, if nothing else changed in it. Then the
    node_modules/ folder and the lockfiles that were not there before init go too.
    A project set up by an older ralph-hooks: only test:hooks, test and ralph-hooks come out
    (vitest and bats stay: it cannot tell who added them)
  - ${CONFIG_FILE} and the .ralph-hooks/ folder (manifest, logs, state, reports)
When node_modules or a lockfile still lists what was taken out, it prints the command that
updates them.

Options:
  -y, --yes     do it without asking (required when not on a terminal)
  --dry-run     list what would go, diff what would change, and what would be left to you; write nothing
  --dir <path>  project folder (default: found upward from here)
  --quiet       print only errors
  --json        print the files and their status, what is left to you and the last command, as JSON
  -h, --help    this text`;

/**
 * The command that brings node_modules and the lockfile in line with package.json once our
 * devDependencies are out of it: the one line uninstall prints last.
 */
export function updateDependenciesCommand(_root: string): string {
  return pmCommand({ kind: 'restore' });
}

/** What the hooks and their tests write at run time (logs, loop state, reports): it goes with them. */
const RUNTIME_FOLDERS = ['.ralph-hooks/logs', '.ralph-hooks/state', '.ralph-hooks/reports', LOCKFILE_SNAPSHOTS_DIR];

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
function shellWord(path: string): string {
  return /^[\w./@+-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

interface PackageJsonUninstall {
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
function planPackageJson(root: string, manifest: Manifest | undefined, config: RalphHooksConfig): PackageJsonUninstall {
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

/** A yes/no question; Ctrl-C (or the end of input) there is an interruption, exit 130, as in init and generate. */
async function confirm(question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const abort = new AbortController();
  rl.on('SIGINT', () => abort.abort());
  rl.on('close', () => abort.abort());
  try {
    return /^y(es)?$/i.test((await rl.question(question, { signal: abort.signal })).trim());
  } catch {
    process.stdout.write('\n');
    throw new Interrupted('interrupted; nothing was removed.');
  } finally {
    rl.close();
  }
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('uninstall', argv, {
    yes: { type: 'boolean', short: 'y', default: false },
    'dry-run': { type: 'boolean', default: false },
    dir: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const root = requireConfigRoot(values.dir);
  useProject(root);
  const plan = planUninstall(root);
  const { changes, notes } = plan;
  const then = plan.install ? updateDependenciesCommand(root) : undefined;
  const folderChanges = new Set(plan.folders.map((folder) => `${folder}/`));
  const report = (dryRun: boolean) => {
    if (values.json) return JSON.stringify({ ...JSON.parse(changesAsJson(changes)), ...(notes.length ? { notes } : {}), ...(then ? { then } : {}) }, null, 2);
    return [
      summarize(changes, { dryRun }),
      ...(notes.length ? ['', dryRun ? 'Would be left to you:' : 'Left to you:', ...notes.map((note) => `  - ${note}`)] : []),
      ...(then ? ['', `${dryRun ? 'Then you would update' : 'Then update'} node_modules and the lockfile: ${then}`] : []),
    ].join('\n');
  };
  if (values['dry-run']) {
    // Diffs for the files that stay and change (settings, package.json); a removed file is listed, not printed whole.
    for (const change of changes) if (change.status !== 'keep' && change.status !== 'remove') process.stdout.write(diffOf(change));
    if (!values.quiet) console.log(report(true));
    return 0;
  }
  if (!values.yes) {
    if (!(process.stdin.isTTY && process.stdout.isTTY)) throw new UsageError('uninstall removes files: pass --yes to confirm (or --dry-run to see the list).');
    console.log(report(true));
    if (!(await confirm('Remove these? [y/N] '))) throw new CliError('nothing was removed.', 1);
  }
  const writer = diskWriter(root);
  const files = changes.filter((change) => !folderChanges.has(change.path));
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
      notes.push(`${folder}/ could not be removed (${(error as Error).message}). Delete it yourself: rm -rf ${shellWord(folder)}`);
    }
  }
  if (!values.quiet) console.log(report(false));
  return 0;
}
