/**
 * From the loop logs to a report: per session, each iteration's start, duration, tokens, cost,
 * tool calls, denials, task, decision and reason; the session's totals and why it ended. The
 * JSON shape (report-json.ts) is a projection of this; the table and the page show more of it
 * (the usage notes, the budgets, the end message, what could not be read).
 *
 * An iteration starts at the previous Stop of its session, or at the loop's start when the
 * loop began after that Stop (or there is no previous Stop); with neither, its start and
 * duration are unknown (null). A figure the agent did not give is null, never 0; a total is
 * null when no iteration gave that figure.
 */
import { END_RECORD, readEndRecord, type LoopEnd } from '../diagnose/loop-status.js';
import { LOOP_LOG_DIR } from '../loop-record/record.js';
import { costUsd, priceFor, priceTable, type PriceTable } from '../loop-record/prices.js';
import type { RecordedUsage } from '../loop-record/record.js';
import { denialsBetween, readDenials, type Denials } from './denials.js';
import { readProjectSettings, type Budgets } from './project-settings.js';
import { readLoopLogs, type LoopLogFile, type ReadRecord } from './read-log.js';

export interface Tokens {
  input: number | null;
  output: number | null;
  cacheRead: number | null;
  cacheWrite: number | null;
}

export interface IterationReport {
  n: number;
  /** ISO time, or null when unknown. */
  start: string | null;
  durationMs: number | null;
  tokens: Tokens;
  costUsd: number | null;
  toolCalls: number | null;
  denials: number | null;
  task: string | null;
  decision: 'continue' | 'stop' | 'pause';
  reason: string | null;
  /** Beyond the JSON shape, for the table and the page: */
  at: string;
  model: string | null;
  usageNote: string | null;
  message: string | null;
  hook: string;
}

export interface Totals {
  iterations: number;
  durationMs: number | null;
  tokens: Tokens;
  costUsd: number | null;
}

export interface SessionReport {
  id: string;
  agent: string;
  preset: string;
  started: string | null;
  ended: string | null;
  endReason: string | null;
  iterations: IterationReport[];
  totals: Totals;
  /** Beyond the JSON shape: */
  file: string;
  hooks: string[];
  /** Iterations that gave a cost / token figure, for "cost of 3 of 5 iterations". */
  costed: number;
  withTokens: number;
  toolCalls: number | null;
  denials: number | null;
  /** The distinct reasons the agent gave no usage, with how many iterations each. */
  usageNotes: Array<{ note: string; count: number }>;
  /** The rules (or, from the audit log, the hooks) that denied calls in the session's iterations, most first. */
  denialRules: Array<{ rule: string; count: number }>;
  models: string[];
  /** When the session's last loop started (a session can run a loop again): what maxMinutes counts from; null when unknown. */
  lastLoopStarted: string | null;
  /** The budgets of the session's hook, from the config (null: none set). */
  budgets: Budgets | null;
  /** The loop-end record, when it is this session's end. */
  end: LoopEnd | null;
  /** What in the log could not be read: one sentence each. */
  problems: string[];
}

export interface Report {
  /** The log folder, relative to the project root. */
  logDir: string;
  /** false: the folder does not exist. */
  logFound: boolean;
  /** Every session in the logs, oldest first (by its last Stop). */
  sessions: SessionReport[];
  /** Logs with no record at all (empty, or nothing readable), by path, with why. */
  unreadable: Array<{ path: string; why: string }>;
  /** Problems beyond one session: a folder or file that cannot be read, a config that is not JSON, a denial log that cannot be read. */
  notes: string[];
  /** Where denials were counted from; null when neither a guard nor an audit log is configured. */
  denialSources: string[] | null;
}

/** Every session of the project's logs. */
export function buildReport(root: string): Report {
  const logs = readLoopLogs(root);
  const settings = readProjectSettings(root);
  const table = priceTable(settings.prices);
  const denials = readDenials(root, settings.denialLogs);
  const endRecord = readEndRecord(root);
  const end = endRecord.found ? endRecord.end : null;
  const notes = [...logs.problems, ...(denials?.problems ?? [])];
  const sessions: SessionReport[] = [];
  const unreadable: Report['unreadable'] = [];
  for (const file of logs.files ?? []) {
    if (file.records.length === 0) {
      unreadable.push({ path: file.path, why: file.empty ? 'empty' : fileProblems(file).join('; ') });
      continue;
    }
    sessions.push(sessionReport(file, table, denials, settings.budgets));
  }
  if (settings.note && sessions.length > 0) notes.push(`${settings.note}.`);
  sessions.sort((a, b) => (Date.parse(a.ended ?? '') || 0) - (Date.parse(b.ended ?? '') || 0));
  attachEnd(sessions, end);
  return { logDir: LOOP_LOG_DIR, logFound: logs.files !== null, sessions, unreadable, notes, denialSources: denials?.sources ?? null };
}

