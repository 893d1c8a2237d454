/**
 * `ralph-hooks report`: what each loop did and what it cost, from the loop logs the
 * stop-watchers write. This file parses the flags and prints; src/report/ reads and renders.
 * (Not to be confused with cli/report.ts, which prints the summary of files a command wrote.)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { LOOP_LOG_DIR } from '../../src/loop-record/record.js';
import { buildReport, pickSession, renderHtml, renderJson, renderTable, type SessionReport } from '../../src/report/index.js';
import { agentName, endWords, plural } from '../../src/report/words.js';
import { CliError } from '../../src/util/errors.js';
import { findProjectRoot } from '../project-root.js';
import { didYouMean, parseCommandArgs, UsageError } from './args.js';

/** Where --format html writes without --out, relative to the project root. */
export const DEFAULT_HTML = '.ralph-hooks/reports/loop-report.html';

const FORMATS = ['table', 'json', 'html'] as const;
type Format = (typeof FORMATS)[number];

const HELP = `Usage: ralph-hooks report [--format table|json|html] [--out <file>] [--session <id> | --all] [--dir <path>]

What a loop did and what it cost, from the log every stop-watcher appends a line to at each
Stop (${LOOP_LOG_DIR}/<session>.jsonl): per iteration its start, duration, tokens
(input, output, cache read, cache write), cost, tool calls, guard denials, task, decision and
reason; the totals; the budgets; why the loop ended. A figure the agent did not give is shown
as "-" (null in JSON), never 0. Reads only; exits 0 with or without a log.

Options:
  --format <f>    table (default: for a terminal), json (the versioned shape of
                  docs/reports.md) or html (one self-contained page: a timeline, charts of
                  tokens and cost against any budget, the task steps, the denials)
  --out <file>    write the report to this file instead of printing it; html without --out
                  writes ${DEFAULT_HTML}
  --session <id>  this session (its id, or its log's file name without .jsonl);
                  default: the session whose last Stop is the latest
  --all           every session in the log, oldest first
  --dir <path>    the project (default: found upward from the current folder)

Prices: list prices by model (docs/reports.md), overridden by "prices" in
ralph-hooks.config.json. Budgets: the stop-watcher's maxTokens, maxCostUsd, maxMinutes.
Denials: counted from the guard's log (or the audit log's blocked calls) by time.`;

function formatOf(value: string | undefined): Format {
  if (value === undefined) return 'table';
  if ((FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new UsageError(`--format must be table, json or html, got '${value}'.${didYouMean(value, [...FORMATS])}`);
}

/** The sessions asked for, or a CliError naming the ones there are. */
function chooseSessions(report: ReturnType<typeof buildReport>, session: string | undefined, all: boolean): SessionReport[] {
  if (all) return report.sessions;
  if (report.sessions.length === 0) return [];
  const found = pickSession(report, session);
  if (found) return [found];
  const ids = report.sessions.map((s) => s.id);
  const listed = ids.slice(-10).reverse().map((id) => `  ${id}`).join('\n');
  throw new CliError(`no session '${session}' in ${LOOP_LOG_DIR}/.${didYouMean(session!, ids)}\nThe latest sessions:\n${listed}${ids.length > 10 ? `\n  … and ${ids.length - 10} more (--all shows every one)` : ''}`);
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('report', argv, {
    format: { type: 'string' },
    out: { type: 'string' },
    session: { type: 'string' },
    all: { type: 'boolean', default: false },
    dir: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const format = formatOf(values.format);
  if (values.all && values.session !== undefined) throw new UsageError('--session and --all cannot go together: one session, or every one. Run `ralph-hooks report --help` for its options.');
  if (values.out === '') throw new UsageError("--out needs a file name. Run `ralph-hooks report --help` for its options.");
  const { root } = findProjectRoot(values.dir ?? process.cwd());
  const report = buildReport(root);
  const sessions = chooseSessions(report, values.session, values.all);
  const text = format === 'json' ? renderJson(sessions) : format === 'html' ? renderHtml(report, sessions) : renderTable(report, sessions);
  if (format === 'json' && sessions.length === 0) process.stderr.write(`${renderTable(report, sessions)}`);

  const out = values.out ?? (format === 'html' ? join(root, DEFAULT_HTML) : undefined);
  if (out === undefined) {
    process.stdout.write(text);
    return 0;
  }
  const path = isAbsolute(out) ? out : resolve(values.out === undefined ? root : process.cwd(), out);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (error) {
    throw new CliError(`cannot write ${out} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  const shown = relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path) || path;
  const what = sessions.length === 0
    ? 'no loop recorded yet'
    : sessions.length === 1
      ? `session ${sessions[0]!.id}: ${agentName(sessions[0]!.agent)}, ${plural(sessions[0]!.totals.iterations, 'iteration')}, ${endWords(sessions[0]!)}`
      : `${sessions.length} sessions`;
  console.log(`Wrote ${shown} (${what}).`);
  return 0;
}
