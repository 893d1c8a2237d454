/**
 * `ralph-hooks uninstall`: undo what ralph-hooks wrote. Generated files you did not edit are
 * removed, edited ones are kept and listed; our registrations come out of the settings (or
 * hooks.toml), our scripts and ralph-hooks itself out of package.json; the config, the manifest
 * and .ralph-hooks/ go. Nothing is written until the whole plan is known.
 */
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { assertInside, diffOf, diskWriter } from '../apply.js';
import { readConfig } from '../config/load.js';
import { CONFIG_FILE, TARGETS } from '../config/schema.js';
import { CliError, Interrupted } from '../errors.js';
import { formatJson, isJsonObject, parseJsonText } from '../json-text.js';
import { MANIFEST_FILE, readManifest, resolveInside, sha256 } from '../manifest.js';
import type { FileChange } from '../plan.js';
import { deregisterFile, registrationFilesOf, removeCompanions } from '../registration/deregister.js';
import type { Ownership } from '../registration/ownership.js';
import { projectPackageManager } from '../package-managers/project.js';
import { formatLike, OUR_TEST_SCRIPT } from '../registration/package-json.js';
import { changesAsJson, summarize } from '../report.js';
import { readIfExists } from '../registration/merged-file.js';
import { parseCommandArgs, UsageError } from './args.js';
import { requireConfigRoot } from './generate.js';

const HELP = `Usage: ralph-hooks uninstall [options]

Removes what ralph-hooks wrote into this project:
  - every generated file you have not edited (scripts, tests, starter cases, workflow);
    a file you edited is kept and listed
  - its entries in every hook file it registered in (.claude/settings.json, hooks/hooks.json,
    .forgeflare/hooks.toml, ...): your own entries stay, and a file goes only if nothing else
    is left in it; a plugin manifest it created goes too, unless you changed it
  - from package.json: the test:hooks script (and "test" when it only ran test:hooks) and
    the ralph-hooks devDependency (vitest and bats stay: other tests may use them)
  - ${CONFIG_FILE} and the .ralph-hooks/ folder (manifest, logs, state)
Then it prints the install command (npm install, pnpm install, ...) that brings node_modules
and the lockfile in step.

Options:
  -y, --yes     do it without asking (required when not on a terminal)
  --dry-run     list what would go, and diff what would change; write nothing
  --dir <path>  project folder (default: found upward from here)
  --quiet       print only errors
  --json        print the list of files and their status as JSON
  -h, --help    this text`;

/** What the hooks and their tests write at run time (logs, loop state, reports): it goes with them. */
const RUNTIME_FOLDERS = ['.ralph-hooks/logs', '.ralph-hooks/state', '.ralph-hooks/reports'];

/** Everything uninstall would do, as file changes (status remove / update / keep). */
export function planUninstall(root: string): FileChange[] {
  const manifest = readManifest(root);
  const config = readConfig(root);
  const changes: FileChange[] = [];
  const owned = Object.keys(manifest?.files ?? {});
  for (const [path, hash] of Object.entries(manifest?.files ?? {})) {
    const current = readIfExists(join(root, path), path);
    if (current === undefined) continue;
    const base = { path, current, executable: false, tracked: true };
    if (sha256(current) === hash) changes.push({ ...base, status: 'remove' });
    else changes.push({ ...base, status: 'keep', note: manifest?.adopted?.[path] === sha256(current) ? 'your adopted edit: left in place' : 'edited by hand: left in place' });
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

  const pkgText = readIfExists(join(root, 'package.json'), 'package.json');
  if (pkgText !== undefined && config.extras.packageJson) {
    const pkg = parseJsonText(pkgText, 'package.json');
    if (isJsonObject(pkg)) {
      const next = structuredClone(pkg) as Record<string, any>;
      if (isJsonObject(next.scripts)) {
        if (typeof next.scripts['test:hooks'] === 'string' && /ralph-hooks test|test\/hooks/.test(next.scripts['test:hooks'])) delete next.scripts['test:hooks'];
        // The test script init wrote goes with it (npm's failing placeholder is no better than none).
        if (typeof next.scripts.test === 'string' && OUR_TEST_SCRIPT.test(next.scripts.test)) delete next.scripts.test;
        if (Object.keys(next.scripts).length === 0 && Object.keys(pkg.scripts as object).length > 0) delete next.scripts;
      }
      if (isJsonObject(next.devDependencies)) delete next.devDependencies['ralph-hooks'];
      if (!isDeepStrictEqual(pkg, next)) changes.push({ path: 'package.json', status: 'update', current: pkgText, content: formatLike(pkgText, next), executable: false, tracked: false });
    }
  }

  const configText = readFileSync(join(root, CONFIG_FILE), 'utf8');
  changes.push({ path: CONFIG_FILE, status: 'remove', current: configText, executable: false, tracked: false });
  const manifestText = readIfExists(join(root, MANIFEST_FILE), MANIFEST_FILE);
  if (manifestText !== undefined) changes.push({ path: MANIFEST_FILE, status: 'remove', current: manifestText, executable: false, tracked: false });
  return changes;
}

/** What brings node_modules and the lockfile in step with package.json after the uninstall. */
function finalStep(): string {
  return projectPackageManager().pm.install;
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
  const changes = planUninstall(root);
  const report = () => (values.json ? changesAsJson(changes) : summarize(changes, { dryRun: values['dry-run'] }));
  if (values['dry-run']) {
    // Diffs for the files that stay and change (settings, package.json); a removed file is listed, not printed whole.
    for (const change of changes) if (change.status !== 'keep' && change.status !== 'remove') process.stdout.write(diffOf(change));
    if (!values.quiet) console.log(report());
    return 0;
  }
  if (!values.yes) {
    if (!(process.stdin.isTTY && process.stdout.isTTY)) throw new UsageError('uninstall removes files: pass --yes to confirm (or --dry-run to see the list).');
    console.log(summarize(changes, { dryRun: true }));
    if (!(await confirm('Remove these? [y/N] '))) throw new CliError('nothing was removed.', 1);
  }
  const writer = diskWriter(root);
  for (const change of changes) if (change.status === 'remove' || change.status === 'update') assertInside(root, change.path);
  for (const change of changes) {
    if (change.status === 'remove') writer.remove(change.path);
    else if (change.status === 'update') writer.write(change.path, change.content!, false);
  }
  // What the hooks wrote at run time (logs, loop state) goes with them.
  // Only inside the project: a symlinked .ralph-hooks is not followed.
  for (const folder of RUNTIME_FOLDERS) if (resolveInside(root, folder) !== undefined) rmSync(join(root, folder), { recursive: true, force: true });
  pruneEmptyFolders(root, [...changes.filter((c) => c.status === 'remove').map((c) => c.path), ...RUNTIME_FOLDERS.map((folder) => `${folder}/x`)]);
  if (!values.quiet) {
    console.log(report());
    const kept = changes.filter((c) => c.status === 'keep');
    if (kept.length && !values.json) console.log(`Kept ${kept.length} file(s) you edited; delete them yourself if you no longer want them.`);
    if (!values.json) console.log(`Then update node_modules and the lockfile: ${finalStep()}`);
  }
  return 0;
}
