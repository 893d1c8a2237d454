/**
 * Reading the loop logs (src/loop-record/record.ts: one JSON line per Stop, one file per
 * session) the way a report must: tolerantly. No folder, an empty file, a last line cut short
 * by a Stop still being written, a line that is not a record: each is noted and the rest is
 * read. Nothing here throws on a file's content.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOOP_LOG_DIR, RECORD_VERSION, type RecordedUsage, type StopDecision, type StopRecord } from '../loop-record/record.js';

const DECISIONS: readonly StopDecision[] = ['continue', 'stop', 'pause'];

/** One session's log file as read. */
export interface LoopLogFile {
  /** Path relative to the project root (.ralph-hooks/state/loops/<session>.jsonl). */
  path: string;
  /** The file name without .jsonl: the session id as the writer kept it. */
  stem: string;
  /** The records in file order, each with its `at` in epoch milliseconds. */
  records: ReadRecord[];
  /** Complete lines that are not a version-1 record (not JSON, wrong shape). */
  badLines: number;
  /** Lines of a newer record version than this ralph-hooks reads. */
  newerLines: number;
  /** The last line has no newline and does not parse: a Stop was being written, or the disk filled. */
  truncatedLast: boolean;
  /** The file holds no byte, or blank lines only. */
  empty: boolean;
  /** Modification time, for ordering files whose records give no time. */
  mtimeMs: number;
}

export interface ReadRecord extends StopRecord {
  atMs: number;
  loopStartedMs: number | null;
}

/** Every log under the project's LOOP_LOG_DIR, or null when the folder is absent. */
export interface LoopLogs {
  dir: string;
  /** null: the folder does not exist (no stop-watcher has recorded a Stop here yet). */
  files: LoopLogFile[] | null;
  /** A folder that exists but cannot be listed, or files that cannot be read: one sentence each. */
  problems: string[];
}

export function readLoopLogs(root: string): LoopLogs {
  const dir = join(root, LOOP_LOG_DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.jsonl')).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { dir: LOOP_LOG_DIR, files: null, problems: [] };
    return { dir: LOOP_LOG_DIR, files: [], problems: [`${LOOP_LOG_DIR} cannot be read (${code ?? (error as Error).message}).`] };
  }
  const files: LoopLogFile[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const path = `${LOOP_LOG_DIR}/${name}`;
    let text: string;
    let mtimeMs: number;
    try {
      const full = join(dir, name);
      const stat = statSync(full);
      if (!stat.isFile()) {
        problems.push(`${path} is not a regular file; skipped.`);
        continue;
      }
      mtimeMs = stat.mtimeMs;
      text = readFileSync(full, 'utf8');
    } catch (error) {
      problems.push(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); skipped.`);
      continue;
    }
    files.push({ path, stem: name.slice(0, -'.jsonl'.length), mtimeMs, ...parseLogText(text) });
  }
  return { dir: LOOP_LOG_DIR, files, problems };
}

/** The records of one log's text, and what was wrong with the rest. */
export function parseLogText(text: string): Pick<LoopLogFile, 'records' | 'badLines' | 'newerLines' | 'truncatedLast' | 'empty'> {
  const records: ReadRecord[] = [];
  let badLines = 0;
  let newerLines = 0;
  let truncatedLast = false;
  let blank = true;
  // Line by line without splitting the whole text first: a long log is tens of megabytes.
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    const last = end === -1;
    if (last) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === '') continue;
    blank = false;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (last) truncatedLast = true;
      else badLines++;
      continue;
    }
    const record = checkRecord(value);
    if (record === 'newer') newerLines++;
    else if (record === null) badLines++;
    else records.push(record);
  }
  return { records, badLines, newerLines, truncatedLast, empty: blank };
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A count: a finite number ≥ 0, else null (a figure not given is null, never 0). */
export function countOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The last time string parsed and its value: every line of a loop repeats its loopStarted. */
let lastTime: { text: string; ms: number | null } = { text: '', ms: null };

function timeOrNull(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  if (value === lastTime.text) return lastTime.ms;
  const ms = Date.parse(value);
  lastTime = { text: value, ms: Number.isFinite(ms) ? ms : null };
  return lastTime.ms;
}

function usageOf(value: unknown): RecordedUsage | null {
  if (!isObject(value)) return null;
  const usage: RecordedUsage = {
    model: stringOrNull(value.model),
    input: countOrNull(value.input),
    output: countOrNull(value.output),
    cacheRead: countOrNull(value.cacheRead),
    cacheWrite: countOrNull(value.cacheWrite),
  };
  return usage;
}

/**
 * A version-1 record with the fields a report needs (v, a parsable `at`, a known decision), the
 * others kept when they have their type and null when not; 'newer' for a later version; null
 * for anything else.
 */
export function checkRecord(value: unknown): ReadRecord | 'newer' | null {
  if (!isObject(value)) return null;
  if (typeof value.v === 'number' && value.v > RECORD_VERSION) return 'newer';
  if (value.v !== RECORD_VERSION) return null;
  const atMs = timeOrNull(value.at);
  if (atMs === null || !DECISIONS.includes(value.decision as StopDecision)) return null;
  const usage = usageOf(value.usage);
  return {
    v: RECORD_VERSION,
    at: value.at as string,
    atMs,
    session: stringOrNull(value.session),
    agent: stringOrNull(value.agent) ?? 'unknown',
    preset: stringOrNull(value.preset) ?? 'unknown',
    hook: stringOrNull(value.hook) ?? 'unknown',
    iteration: countOrNull(value.iteration),
    loopStarted: stringOrNull(value.loopStarted),
    loopStartedMs: timeOrNull(value.loopStarted),
    task: stringOrNull(value.task),
    decision: value.decision as StopDecision,
    reason: stringOrNull(value.reason),
    message: stringOrNull(value.message),
    usage,
    usageNote: stringOrNull(value.usageNote) ?? (usage === null ? 'no usage recorded' : null),
    toolCalls: countOrNull(value.toolCalls),
  };
}
