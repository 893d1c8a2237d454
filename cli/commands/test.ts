/**
 * `ralph-hooks test [paths...]`: replay recorded hook cases (*.case.json) in parallel, each in
 * its own temporary workspace, and report for people, TAP or JUnit XML.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CliError } from '../../src/errors.js';
import { rhCommand, useProject } from '../../src/package-managers/project.js';
import { findProjectRoot } from '../../src/project-root.js';
import { parseCommandArgs } from './args.js';
import { humanLine, humanReport } from '../../testkit/replay/reporters/human.js';
import { junitReport } from '../../testkit/replay/reporters/junit.js';
import { tapReport } from '../../testkit/replay/reporters/tap.js';
import { DEFAULT_CASE_DIR, defaultJobs, runCases, type RunSummary } from '../../testkit/replay/runner.js';
import { DEFAULT_SCENARIO_DIR } from '../../testkit/replay/run-scenario.js';
import { docsPage } from '../../src/package-info.js';

export const HELP = `Usage: ralph-hooks test [paths...] [options]

Replay recorded hook cases (*.case.json; default folder ${DEFAULT_CASE_DIR}) and run
real-client scenarios (*.scenario.json; default folder ${DEFAULT_SCENARIO_DIR}) in Claude Code
against a scripted model (needs the claude package: npm i -D @anthropic-ai/claude-code).

Options:
  --filter TEXT          only cases whose name or path contains TEXT (or matches /regex/)
  --shard I/N            run the I-th of N slices (CI matrices), e.g. --shard 2/4
  -u, --update           rewrite failing expectations from the current output (golden files)
  --reporter NAME[=FILE] human (default), tap or junit; repeatable; =FILE writes to a file
  -j, --jobs N           hooks run at once (default: two per core, ${defaultJobs()} here)
  --root DIR             project root that hook paths are relative to (default: the folder
                         holding ralph-hooks.config.json, or the git root, above here)
  -h, --help             show this help

With no paths and neither a ${DEFAULT_CASE_DIR}/ nor a ${DEFAULT_SCENARIO_DIR}/ folder (a preset
without starter cases), there is nothing to replay: exit 0 with a note (reports are written
with no test cases).

Exit status: 0 when every case passed, 1 otherwise, 2 on a usage error.`;

type ReporterName = 'human' | 'tap' | 'junit';
interface Reporter {
  name: ReporterName;
  file?: string;
}

function parseShard(text: string | undefined): { index: number; count: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new CliError(`--shard wants I/N with 1 <= I <= N, got '${text}'`, 2);
  return { index, count };
}

function parseReporters(values: string[] | undefined, root: string): Reporter[] {
  const reporters = (values?.length ? values : ['human']).map((value) => {
    const [name, file] = value.split('=', 2) as [string, string | undefined];
    if (name !== 'human' && name !== 'tap' && name !== 'junit') throw new CliError(`unknown reporter '${name}' (human, tap or junit)`, 2);
    return { name, file: file ? resolve(root, file) : undefined } satisfies Reporter;
  });
  if (reporters.filter((r) => !r.file).length > 1) throw new CliError('only one reporter can write to stdout; give the others =FILE', 2);
  return reporters;
}

function render(reporter: Reporter, summary: RunSummary, startedAt: Date): string {
  if (reporter.name === 'tap') return tapReport(summary);
  if (reporter.name === 'junit') return junitReport(summary, startedAt);
  return humanReport(summary);
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'test',
    argv,
    {
      filter: { type: 'string' },
      shard: { type: 'string' },
      update: { type: 'boolean', short: 'u' },
      reporter: { type: 'string', multiple: true },
      jobs: { type: 'string', short: 'j' },
      root: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    { positionals: true },
  );
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  // Hooks in cases are relative to the project root; paths on the command line to --root when
  // it is given, else to where you are (so `ralph-hooks test .` works in a subfolder).
  const projectRoot = resolve(values.root ?? findProjectRoot(process.cwd()).root);
  useProject(projectRoot);
  const paths = positionals.map((path) => resolve(values.root ? projectRoot : process.cwd(), path));
  const reporters = parseReporters(values.reporter, projectRoot);
  const jobs = values.jobs === undefined ? defaultJobs() : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new CliError(`--jobs wants a positive integer, got '${values.jobs}'`, 2);
  const streamHuman = reporters.some((r) => r.name === 'human' && !r.file);
  const startedAt = new Date();

  let summary: RunSummary;
  try {
    const nothingToReplay =
      paths.length === 0 && !existsSync(join(projectRoot, DEFAULT_CASE_DIR)) && !existsSync(join(projectRoot, DEFAULT_SCENARIO_DIR));
    summary = nothingToReplay ? { outcomes: [], updated: [], durationMs: 0 } : await runCases({
      projectRoot,
      paths,
      filter: values.filter,
      shard: parseShard(values.shard),
      jobs,
      update: values.update,
      onResult: streamHuman ? (outcome) => console.log(humanLine(outcome)) : undefined,
    });
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError((error as Error).message, 2);
  }
  if (summary.outcomes.length === 0 && (values.filter || values.shard || positionals.length)) {
    throw new CliError(`no cases found${values.filter ? ` matching '${values.filter}'` : ''}${positionals.length ? ` in ${positionals.join(', ')}` : ''}`, 1);
  }
  if (summary.outcomes.length === 0 && streamHuman) {
    // A project whose hooks ship no starter cases: nothing to replay is not a failure.
    console.log(`no cases in ${DEFAULT_CASE_DIR}/ yet: nothing to replay. Record some with \`${rhCommand('record')}\` (see ${docsPage('cases.md', projectRoot)}).`);
  }

  for (const reporter of reporters) {
    const text = render(reporter, summary, startedAt);
    if (reporter.file) {
      mkdirSync(dirname(reporter.file), { recursive: true }); // reports/hooks.xml in a fresh checkout
      writeFileSync(reporter.file, text.endsWith('\n') ? text : `${text}\n`);
    } else console.log(text);
  }
  // With --update, a failure that was rewritten counts as fixed; errors and timeouts still fail.
  const unresolved = summary.outcomes.filter(
    (o) => o.status === 'error' || (o.status === 'fail' && !(values.update && o.steps.every((s) => !s.failures.length || s.updated))),
  );
  return unresolved.length === 0 ? 0 : 1;
}