/** The session of `id` (its id or its file name), the last one by time when no id, or null. */
export function pickSession(report: Report, id: string | undefined): SessionReport | null {
  if (id === undefined) return report.sessions.at(-1) ?? null;
  return report.sessions.find((s) => s.id === id) ?? report.sessions.find((s) => s.file.endsWith(`/${id}.jsonl`)) ?? null;
}

function fileProblems(file: LoopLogFile): string[] {
  const out: string[] = [];
  if (file.badLines > 0) out.push(`${file.badLines} ${file.badLines === 1 ? 'line is' : 'lines are'} not a loop record and ${file.badLines === 1 ? 'was' : 'were'} skipped`);
  if (file.newerLines > 0) out.push(`${file.newerLines} ${file.newerLines === 1 ? 'line is' : 'lines are'} of a newer record version (upgrade ralph-hooks to read ${file.newerLines === 1 ? 'it' : 'them'})`);
  if (file.truncatedLast) out.push('the last line is cut short (a Stop was being written, or the disk was full) and was skipped');
  return out;
}

const TOKEN_KINDS = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;

/** Dollars to a millionth: the figures are estimates, and 0.27940000000000004 reads as noise. */
const microDollars = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);

/** The sum of the figures given, or null when none was. */
function sumOrNull(values: Iterable<number | null>): number | null {
  let sum: number | null = null;
  for (const value of values) if (value !== null) sum = (sum ?? 0) + value;
  return sum;
}

/**
 * The hook whose lines a session's report follows. Two stop-watchers in one project (a loop and
 * the passive watcher) each write a line per Stop with the same usage: summing both would count
 * every token twice. The one with the most lines is followed; on a tie, the one that wrote last.
 */
function followedHook(records: ReadRecord[]): string {
  const counts = new Map<string, number>();
  for (const record of records) counts.set(record.hook, (counts.get(record.hook) ?? 0) + 1);
  let best = records.at(-1)!.hook;
  for (const [hook, count] of counts) if (count > counts.get(best)!) best = hook;
  return best;
}

