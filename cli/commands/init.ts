/**
 * `ralph-hooks init` (and `npm init ralph-hooks`): on a terminal, the Yeoman generator with its
 * questions; with --yes or without a terminal, nothing to ask, so the same flow runs without
 * loading the generator framework (generators/app/init-flow.ts).
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseJsonText } from '../../src/util/json-text.js';
import { fileURLToPath } from 'node:url';
import { InitFlow, isPromptAbort, type InitOptions } from '../../generators/app/init-flow.js';
import { EXTRA_CHOICES, parseCostCap, parseExtrasFlag, QUESTIONS, RUNTIME_QUESTION, validateAnswer } from '../../generators/app/questions.js';
import { CliError, Interrupted } from '../../src/util/errors.js';
import { parseCommandArgs, UsageError } from './args.js';
import { useProject } from '../../src/package-managers/project.js';
import { findProjectRoot } from '../project-root.js';
import { startKeyBuffer } from '../typeahead.js';
import { parseConflictOptions } from './generate.js';

const HELP = `Usage: ralph-hooks init [options]    (npm init ralph-hooks -- [options])

Scaffolds hooks into the project: ralph-hooks.config.json, the hook scripts, and their
registration. Asks on a terminal; --yes (or npm's own --yes) takes every default: the specum
stop-watcher and the guard with its default rules (--guard none leaves the guard out).

Options:
  -y, --yes                                take the default for every question
${QUESTIONS.map((q) => `  --${q.flag} <${q.choices.map((c) => c.value).join('|')}>`).join('\n')}
  --runtime <bash|node>                    the loop's runtime (with --stop-watcher loop; default: bash)
  --max-cost-usd <dollars|none>            stop the loop once it has cost this much (loop, specum,
                                           speckit; default: no cap; docs/reports.md)
  --extras <list|all|none>                 what to add beside the hooks (default: all), comma-separated:
${EXTRA_CHOICES.map((c) => `      ${c.flag.padEnd(14)}${c.label}`).join('\n')}
  --no-<extra>                             leave one out (--no-workflow, --no-package-json, ...)
  --dir <path>                             project folder (default: the config's or git root above here)
  --on-conflict <ask|keep|adopt|overwrite|fail>  for files you edited by hand (default: ask on a
                                           terminal, else fail; see ralph-hooks generate --help)
  --force                                  same as --on-conflict=overwrite
  --dry-run                                print the diff of every change; write nothing
  --quiet                                  print only errors
  --json                                   print the list of files and their status as JSON
  -h, --help                               this text

Re-running init on a project keeps its config: questions already answered there are not asked
again, and hooks init did not ask about (those \`add\` created) stay. Ctrl-C at a question ends
init with nothing written.`;

export async function run(argv: string[]): Promise<number> {
  const { values: parsed } = parseCommandArgs('init', argv, {
      yes: { type: 'boolean', short: 'y', default: false },
      dir: { type: 'string' },
      'on-conflict': { type: 'string' },
      force: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      extras: { type: 'string' },
      ...Object.fromEntries(QUESTIONS.map((q) => [q.flag, { type: 'string' as const }])),
      runtime: { type: 'string' },
      'max-cost-usd': { type: 'string' },
      ...Object.fromEntries(EXTRA_CHOICES.map((c) => [`no-${c.flag}`, { type: 'boolean' as const }])),
  });
  const values = parsed as Record<string, string | boolean | undefined>;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  // Check flag values before Yeoman starts, so a typo gets one clear line and no stack.
  for (const question of QUESTIONS) {
    const value = values[question.flag];
    const problem = typeof value === 'string' ? validateAnswer(question, value) : undefined;
    if (problem) throw new UsageError(problem);
  }
  if (typeof values.runtime === 'string') {
    const problem = validateAnswer(RUNTIME_QUESTION, values.runtime);
    if (problem) throw new UsageError(problem);
    if (values['stop-watcher'] !== undefined && values['stop-watcher'] !== 'loop') throw new UsageError(`--runtime: the runtime is the loop's; it goes with --stop-watcher loop, not '${values['stop-watcher']}'.`);
  }
  if (typeof values['max-cost-usd'] === 'string') {
    const problem = parseCostCap(values['max-cost-usd']);
    if (typeof problem === 'string') throw new UsageError(problem);
  }
  const extras = typeof values.extras === 'string' ? parseExtrasFlag(values.extras) : undefined;
  if (typeof extras === 'string') throw new UsageError(extras);
  const root = projectRootFor(values.dir as string | undefined, (values.quiet || values.json) as boolean);
  useProject(root);
  // The generator framework reads package.json itself, and a broken one ends in its stack trace:
  // read it first, so a syntax error is one message with its line.
  const packageJson = join(root, 'package.json');
  if (existsSync(packageJson)) parseJsonText(readFileSync(packageJson, 'utf8'), 'package.json');
  const yes = (values.yes as boolean) || process.env.npm_config_yes === 'true';
  const interactive = !yes && process.stdin.isTTY === true;
  const outcome: { error?: unknown } = {};
  const options: InitOptions = {
    yes,
    quiet: values.quiet as boolean,
    json: values.json as boolean,
    dryRun: values['dry-run'] as boolean,
    outcome,
    ...(extras ? { extras } : {}),
    withoutExtras: EXTRA_CHOICES.filter((c) => values[`no-${c.flag}`]).map((c) => c.value),
    onConflict: values.force || values['on-conflict'] ? parseConflictOptions(values as any) : yes || !process.stdin.isTTY ? 'fail' : 'ask',
    ...Object.fromEntries(QUESTIONS.filter((q) => values[q.flag] !== undefined).map((q) => [q.name, values[q.flag]])),
    ...(typeof values.runtime === 'string' ? { runtime: values.runtime } : {}),
    ...(typeof values['max-cost-usd'] === 'string' ? { maxCostUsd: values['max-cost-usd'] } : {}),
  };
  if (interactive) await runGenerator(root, options);
  else await runWithoutQuestions(root, { ...options, interactive: false });
  if (outcome.error !== undefined) {
    if (isPromptAbort(outcome.error)) throw new Interrupted();
    throw outcome.error;
  }
  return 0;
}

/** Nothing to ask: the init flow alone, errors thrown as they come. */
async function runWithoutQuestions(root: string, options: InitOptions): Promise<void> {
  const flow = new InitFlow(root, options);
  flow.readExisting();
  flow.answers = (await flow.ask()).answers;
  await flow.write();
  const steps = flow.nextSteps();
  if (steps !== undefined) console.log(steps);
}

