/**
 * One poll of a project's loops: the loop logs that appeared, grew, were truncated, replaced or
 * removed since the last poll (only their new bytes are read), the guard's denial logs the same
 * way, the config (prices, budgets, where denials go) and the loop-end record when they change.
 * Each poll folds what it read into the state and says what happened, as events. There is no
 * timer here: the caller polls (the command on an interval, the tests when they choose), so
 * what a poll sees is what was written before it. Reads only.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE } from '../config/schema.js';
import { END_RECORD, readEndRecord, type LoopEnd } from '../diagnose/loop-status.js';
import { LOOP_LOG_DIR } from '../loop-record/record.js';
import { costUsd, priceTable, type PriceTable } from '../loop-record/prices.js';
import { denialsInText, type Denial } from '../report/denials.js';
import { readProjectSettings, type ProjectSettings } from '../report/project-settings.js';
import { parseLogText, type ReadRecord } from '../report/read-log.js';
import { tokenSum } from '../report/words.js';
import { foldRecord, newSession, type SessionState } from './fold.js';
import { readNewLines, type TailChange, type TailState } from './tail.js';
import { loopCost, sessionViews, type SessionView } from './view.js';

/** What a poll saw, in the order it read it. */
export type WatchEvent =
  | {
      kind: 'stop';
      key: string;
      record: ReadRecord;
      /** The loop's figures after this Stop: its number in the session, tokens and cost so far. */
      loopNumber: number;
      costUsd: number | null;
      totalTokens: number | null;
      totalCostUsd: number | null;
    }
  | { kind: 'denial'; denial: Denial; source: string }
  | { kind: 'log'; path: string; change: Exclude<TailChange, 'appended' | 'started'>; problem?: string }
  | { kind: 'end'; key: string; id: string; end: LoopEnd };

interface FileWatch {
  tail: TailState | null;
  /** Why it could not be read at the last poll: said once, not at every poll. */
  problem?: string;
  /** For a denial log: which kind of lines it holds. */
  kind?: 'guard' | 'audit-log';
}

export interface WatchState {
  root: string;
  sessions: Map<string, SessionState>;
  logs: Map<string, FileWatch>;
  denialLogs: Map<string, FileWatch>;
  /** Every denial read, sorted by time, each with the log it came from (a log read again drops its own first). */
  denials: Array<Denial & { source: string }>;
  settings: ProjectSettings;
  prices: PriceTable;
  /** The config's and the end record's size and time when last read: read again only when they change. */
  configStamp: string;
  endStamp: string;
  end: LoopEnd | null;
  /** The log folder cannot be listed (other than not existing yet): one sentence. */
  problem: string | null;
  folderFound: boolean;
}

const stampOf = (path: string): string => {
  try {
    const stat = statSync(path);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'none';
  }
};

export function createWatch(root: string): WatchState {
  return {
    root,
    sessions: new Map(),
    logs: new Map(),
    denialLogs: new Map(),
    denials: [],
    settings: { prices: {}, budgets: new Map(), denialLogs: [], note: null },
    prices: priceTable(),
    configStamp: '',
    endStamp: '',
    end: null,
    problem: null,
    folderFound: false,
  };
}

/** Read what is new, fold it in, and say what happened. `events: false` skips building them (a first read of a long log). */
export function pollWatch(state: WatchState, { events = true }: { events?: boolean } = {}): WatchEvent[] {
  const out: WatchEvent[] = [];
  const emit = events ? (event: WatchEvent) => out.push(event) : () => {};
  readSettings(state);
  pollLoopLogs(state, emit);
  pollDenialLogs(state, emit);
  pollEndRecord(state, emit);
  return out;
}

function readSettings(state: WatchState): void {
  const stamp = stampOf(join(state.root, CONFIG_FILE));
  if (stamp === state.configStamp) return;
  state.configStamp = stamp;
  state.settings = readProjectSettings(state.root);
  state.prices = priceTable(state.settings.prices);
  const paths = new Set(state.settings.denialLogs.map((log) => log.path));
  for (const path of state.denialLogs.keys()) {
    if (!paths.has(path)) {
      state.denialLogs.delete(path);
      dropDenials(state, path);
    }
  }
  for (const log of state.settings.denialLogs) if (!state.denialLogs.has(log.path)) state.denialLogs.set(log.path, { tail: null, kind: log.kind });
}

function logNames(state: WatchState): string[] {
  try {
    const names = readdirSync(join(state.root, LOOP_LOG_DIR)).filter((name) => name.endsWith('.jsonl'));
    state.folderFound = true;
    state.problem = null;
    return names;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    state.folderFound = false;
    state.problem = code === 'ENOENT' ? null : `${LOOP_LOG_DIR} cannot be read (${code ?? (error as Error).message}).`;
    return [];
  }
}

