/** `ralph-hooks generate`: re-render every hook from ralph-hooks.config.json. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPlan, CONFLICT_POLICIES, diffOf, diskWriter, planWithManifest, resolveConflicts, type ConflictPolicy } from '../../src/generate/apply.js';
import { readConfig } from '../../src/config/load.js';
import { CONFIG_FILE, type RalphHooksConfig } from '../../src/config/schema.js';
import { CliError } from '../../src/util/errors.js';
import { JsonSyntaxError } from '../../src/util/json-text.js';
import { notInstalled } from '../../src/formatters/index.js';
import { formatterMissing, planGeneration, type Plan } from '../../src/generate/plan.js';
import { useProject } from '../../src/package-managers/project.js';
import { findProjectRoot } from '../project-root.js';
import { askAboutConflict } from '../prompt-conflict.js';
import { changesAsJson, summarize } from '../report.js';
import { configWarnings, formatWarnings } from '../../src/diagnose/warnings.js';
import { parseCommandArgs, USAGE_EXIT } from './args.js';

const HELP = `Usage: ralph-hooks generate [options]

Re-renders every hook from ${CONFIG_FILE}. Files you have not touched are updated;
a file you edited by hand is a conflict, settled by --on-conflict.

Options:
  --on-conflict <ask|keep|adopt|overwrite|fail>
                                           for files you edited by hand. keep: leave them this time;
                                           adopt: make your version the recorded one (generate, doctor
                                           and CI accept it until --force); default: ask on a
                                           terminal, fail otherwise (exit 2)
  --force                                  same as --on-conflict=overwrite; also restores adopted files
  --dry-run                                print the diff of every change; write nothing
  --dir <path>                             project folder (default: found upward from here)
  --quiet                                  print only errors
  --json                                   print the list of files and their status as JSON
  -h, --help                               this text`;

export function parseConflictOptions(values: { 'on-conflict'?: string; force?: boolean }): ConflictPolicy {
  if (values.force) return 'overwrite';
  const policy = values['on-conflict'] ?? (process.stdin.isTTY && process.stdout.isTTY ? 'ask' : 'fail');
  if (!(CONFLICT_POLICIES as readonly string[]).includes(policy)) {
    throw new CliError(`--on-conflict: got '${policy}'; allowed: ${CONFLICT_POLICIES.join(', ')}.`, USAGE_EXIT);
  }
  return policy as ConflictPolicy;
}

export interface ApplyFlags {
  policy: ConflictPolicy;
  dryRun: boolean;
  quiet: boolean;
  json: boolean;
}

/** Settle conflicts, then write (or, with --dry-run, print the diffs). Shared with `add`, `remove`, `init`. */
export async function settleAndWrite(plan: Plan, flags: ApplyFlags, config?: RalphHooksConfig): Promise<number> {
  for (const warning of plan.warnings ?? []) console.error(`warning: ${warning}`);
  refuseUnformatted(plan, flags);
  const warnings = config ? configWarnings(config) : [];
  if (warnings.length && !flags.quiet) console.error(formatWarnings(warnings));
  if (flags.dryRun) {
    // A policy that needs no answer shows what it would do: --dry-run --force diffs what --force restores.
    const shown = flags.policy === 'overwrite' || flags.policy === 'keep' || flags.policy === 'adopt' ? await resolveConflicts(plan, flags.policy) : plan;
    const changes = planWithManifest(shown);
    for (const change of changes) {
      if (change.status !== 'unchanged' && change.status !== 'keep') process.stdout.write(diffOf(change));
    }
    if (!flags.quiet) console.log(flags.json ? changesAsJson(changes) : summarize(changes, { dryRun: true }));
    return 0;
  }
  const settled = await resolveConflicts(plan, flags.policy, askAboutConflict);
  const changes = applyPlan(settled, diskWriter(plan.root));
  if (!flags.quiet) console.log(flags.json ? changesAsJson(changes) : summarize(changes));
  return 0;
}

/** A formatter the project is set up for but has not installed (a fresh clone): nothing is written, in one line. */
function refuseUnformatted(plan: Plan, flags: ApplyFlags): void {
  const missing = plan.formatting?.missing ?? [];
  if (flags.dryRun && missing.length) {
    const { message, fix } = notInstalled(missing);
    console.error(`warning: ${message} ${fix}`);
    return;
  }
  const refusal = formatterMissing(plan);
  if (refusal) throw new CliError(refusal);
}

/** The options every command that writes files takes (generate, add). */
export const WRITE_OPTIONS = {
  'on-conflict': { type: 'string' },
  force: { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  dir: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type WriteValues = { 'on-conflict'?: string; force: boolean; 'dry-run': boolean; quiet: boolean; json: boolean };

export function applyFlags(values: WriteValues): ApplyFlags {
  return { policy: parseConflictOptions(values), dryRun: values['dry-run'], quiet: values.quiet, json: values.json };
}

/** The project whose config a command edits or renders: found upward, or a clear error. */
export function requireConfigRoot(dir: string | undefined): string {
  const { root, foundBy } = findProjectRoot(dir ?? process.cwd());
  const { pm } = useProject(root);
  if (foundBy !== 'config') throw new CliError(`no ${CONFIG_FILE} in ${dir ?? process.cwd()} or any folder above it. Create one with \`${pm.create}\`.`);
  return root;
}

/** What generate and upgrade both start with: their flags, the project, its config and the plan; undefined after --help. */
export function planFromArgs(command: 'generate' | 'upgrade', argv: string[], help: string) {
  const { values } = parseCommandArgs(command, argv, WRITE_OPTIONS);
  if (values.help) {
    console.log(help);
    return undefined;
  }
  const flags = applyFlags(values);
  const root = requireConfigRoot(values.dir);
  const config = readConfig(root);
  return { flags, root, config, plan: planOrExplain(() => planGeneration(root, config)) };
}

export async function run(argv: string[]): Promise<number> {
  const planned = planFromArgs('generate', argv, HELP);
  if (!planned) return 0;
  const { flags, root, config, plan } = planned;
  const dropped = droppedExtras(root, plan);
  if (dropped && !flags.quiet) console.error(dropped);
  return settleAndWrite(plan, flags, config);
}

/**
 * A config without "extras" (pasted from an example, written by hand) turns every extra off:
 * say so when that removes the tests, cases or workflow init added, and how to keep them.
 */
export function droppedExtras(root: string, plan: Plan): string | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(root, CONFIG_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if ((raw as { extras?: unknown }).extras !== undefined) return undefined;
  const removed = plan.changes.filter((c) => c.status === 'remove' && /^(test\/hooks\/|test\/hook-cases\/|\.github\/workflows\/)/.test(c.path));
  if (removed.length === 0) return undefined;
  return [
    `warning: ${CONFIG_FILE} has no "extras", so every extra is off: ${removed.length} generated test, case and workflow file(s) are removed.`,
    `  To keep them, add back the "extras" init wrote, e.g. "extras": { "vitest": true, "bats": true, "cases": true, "workflow": true, "packageJson": true }.`,
    '  (--dry-run shows what generate would do without writing.)',
  ].join('\n');
}

/** Planning reads user files; a JSON syntax error there becomes a message, not a stack. */
export function planOrExplain(plan: () => Plan): Plan {
  try {
    return plan();
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new CliError(`${error.message}\nFix the file (or move it aside); ralph-hooks left it untouched.`);
    throw error;
  }
}
