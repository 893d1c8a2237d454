/**
 * `ralph-hooks report` for a terminal: per session a head (agent, preset, when, why it ended),
 * one aligned row per iteration, the totals, the budgets, and the sentences that say what the
 * figures are and what is missing. Plain text: no colour, no box drawing; "-" is a figure the
 * agent did not give.
 */
import type { IterationReport, Report, SessionReport } from './build.js';
import { agentName, budgetLines, clock, dollars, duration, endWords, grouped, plural, sessionSentences, spansDays, utcTime } from './words.js';

const UNKNOWN = '-';
/** Longest task text shown in a row (the page and the JSON carry it whole). */
const TASK_CHARS = 48;

/** `text`: the column holds text from the log, which may be wider than its UTF-16 length says. */
type Column = { head: string; right: boolean; text?: boolean; cell: (it: IterationReport) => string };

const figure = (value: number | null) => (value === null ? UNKNOWN : grouped(value));

function columns(withDate: boolean): Column[] {
  return [
    { head: '#', right: true, cell: (it) => String(it.n) },
    { head: 'start', right: false, cell: (it) => clock(it.start, withDate) ?? UNKNOWN },
    { head: 'duration', right: true, cell: (it) => (it.durationMs === null ? UNKNOWN : duration(it.durationMs)) },
    { head: 'input', right: true, cell: (it) => figure(it.tokens.input) },
    { head: 'output', right: true, cell: (it) => figure(it.tokens.output) },
    { head: 'cache read', right: true, cell: (it) => figure(it.tokens.cacheRead) },
    { head: 'cache write', right: true, cell: (it) => figure(it.tokens.cacheWrite) },
    { head: 'cost', right: true, cell: (it) => (it.costUsd === null ? UNKNOWN : dollars(it.costUsd)) },
    { head: 'tools', right: true, cell: (it) => figure(it.toolCalls) },
    { head: 'denied', right: true, cell: (it) => figure(it.denials) },
    { head: 'decision', right: false, cell: (it) => it.decision },
    { head: 'reason', right: false, text: true, cell: (it) => oneLine(it.reason ?? '', TASK_CHARS) },
    { head: 'task', right: false, text: true, cell: (it) => oneLine(it.task ?? '', TASK_CHARS) },
  ];
}

/** Text from the log on one line, cut to `max` characters; control characters become spaces (nothing a terminal would act on). */
export function oneLine(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** Characters (code points), not UTF-16 units: a task may hold emoji. */
const width = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text.length : [...text].length);
const pad = (text: string, size: number, right: boolean) => {
  if (text.length >= size) return text;
  const fill = ' '.repeat(Math.max(0, size - width(text)));
  return right ? fill + text : text + fill;
};

function iterationTable(session: SessionReport): string[] {
  const cols = columns(spansDays(session));
  const cells = session.iterations.map((it) => cols.map((c) => c.cell(it)));
  const sizes = cols.map((c, i) => cells.reduce((most, row) => Math.max(most, c.text ? width(row[i]!) : row[i]!.length), width(c.head)));
  const line = (row: string[]) => row.map((text, i) => (i === row.length - 1 ? text : pad(text, sizes[i]!, cols[i]!.right))).join('  ').trimEnd();
  const totals = session.totals;
  const totalRow = [
    'all', '', totals.durationMs === null ? UNKNOWN : duration(totals.durationMs),
    figure(totals.tokens.input), figure(totals.tokens.output), figure(totals.tokens.cacheRead), figure(totals.tokens.cacheWrite),
    totals.costUsd === null ? UNKNOWN : dollars(totals.costUsd), figure(session.toolCalls), figure(session.denials), '', '', '',
  ];
  for (let i = 0; i < sizes.length; i++) sizes[i] = Math.max(sizes[i]!, width(totalRow[i]!));
  const rule = sizes.map((s) => '-'.repeat(s)).join('  ');
  return ['  ' + line(cols.map((c) => c.head)), ...cells.map((row) => '  ' + line(row)), '  ' + rule.slice(0, Math.min(rule.length, 200)), '  ' + line(totalRow)];
}

function sessionLines(session: SessionReport, report: Report): string[] {
  const hooks = session.hooks.join(', ');
  const head = `Session ${oneLine(session.id, 80)}: ${oneLine(agentName(session.agent), 40)}, ${oneLine(session.preset, 40)} preset (hook ${oneLine(hooks, 80)}), ${plural(session.totals.iterations, 'iteration')}`;
  const when = [
    `  started  ${session.started === null ? 'unknown (the log names no loop start)' : utcTime(session.started)}`,
    `  ended    ${session.ended === null ? UNKNOWN : oneLine(utcTime(session.ended), 40)}: ${oneLine(endWords(session), 80)}${session.endReason && endWords(session) !== session.endReason ? ` (${oneLine(session.endReason, 40)})` : ''}`,
  ];
  if (session.end) when.push(`  message  ${oneLine(session.end.message, 300)}`);
  const budgets = budgetLines(session);
  return [
    head,
    ...when,
    '',
    ...iterationTable(session),
    ...(budgets.length > 0 ? ['', `Budgets of ${oneLine(session.hooks.at(-1) ?? '', 80)}:`, ...budgets.map((b) => `  ${b}`)] : []),
    '',
    // The sentences quote the log (usage notes, model names): one line each, nothing a terminal acts on.
    ...sessionSentences(session, report.denialSources).map((line) => oneLine(line, 1000)),
  ];
}

/** Sentences for a project whose logs hold no session: no folder, empty files, unreadable lines. */
export function noSessionText(report: Report): string {
  const lines: string[] = [];
  if (!report.logFound) {
    lines.push(`No loop has been recorded here yet: ${report.logDir}/ does not exist. Each stop-watcher appends a line there at every Stop once a loop runs.`);
  } else if (report.unreadable.length === 0) {
    lines.push(`No loop has been recorded here yet: ${report.logDir}/ holds no log.`);
  } else {
    lines.push(`No Stop could be read from ${report.logDir}/:`);
    for (const file of report.unreadable) lines.push(`  ${file.path}: ${file.why}`);
  }
  return [...lines, ...report.notes].join('\n');
}

/** The terminal report of these sessions (of `report`). */
export function renderTable(report: Report, sessions: SessionReport[]): string {
  if (sessions.length === 0) return `${noSessionText(report)}\n`;
  const blocks = sessions.map((s) => sessionLines(s, report).join('\n'));
  const tail = [...report.unreadable.map((f) => `${f.path}: ${f.why}; no Stop read from it.`), ...report.notes];
  return `${[...blocks, ...(tail.length ? [tail.join('\n')] : [])].join('\n\n')}\n`;
}