/** On a terminal: the Yeoman generator, loaded only now, with its questions. */
async function runGenerator(root: string, options: InitOptions): Promise<void> {
  // The generator module carries Yeoman with it (bundled by the build): nothing to install.
  const { createEnv, default: RalphHooksGenerator } = await import('../../generators/app/index.js');
  // Keys typed before a question is drawn answer it (see typeahead.ts); the terminal is given
  // back when the questions are over, before a conflict question reads it.
  const keys = startKeyBuffer();
  const env = createEnv({ cwd: root, ...(keys ? { stdin: keys.input as NodeJS.ReadStream } : {}) });
  env.register(RalphHooksGenerator as any, { namespace: 'ralph-hooks:app', resolved: fileURLToPath(import.meta.url) });
  const generatorOptions = {
    ...options,
    onQuestionsDone: () => {
      if (keys?.stop()) throw new Interrupted();
    },
    skipInstall: true,
    skipCache: true,
  };
  try {
    await env.run(['ralph-hooks:app'], generatorOptions as any);
  } finally {
    keys?.stop();
  }
}

/**
 * --dir names the project outright: an existing folder, or a new one in an existing folder (as
 * `mkdir` would make it; a mistyped path never becomes a tree of folders). Otherwise search
 * upward, and say so when it is not here.
 */
function projectRootFor(dir: string | undefined, quiet: boolean): string {
  if (dir) {
    const root = resolve(dir);
    if (existsSync(root)) {
      if (!statSync(root).isDirectory()) throw new UsageError(`--dir ${dir}: ${root} is a file, not a folder.`);
      return root;
    }
    if (!existsSync(dirname(root))) throw new UsageError(`--dir ${dir}: no such folder ${dirname(root)}; check the path (init makes only the last folder of it).`);
    mkdirSync(root);
    return root;
  }
  const { root, foundBy } = findProjectRoot();
  if (root !== process.cwd() && !quiet) {
    console.log(`Project root: ${root} (${foundBy === 'config' ? 'it holds ralph-hooks.config.json' : 'the git repository root'})`);
  }
  return root;
}
