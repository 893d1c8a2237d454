/**
 * The guard's denials, as times, from the logs that record them: the guard's own log (one
 * tab-separated line per denial: time to the second with its offset, rule, tool, the call's
 * first 200 characters) or, where no guard is configured, the audit log's blocked calls
 * (forgeflare's observe phase tells the audit log which calls a guard blocked). A report counts
 * the denials whose time falls within each iteration.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DenialLog } from './project-settings.js';

export interface Denial {
  /** Epoch milliseconds; the logs keep seconds, so this is the middle of the logged second. */
  atMs: number;
  rule: string | null;
  /** The session the log names (the audit log does; the guard's log does not), else null. */
  session: string | null;
  /** The tool whose call was denied, and the call as logged (the guard keeps its first 200 characters), when the log names them. */
  tool: string | null;
  call: string | null;
}

export interface Denials {
  /** Sorted by time. */
  denials: Denial[];
  /** The logs read (relative paths); a log not written yet counts as no denial. */
  sources: string[];
  /** Logs that exist but cannot be read. */
  problems: string[];
}

/**
 * A logged time → epoch ms. `2026-11-28T16:33:07+0000` (bash's %z) or `…07Z` (jq's todate) are
 * to the second: the denial happened within that second, and it is placed at its middle (+500
 * ms), so that one next to a Stop in the same second is as likely to fall on either side as the
 * truth is, rather than always before it. Null when it is not a time.
 */
export function guardStampMs(stamp: string): number | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)([+-])(\d\d)(\d\d)$/.exec(stamp);
  const ms = match ? Date.parse(`${match[1]}${match[2]}${match[3]}:${match[4]}`) : Date.parse(stamp);
  if (!Number.isFinite(ms)) return null;
  return /:\d\d(Z|[+-]\d\d:?\d\d)$/.test(stamp) ? ms + 500 : ms;
}

function guardDenials(text: string): Denial[] {
  const out: Denial[] = [];
  for (const line of text.split('\n')) {
    const [stamp, rule, tool, ...call] = line.split('\t');
    if (!stamp || rule === undefined) continue;
    const atMs = guardStampMs(stamp);
    if (atMs !== null) out.push({ atMs, rule: rule || null, session: null, tool: tool || null, call: call.length > 0 ? call.join('\t') : null });
  }
  return out;
}

function auditDenials(text: string): Denial[] {
  const out: Denial[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('"blocked":true')) continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const record = entry as { time?: unknown; blocked?: unknown; blocked_by?: unknown; session_id?: unknown; tool?: unknown; input?: unknown };
    if (record === null || typeof record !== 'object' || record.blocked !== true || typeof record.time !== 'string') continue;
    const atMs = guardStampMs(record.time);
    if (atMs === null) continue;
    const command = (record.input as { command?: unknown } | null | undefined)?.command;
    out.push({
      atMs,
      rule: typeof record.blocked_by === 'string' ? record.blocked_by : null,
      session: typeof record.session_id === 'string' ? record.session_id : null,
      tool: typeof record.tool === 'string' ? record.tool : null,
      call: typeof command === 'string' ? command : null,
    });
  }
  return out;
}

/** The denials in a piece of one log's text (whole lines), in the log's order: what readDenials reads per file, and what watch reads of the new bytes. */
export function denialsInText(kind: DenialLog['kind'], text: string): Denial[] {
  return kind === 'guard' ? guardDenials(text) : auditDenials(text);
}

/** The denials of every log; null when no log is configured (then a report gives no denial counts). */
export function readDenials(root: string, logs: DenialLog[]): Denials | null {
  if (logs.length === 0) return null;
  const denials: Denial[] = [];
  const problems: string[] = [];
  const sources: string[] = [];
  for (const log of logs) {
    if (sources.includes(log.path)) continue;
    sources.push(log.path);
    let text: string;
    try {
      text = readFileSync(join(root, log.path), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') problems.push(`${log.path} cannot be read (${code ?? (error as Error).message}): denials not counted from it.`);
      continue;
    }
    denials.push(...denialsInText(log.kind, text));
  }
  denials.sort((a, b) => a.atMs - b.atMs);
  return { denials, sources, problems };
}

/** Index of the first denial at or after `ms` (binary search over the sorted times). */
function firstAtOrAfter(denials: Denial[], ms: number): number {
  let low = 0;
  let high = denials.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (denials[middle]!.atMs < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Denials in (startMs, endMs]: an iteration's own, given its start (the previous Stop) and its
 * Stop. A denial names a session only in the audit log; one of another session is not counted.
 */
export function denialsBetween(denials: Denial[], startMs: number, endMs: number, session: string | null): Denial[] {
  const out: Denial[] = [];
  for (let i = firstAtOrAfter(denials, startMs + 1); i < denials.length && denials[i]!.atMs <= endMs; i++) {
    const denial = denials[i]!;
    if (denial.session === null || session === null || denial.session === session) out.push(denial);
  }
  return out;
}