function sessionReport(file: LoopLogFile, table: PriceTable, denials: Denials | null, budgets: Map<string, Budgets>): SessionReport {
  const hooks = [...new Set(file.records.map((r) => r.hook))];
  const followed = hooks.length > 1 ? followedHook(file.records) : null;
  const records = followed === null ? file.records : file.records.filter((r) => r.hook === followed);
  const first = records[0]!;
  const id = records.find((r) => r.session !== null)?.session ?? file.stem;
  const iterations: IterationReport[] = [];
  const notes = new Map<string, number>();
  const models: string[] = [];
  const rules = new Map<string, number>();
  // The price of each model once, not a walk of the table per iteration.
  const tables = new Map<string | null, PriceTable>();
  const cost = (usage: RecordedUsage | null) => {
    if (usage === null) return null;
    let own = tables.get(usage.model);
    if (own === undefined) {
      const price = priceFor(usage.model, table);
      own = price === null ? {} : { [usage.model ?? '']: price };
      tables.set(usage.model, own);
    }
    return microDollars(costUsd(usage, own));
  };
  let previous: ReadRecord | null = null;
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const startMs = iterationStart(previous, record);
    const usage = record.usage;
    const denied = denials === null || startMs === null ? null : denialsBetween(denials.denials, startMs, record.atMs, record.session);
    for (const denial of denied ?? []) rules.set(denial.rule ?? 'unnamed', (rules.get(denial.rule ?? 'unnamed') ?? 0) + 1);
    if (usage?.model && !models.includes(usage.model)) models.push(usage.model);
    if (record.usageNote !== null && usage === null) notes.set(record.usageNote, (notes.get(record.usageNote) ?? 0) + 1);
    iterations.push({
      n: record.iteration ?? i + 1,
      start: startMs === null ? null : new Date(startMs).toISOString(),
      durationMs: startMs === null || record.atMs < startMs ? null : record.atMs - startMs,
      tokens: { input: usage?.input ?? null, output: usage?.output ?? null, cacheRead: usage?.cacheRead ?? null, cacheWrite: usage?.cacheWrite ?? null },
      costUsd: cost(usage),
      toolCalls: record.toolCalls,
      denials: denied === null ? null : denied.length,
      task: record.task,
      decision: record.decision,
      reason: record.reason,
      at: record.at,
      model: usage?.model ?? null,
      usageNote: usage === null ? record.usageNote : null,
      message: record.message,
      hook: record.hook,
    });
    previous = record;
  }
  const last = records.at(-1)!;
  const tokens = Object.fromEntries(TOKEN_KINDS.map((kind) => [kind, sumOrNull(iterations.map((it) => it.tokens[kind]))])) as unknown as Tokens;
  const problems = fileProblems(file);
  if (followed !== null) problems.push(`${hooks.length} hooks wrote lines for the same Stops (${hooks.join(', ')}); the report follows ${followed}, so no token is counted twice`);
  return {
    id,
    agent: first.agent,
    preset: first.preset,
    started: first.loopStartedMs === null ? null : new Date(first.loopStartedMs).toISOString(),
    ended: last.at,
    endReason: last.decision === 'continue' ? null : last.reason,
    iterations,
    totals: {
      iterations: iterations.length,
      durationMs: sumOrNull(iterations.map((it) => it.durationMs)),
      tokens,
      costUsd: microDollars(sumOrNull(iterations.map((it) => it.costUsd))),
    },
    file: file.path,
    hooks,
    costed: iterations.filter((it) => it.costUsd !== null).length,
    withTokens: iterations.filter((it) => TOKEN_KINDS.some((kind) => it.tokens[kind] !== null)).length,
    toolCalls: sumOrNull(iterations.map((it) => it.toolCalls)),
    denials: sumOrNull(iterations.map((it) => it.denials)),
    usageNotes: [...notes].map(([note, count]) => ({ note, count })),
    denialRules: [...rules].sort((a, b) => b[1] - a[1]).map(([rule, count]) => ({ rule, count })),
    models,
    lastLoopStarted: last.loopStartedMs === null ? null : new Date(last.loopStartedMs).toISOString(),
    budgets: budgets.get(last.hook) ?? null,
    end: null,
    problems,
  };
}

/**
 * An iteration's start: the previous Stop, unless the loop started after it (a new loop in the
 * same session); with no previous Stop, the loop's start; else unknown.
 */
function iterationStart(previous: ReadRecord | null, record: ReadRecord): number | null {
  const loopStart = record.loopStartedMs !== null && record.loopStartedMs <= record.atMs ? record.loopStartedMs : null;
  if (previous === null) return loopStart;
  return loopStart !== null && loopStart > previous.atMs ? loopStart : previous.atMs;
}

/** How far apart a Stop line and the end record it wrote may be (the record keeps seconds; the hook writes both). */
const SAME_STOP_MS = 2_000;
/** How long after a session's last Stop an end the log did not see (an API error, a full context) may come and still be its. */
const UNSEEN_END_MS = 60 * 60_000;

/**
 * The loop-end record (END_RECORD) is the project's last loop end. It is the end of the session
 * whose hook wrote it and whose last Stop is the latest before it: the same Stop when that
 * line stopped the loop (within SAME_STOP_MS), or, when that line let the loop go on, an end
 * the log did not see (the session failed on an API error, the context filled up) within
 * UNSEEN_END_MS. That session takes the record's message, and its reason when the log gave none.
 * The sessions are oldest first (by their last Stop); `watch` passes its own views of them.
 */
export function attachEnd(sessions: Array<Pick<SessionReport, 'hooks' | 'ended' | 'endReason' | 'end'>>, end: LoopEnd | null): void {
  if (end === null) return;
  const endMs = Date.parse(end.at);
  if (!Number.isFinite(endMs)) return;
  const owner = sessions.filter((s) => s.hooks.includes(end.hook) && Date.parse(s.ended ?? '') <= endMs + SAME_STOP_MS).at(-1);
  if (!owner) return;
  const gap = endMs - Date.parse(owner.ended!);
  const stopped = owner.endReason !== null;
  if (stopped ? Math.abs(gap) > SAME_STOP_MS || owner.endReason !== end.reason : gap > UNSEEN_END_MS) return;
  owner.end = end;
  owner.endReason ??= end.reason;
}

export { END_RECORD };
