/**
 * Loop logs for the report's tests, written the way the stop-watchers write them
 * (src/loop-record/record.ts): one JSON line per Stop, one file per session. A loop is a list
 * of Stops at given offsets from a start time; every field can be overridden per Stop.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loopLogFile, type StopRecord } from '../../src/loop-record/record.js';

export const T0 = Date.parse('2026-11-28T09:00:00.000Z');

export const iso = (ms: number) => new Date(ms).toISOString();

/** A Stop `seconds` after T0, iteration n, of a Claude Code loop that used tokens. */
export function stop(n: number, seconds: number, fields: Partial<StopRecord> = {}): StopRecord {
  return {
    v: 1,
    at: iso(T0 + seconds * 1000),
    session: 'sess-a',
    agent: 'claude-code',
    preset: 'loop',
    hook: 'ralph-loop',
    iteration: n,
    loopStarted: iso(T0),
    task: null,
    decision: 'continue',
    reason: null,
    message: null,
    usage: { model: 'claude-sonnet-4-5', input: 1000 * n, output: 200, cacheRead: 5000, cacheWrite: 0 },
    usageNote: null,
    toolCalls: 3,
    ...fields,
  };
}

export const lines = (records: object[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');

/** Write the records as the session's log under root; returns its path relative to root. */
export function writeLog(root: string, session: string, text: string): string {
  const path = loopLogFile(session);
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
  return path;
}

export function writeFile(root: string, path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A guard denial line as templates/guard/core/decision.sh.hbs writes it (bash's %z offset). */
export function guardLine(ms: number, rule: string, tool = 'Bash', call = 'rm -rf /'): string {
  const stamp = new Date(ms).toISOString().slice(0, 19);
  return `${stamp}+0000\t${rule}\t${tool}\t${call}\n`;
}

/**
 * A realistic loop: 5 iterations of a loop preset in Claude Code, on three tasks, with two
 * guard denials, ended by the completion promise, with a token and a cost budget.
 */
export function realisticProject(root: string): void {
  writeFile(root, 'ralph-hooks.config.json', JSON.stringify({
    target: 'claude-project',
    hooks: [
      { kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop', options: { maxTokens: 400000, maxCostUsd: 2, maxMinutes: 60 } },
      { kind: 'guard', preset: 'guard', name: 'guard' },
    ],
  }, null, 2));
  const records = [
    stop(1, 95, { task: 'Write the tokenizer', toolCalls: 7, usage: { model: 'claude-sonnet-4-5', input: 12400, output: 2210, cacheRead: 31000, cacheWrite: 8200 } }),
    stop(2, 212, { task: 'Write the tokenizer', toolCalls: 11, usage: { model: 'claude-sonnet-4-5', input: 15800, output: 3405, cacheRead: 52000, cacheWrite: 4100 } }),
    stop(3, 301, { task: 'Parse expressions', toolCalls: 5, usage: { model: 'claude-sonnet-4-5', input: 9100, output: 1880, cacheRead: 61000, cacheWrite: 2050 } }),
    stop(4, 470, { task: 'Parse expressions', toolCalls: 14, usage: { model: 'claude-sonnet-4-5', input: 21000, output: 4620, cacheRead: 74000, cacheWrite: 6400 } }),
    stop(5, 530, { task: 'Report errors with line numbers', toolCalls: 4, decision: 'stop', reason: 'completed', message: '✅ Ralph loop finished: detected <promise>DONE</promise> at iteration 5.', usage: { model: 'claude-sonnet-4-5', input: 6400, output: 990, cacheRead: 80000, cacheWrite: 900 } }),
  ];
  writeLog(root, 'sess-a', lines(records));
  writeFile(root, '.ralph-hooks/logs/guard.log', guardLine(T0 + 150_000, 'fs-destroy') + guardLine(T0 + 400_000, 'secrets', 'Read', '.env'));
  writeFile(root, '.ralph-hooks/state/loop-end.json', JSON.stringify({ reason: 'completed', at: iso(T0 + 530_000).slice(0, 19) + 'Z', hook: 'ralph-loop', preset: 'loop', iteration: 5, limit: 20, message: '✅ Ralph loop finished: detected <promise>DONE</promise> at iteration 5.' }));
}
