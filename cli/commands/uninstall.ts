/**
 * `ralph-hooks uninstall`: the terminal side of undoing what ralph-hooks wrote. What goes, what
 * changes and what is left to the user is decided in src/uninstall/plan.ts (and written by
 * src/uninstall/apply.ts, once the whole plan is known); this file parses the flags, prints the
 * plan (or its diffs, or JSON), asks, and prints what was done.
 */
import { diffOf } from '../../src/generate/apply.js';
import { CONFIG_FILE } from '../../src/config/schema.js';
import { CliError, Interrupted } from '../../src/util/errors.js';
import { useProject } from '../../src/package-managers/project.js';
import { planUninstall, updateDependenciesCommand } from '../../src/uninstall/plan.js';
import { applyUninstall } from '../../src/uninstall/apply.js';
import { changesAsJson, summarize } from '../report.js';
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

To turn off only the guard (init adds it by default) and keep the other hooks:
ralph-hooks remove guard (or ralph-hooks init --guard none).

Options:
  -y, --yes     do it without asking (required when not on a terminal)
  --dry-run     list what would go, diff what would change, and what would be left to you; write nothing
  --dir <path>  project folder (default: found upward from here)
  --quiet       print only errors
  --json        print the files and their status, what is left to you and the last command, as JSON
  -h, --help    this text`;

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
  applyUninstall(root, plan);
  if (!values.quiet) console.log(report(false));
  return 0;
}
