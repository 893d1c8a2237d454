/**
 * The loop records of a session, folded one by one into what a live view shows: per hook that
 * writes lines for the session, its current loop (a session can run a loop again) with the
 * iteration, the running totals of tokens (per model, so the cost follows the price table),
 * tool calls, the task and the last decisions. No I/O: the records come from the log reader
 * (src/report/read-log.ts's checkRecord, through parseLogText) and the state is plain data.
 */
import type { StopDecision } from '../loop-record/record.js';
import type { Tokens } from '../report/build.js';
import type { ReadRecord } from '../report/read-log.js';

/** How many decisions a loop keeps for the view (the newest). */
export const DECISIONS_KEPT = 20;

export interface DecisionSeen {
  at: string;
  atMs: number;
  iteration: number;
  decision: StopDecision;
  reason: string | null;
  message: string | null;
  task: string | null;
}

export interface LoopState {
  /** 1 for the session's first loop in its log, 2 for the next one, … */
  number: number;
  /** The loop's start as the records give it (loopStarted), or null. */
  startedMs: number | null;
  firstAtMs: number;
  lastAtMs: number;
  /** Lines folded into this loop. */
  stops: number;
  /** The iteration the last Stop ended: its count, else its place in the loop. */
  iteration: number;
  task: string | null;
  /** Every kind summed over the Stops that gave it; null while none did. */
  tokens: Tokens;
  /** The same per model (the record names the model of each span), for the cost. */
  tokensByModel: Map<string | null, Tokens>;
  toolCalls: number | null;
  /** Why the last Stops gave no usage (the newest note), or null. */
  usageNote: string | null;
  model: string | null;
  /** The newest last, at most DECISIONS_KEPT. */
  decisions: DecisionSeen[];
}

export interface HookState {
  hook: string;
  agent: string;
  preset: string;
  /** Lines this hook wrote for the session. */
  lines: number;
  lastAtMs: number;
  loop: LoopState;
}

export interface SessionState {
  /** The log's file name without .jsonl: one file per session. */
  key: string;
  /** The log, relative to the project root. */
  file: string;
  /** The session id the records name, else the key. */
  id: string;
  hooks: Map<string, HookState>;
  /** Lines that are not a record, and lines of a newer record version, read so far. */
  badLines: number;
  newerLines: number;
  /** The log is gone (removed or moved away); what it held is still shown. */
  logRemoved: boolean;
}

const TOKEN_KINDS = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;

export const noTokens = (): Tokens => ({ input: null, output: null, cacheRead: null, cacheWrite: null });

export function newSession(key: string, file: string): SessionState {
  return { key, file, id: key, hooks: new Map(), badLines: 0, newerLines: 0, logRemoved: false };
}

function newLoop(number: number, record: ReadRecord): LoopState {
  return {
    number,
    startedMs: record.loopStartedMs,
    firstAtMs: record.atMs,
    lastAtMs: record.atMs,
    stops: 0,
    iteration: 0,
    task: null,
    tokens: noTokens(),
    tokensByModel: new Map(),
    toolCalls: null,
    usageNote: null,
    model: null,
    decisions: [],
  };
}

/**
 * Does this record start another loop in the session? When it names a start after the loop's
 * last Stop (as the report decides an iteration's start), or when the loop had ended and the
 * count starts again.
 */
function startsNewLoop(loop: LoopState, record: ReadRecord): boolean {
  if (loop.stops === 0) return false;
  if (record.loopStartedMs !== null && record.loopStartedMs !== loop.startedMs && record.loopStartedMs > loop.lastAtMs) return true;
  const ended = loop.decisions.at(-1)?.decision === 'stop';
  return ended && record.iteration !== null && record.iteration <= loop.iteration;
}

function addTokens(sum: Tokens, record: ReadRecord): void {
  const usage = record.usage;
  if (usage === null) return;
  for (const kind of TOKEN_KINDS) {
    const value = usage[kind];
    if (value !== null) sum[kind] = (sum[kind] ?? 0) + value;
  }
}

function foldIntoLoop(loop: LoopState, record: ReadRecord): void {
  loop.stops++;
  loop.lastAtMs = record.atMs;
  loop.startedMs ??= record.loopStartedMs;
  loop.iteration = record.iteration ?? loop.stops;
  loop.task = record.task;
  addTokens(loop.tokens, record);
  if (record.usage !== null) {
    const model = record.usage.model;
    let perModel = loop.tokensByModel.get(model);
    if (perModel === undefined) loop.tokensByModel.set(model, (perModel = noTokens()));
    addTokens(perModel, record);
    loop.model = model ?? loop.model;
    loop.usageNote = null;
  } else {
    loop.usageNote = record.usageNote;
  }
  if (record.toolCalls !== null) loop.toolCalls = (loop.toolCalls ?? 0) + record.toolCalls;
  loop.decisions.push({ at: record.at, atMs: record.atMs, iteration: loop.iteration, decision: record.decision, reason: record.reason, message: record.message, task: record.task });
  if (loop.decisions.length > DECISIONS_KEPT) loop.decisions.shift();
}

/** Fold one record into its session (changed in place); returns the hook state it went to. */
export function foldRecord(session: SessionState, record: ReadRecord): HookState {
  if (record.session !== null && session.id === session.key) session.id = record.session;
  let hook = session.hooks.get(record.hook);
  if (hook === undefined) {
    hook = { hook: record.hook, agent: record.agent, preset: record.preset, lines: 0, lastAtMs: record.atMs, loop: newLoop(1, record) };
    session.hooks.set(record.hook, hook);
  } else if (startsNewLoop(hook.loop, record)) {
    hook.loop = newLoop(hook.loop.number + 1, record);
  }
  hook.lines++;
  hook.lastAtMs = record.atMs;
  hook.agent = record.agent;
  hook.preset = record.preset;
  foldIntoLoop(hook.loop, record);
  return hook;
}

/**
 * The hook whose lines the view follows. Two stop-watchers in one project (a loop and the
 * passive watcher) each write a line per Stop with the same usage, so one is followed, as the
 * report does: the one with the most lines; on a tie, the one that wrote last.
 */
export function followedHook(session: SessionState): HookState | null {
  let best: HookState | null = null;
  for (const hook of session.hooks.values()) {
    if (best === null || hook.lines > best.lines || (hook.lines === best.lines && hook.lastAtMs >= best.lastAtMs)) best = hook;
  }
  return best;
}