function pollLoopLogs(state: WatchState, emit: (event: WatchEvent) => void): void {
  const names = new Set(logNames(state));
  // A log seen before and not listed now is read once more: readNewLines then says it is gone.
  for (const name of state.logs.keys()) names.add(name);
  for (const name of [...names].sort()) {
    const path = `${LOOP_LOG_DIR}/${name}`;
    const watch = state.logs.get(name) ?? { tail: null };
    state.logs.set(name, watch);
    const read = readNewLines(join(state.root, path), watch.tail);
    const key = name.slice(0, -'.jsonl'.length);
    let session = state.sessions.get(key);
    if (read.change === 'removed') {
      state.logs.delete(name);
      if (session && !session.logRemoved) {
        session.logRemoved = true;
        emit({ kind: 'log', path, change: 'removed' });
      }
      continue;
    }
    if (read.change === 'unreadable') {
      if (watch.problem !== read.problem) emit({ kind: 'log', path, change: 'unreadable', ...(read.problem ? { problem: read.problem } : {}) });
      watch.problem = read.problem ?? 'unknown';
      continue;
    }
    delete watch.problem;
    watch.tail = read.state;
    if (read.change === 'truncated' || read.change === 'replaced' || (read.change === 'started' && session !== undefined)) {
      // Read from the start again: what was folded from the old bytes no longer holds.
      if (session !== undefined && read.change !== 'started') emit({ kind: 'log', path, change: read.change });
      session = undefined;
      state.sessions.delete(key);
    }
    if (read.text === '') continue;
    session ??= newSession(key, path);
    state.sessions.set(key, session);
    session.logRemoved = false;
    foldText(state, session, read.text, emit);
  }
}

function foldText(state: WatchState, session: SessionState, text: string, emit: (event: WatchEvent) => void): void {
  const parsed = parseLogText(text);
  session.badLines += parsed.badLines + (parsed.truncatedLast ? 1 : 0);
  session.newerLines += parsed.newerLines;
  for (const record of parsed.records) {
    const hook = foldRecord(session, record);
    emit({
      kind: 'stop',
      key: session.key,
      record,
      loopNumber: hook.loop.number,
      costUsd: costUsd(record.usage, state.prices),
      totalTokens: tokenSum(hook.loop.tokens),
      totalCostUsd: loopCost(hook.loop.tokensByModel, state.prices).costUsd,
    });
  }
}

function dropDenials(state: WatchState, source: string): void {
  state.denials = state.denials.filter((denial) => denial.source !== source);
}

function pollDenialLogs(state: WatchState, emit: (event: WatchEvent) => void): void {
  for (const [path, watch] of state.denialLogs) {
    const read = readNewLines(join(state.root, path), watch.tail);
    if (read.change === 'unreadable') continue;
    if (read.change !== 'appended') dropDenials(state, path);
    if (read.change === 'truncated' || read.change === 'replaced' || (read.change === 'removed' && watch.tail !== null)) emit({ kind: 'log', path, change: read.change });
    watch.tail = read.state;
    if (read.text === '') continue;
    const found = denialsInText(watch.kind ?? 'guard', read.text).map((denial) => ({ ...denial, source: path }));
    const lastMs = state.denials.at(-1)?.atMs ?? -Infinity;
    state.denials.push(...found);
    // Each log is in time order; two logs (or a clock step) can interleave: keep the whole list sorted.
    if (found.some((denial) => denial.atMs < lastMs)) state.denials.sort((a, b) => a.atMs - b.atMs);
    for (const denial of found) emit({ kind: 'denial', denial, source: path });
  }
}

function pollEndRecord(state: WatchState, emit: (event: WatchEvent) => void): void {
  const stamp = stampOf(join(state.root, END_RECORD));
  if (stamp === state.endStamp) return;
  state.endStamp = stamp;
  const record = readEndRecord(state.root);
  const end = record.found ? record.end : null;
  const before = state.end;
  state.end = end;
  if (end === null || (before !== null && before.at === end.at && before.hook === end.hook)) return;
  // An end its session's log did not see (an API error, a full context): the loop-end record is the only word of it.
  const owner = views(state, Date.now()).find((view) => view.end === end && view.lastDecision.decision === 'continue');
  if (owner) emit({ kind: 'end', key: owner.key, id: owner.id, end });
}

/** The sessions as the view shows them at `nowMs`. */
export function views(state: WatchState, nowMs: number): SessionView[] {
  const denials = state.settings.denialLogs.length === 0 ? null : state.denials;
  return sessionViews(state.sessions.values(), { prices: state.prices, budgets: state.settings.budgets, denials, end: state.end, nowMs });
}
