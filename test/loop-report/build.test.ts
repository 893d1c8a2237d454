/**
 * From the loop logs to a report (src/report/build.ts) and its JSON (render-json.ts): each
 * iteration's start, duration, tokens, cost, tool calls, denials; the totals, null when no
 * iteration gave the figure; the budgets and prices of the config, read tolerantly; the end.
 */
import { describe, expect, it } from 'vitest';
import { costUsd, priceTable } from '../../src/loop-record/prices.js';
import { buildReport, pickSession } from '../../src/report/build.js';
import { reportJson } from '../../src/report/render-json.js';
import { budgetWallMs, wallMs } from '../../src/report/words.js';
import { tempDir } from '../helpers/cli.js';
import { guardLine, iso, lines, realisticProject, stop, T0, writeFile, writeLog } from './fixtures.js';

const only = (root: string) => {
  const report = buildReport(root);
  expect(report.sessions).toHaveLength(1);
  return { report, session: report.sessions[0]! };
};

describe('a realistic loop', () => {
  const root = tempDir();
  realisticProject(root);
  const { report, session } = only(root);

  it('each iteration starts at the previous Stop (the first at the loop start) and lasts until its own', () => {
    expect(session.iterations.map((it) => [it.n, it.start, it.durationMs])).toEqual([
      [1, iso(T0), 95_000],
      [2, iso(T0 + 95_000), 117_000],
      [3, iso(T0 + 212_000), 89_000],
      [4, iso(T0 + 301_000), 169_000],
      [5, iso(T0 + 470_000), 60_000],
    ]);
  });

  it('tokens as recorded, cost from the price list, tool calls, the task, decision and reason', () => {
    const it1 = session.iterations[0]!;
    expect(it1.tokens).toEqual({ input: 12400, output: 2210, cacheRead: 31000, cacheWrite: 8200 });
    // claude-sonnet-4: $3 in, $15 out, $0.30 cache read, $3.75 cache write per million.
    expect(it1.costUsd).toBeCloseTo((12400 * 3 + 2210 * 15 + 31000 * 0.3 + 8200 * 3.75) / 1e6, 10);
    expect(it1).toMatchObject({ toolCalls: 7, task: 'Write the tokenizer', decision: 'continue', reason: null });
    expect(session.iterations[4]).toMatchObject({ decision: 'stop', reason: 'completed' });
  });

  it("counts the guard's denials in the iteration whose span holds their time", () => {
    expect(session.iterations.map((it) => it.denials)).toEqual([0, 1, 0, 1, 0]);
    expect(session.denialRules).toEqual([{ rule: 'fs-destroy', count: 1 }, { rule: 'secrets', count: 1 }]);
    expect(report.denialSources).toEqual(['.ralph-hooks/logs/guard.log']);
  });

  it('totals: iterations, the sum of durations, tokens by kind and cost', () => {
    const sum = (pick: (it: (typeof session.iterations)[number]) => number) => session.iterations.reduce((a, it) => a + pick(it), 0);
    expect(session.totals).toEqual({
      iterations: 5,
      durationMs: 530_000,
      tokens: { input: 64700, output: 13105, cacheRead: 298000, cacheWrite: 21650 },
      costUsd: sum((it) => it.costUsd!),
    });
    expect(session.toolCalls).toBe(41);
  });

  it('the session: id, agent, preset, start, end and why, with the end record\'s message; the budgets of its hook', () => {
    expect(session).toMatchObject({ id: 'sess-a', agent: 'claude-code', preset: 'loop', started: iso(T0), ended: iso(T0 + 530_000), endReason: 'completed' });
    expect(session.end?.message).toContain('<promise>DONE</promise>');
    expect(session.budgets).toEqual({ maxTokens: 400000, maxCostUsd: 2, maxMinutes: 60 });
  });

  it('the JSON is the documented shape, in its order, and nothing more', () => {
    const json = reportJson([session]);
    expect(Object.keys(json)).toEqual(['version', 'sessions']);
    expect(json.version).toBe(1);
    const s = json.sessions[0]!;
    expect(Object.keys(s)).toEqual(['id', 'agent', 'preset', 'started', 'ended', 'endReason', 'iterations', 'totals']);
    expect(Object.keys(s.iterations[0]!)).toEqual(['n', 'start', 'durationMs', 'tokens', 'costUsd', 'toolCalls', 'denials', 'task', 'decision', 'reason']);
    expect(Object.keys(s.iterations[0]!.tokens)).toEqual(['input', 'output', 'cacheRead', 'cacheWrite']);
    expect(Object.keys(s.totals)).toEqual(['iterations', 'durationMs', 'tokens', 'costUsd']);
    expect(Object.keys(s.totals.tokens)).toEqual(['input', 'output', 'cacheRead', 'cacheWrite']);
  });
});

describe('a figure not given is null, never 0', () => {
  it('an agent that gives no usage: tokens and cost null in every iteration and in the totals', () => {
    const root = tempDir();
    writeLog(root, 'cx', lines([1, 2, 3].map((n) => stop(n, n * 60, { session: 'cx', agent: 'codex', usage: null, usageNote: 'the transcript carries no usage' }))));
    const { session } = only(root);
    for (const it of session.iterations) {
      expect(it.tokens).toEqual({ input: null, output: null, cacheRead: null, cacheWrite: null });
      expect(it.costUsd).toBeNull();
    }
    expect(session.totals.tokens).toEqual({ input: null, output: null, cacheRead: null, cacheWrite: null });
    expect(session.totals.costUsd).toBeNull();
    expect(session.usageNotes).toEqual([{ note: 'the transcript carries no usage', count: 3 }]);
  });

  it('some iterations with usage: the totals add those that gave it', () => {
    const root = tempDir();
    writeLog(root, 's', lines([stop(1, 60), stop(2, 120, { usage: null, usageNote: 'no transcript' }), stop(3, 180, { usage: { model: 'claude-sonnet-4-5', input: 10, output: null, cacheRead: null, cacheWrite: null } })]));
    const { session } = only(root);
    expect(session.totals.tokens).toEqual({ input: 1000 + 10, output: 200, cacheRead: 5000, cacheWrite: 0 });
    expect(session.withTokens).toBe(2);
  });

  it('no loop start, no previous Stop: the first iteration\'s start, duration and denials are unknown', () => {
    const root = tempDir();
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ hooks: [{ kind: 'guard', preset: 'guard' }] }));
    writeLog(root, 's', lines([stop(1, 60, { loopStarted: null }), stop(2, 120, { loopStarted: null })]));
    const { session } = only(root);
    expect(session.iterations.map((it) => [it.start, it.durationMs, it.denials])).toEqual([[null, null, null], [iso(T0 + 60_000), 60_000, 0]]);
    expect(session.started).toBeNull();
    expect(session.totals.durationMs).toBe(60_000);
  });

  it('no tool-call count: null', () => {
    const root = tempDir();
    writeLog(root, 's', lines([stop(1, 60, { toolCalls: null })]));
    expect(only(root).session.toolCalls).toBeNull();
  });

  it('no guard nor audit log configured: denials null; a guard whose log is not written yet: 0', () => {
    const root = tempDir();
    writeLog(root, 's', lines([stop(1, 60)]));
    expect(only(root).session.iterations[0]!.denials).toBeNull();
    expect(buildReport(root).denialSources).toBeNull();
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ hooks: [{ kind: 'guard', preset: 'guard', name: 'g', options: { logFile: 'logs/g.log' } }] }));
    expect(only(root).session.iterations[0]!.denials).toBe(0);
    expect(buildReport(root).denialSources).toEqual(['logs/g.log']);
  });
});

describe('the config, read tolerantly', () => {
  it('a model without a price: cost null; the config\'s prices add it', () => {
    const root = tempDir();
    writeLog(root, 's', lines([stop(1, 60, { usage: { model: 'house-model-1', input: 2_000_000, output: 1_000_000, cacheRead: null, cacheWrite: null } })]));
    expect(only(root).session.iterations[0]!.costUsd).toBeNull();
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ prices: { 'house-model': { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 } } }));
    expect(only(root).session.iterations[0]!.costUsd).toBe(4);
  });

  it('the config overrides a listed price, the same way the stop-watchers compute it', () => {
    const root = tempDir();
    const price = { input: 10, output: 10, cacheRead: 10, cacheWrite: 10 };
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ prices: { 'claude-sonnet-4': price } }));
    writeLog(root, 's', lines([stop(1, 60)]));
    const usage = stop(1, 60).usage;
    expect(only(root).session.iterations[0]!.costUsd).toBe(costUsd(usage, priceTable({ 'claude-sonnet-4': price })));
  });

  it('budgets of wrong types, prices of wrong shape and unknown fields are left out; a config that is not JSON is one note', () => {
    const root = tempDir();
    writeLog(root, 's', lines([stop(1, 60)]));
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({
      prices: { 'claude-sonnet-4': { input: 'cheap' } },
      hooks: [{ kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop', options: { maxTokens: '1000', maxCostUsd: -1, maxMinutes: 30, future: true } }, 'junk'],
    }));
    const { session } = only(root);
    expect(session.budgets).toEqual({ maxTokens: null, maxCostUsd: null, maxMinutes: 30 });
    expect(session.iterations[0]!.costUsd).toBe(costUsd(stop(1, 60).usage, priceTable()));
    writeFile(root, 'ralph-hooks.config.json', '{ "hooks": [');
    const report = buildReport(root);
    expect(report.sessions).toHaveLength(1);
    expect(report.notes).toEqual(['ralph-hooks.config.json is not JSON: no budgets, no price overrides, no denial counts.']);
  });
});

describe('denials', () => {
  it("from the audit log's blocked calls when no guard is configured, only the session's own", () => {
    const root = tempDir();
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ target: 'forgeflare', hooks: [{ kind: 'audit-log', preset: 'audit-log' }] }));
    writeLog(root, 's', lines([stop(1, 60, { session: 's' }), stop(2, 120, { session: 's' })]));
    const at = (s: number) => new Date(T0 + s * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    writeFile(root, '.ralph-hooks/logs/audit.jsonl', [
      { time: at(30), tool: 'Bash', blocked: true, blocked_by: 'guard', session_id: 's' },
      { time: at(31), tool: 'Bash', blocked: false, session_id: 's' },
      { time: at(90), tool: 'Bash', blocked: true, blocked_by: 'guard', session_id: 'other' },
      { time: at(100), tool: 'Bash', blocked: true, blocked_by: 'guard', session_id: 's' },
    ].map((l) => JSON.stringify(l)).join('\n') + '\n');
    const { session } = only(root);
    expect(session.iterations.map((it) => it.denials)).toEqual([1, 1]);
  });

  it('a denial, logged to the second, counts at the middle of its second: once, in the iteration around it', () => {
    const root = tempDir();
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ hooks: [{ kind: 'guard', preset: 'guard' }] }));
    // Stops at 60.000 s, 120.400 s and 180.600 s after the loop start.
    writeLog(root, 's', lines([stop(1, 60), stop(2, 120.4), stop(3, 180.6)]));
    writeFile(root, '.ralph-hooks/logs/guard.log', [
      guardLine(T0 + 59_000, 'a'), // 59.5: iteration 1
      guardLine(T0 + 60_000, 'b'), // 60.5: after the Stop at 60.000, iteration 2
      'garbage line\n',
      guardLine(T0 + 120_000, 'c'), // 120.5: after 120.400, iteration 3
      guardLine(T0 + 180_000, 'd'), // 180.5: before 180.600, iteration 3
      guardLine(T0 + 500_000, 'e'), // after the last Stop: no iteration
    ].join(''));
    const { session } = only(root);
    expect(session.iterations.map((it) => it.denials)).toEqual([1, 1, 2]);
  });
});

describe('sessions and their end', () => {
  it('one session per log, oldest first; the default is the one whose last Stop is latest; by id or file name', () => {
    const root = tempDir();
    writeLog(root, 'zzz-early', lines([stop(1, 10, { session: 'zzz-early' })]));
    writeLog(root, 'aaa-late', lines([stop(1, 500, { session: 'aaa-late' })]));
    writeLog(root, 'odd_name', lines([stop(1, 100, { session: 'odd/name' })]));
    const report = buildReport(root);
    expect(report.sessions.map((s) => s.id)).toEqual(['zzz-early', 'odd/name', 'aaa-late']);
    expect(pickSession(report, undefined)?.id).toBe('aaa-late');
    expect(pickSession(report, 'odd/name')?.id).toBe('odd/name');
    expect(pickSession(report, 'odd_name')?.id).toBe('odd/name');
    expect(pickSession(report, 'nope')).toBeNull();
  });

  it('a loop started again in the same session: its first iteration starts at the new loop start', () => {
    const root = tempDir();
    writeLog(root, 's', lines([
      stop(1, 60, { decision: 'stop', reason: 'completed' }),
      stop(1, 1000, { loopStarted: iso(T0 + 900_000) }),
    ]));
    const { session } = only(root);
    expect(session.iterations.map((it) => [it.start, it.durationMs])).toEqual([[iso(T0), 60_000], [iso(T0 + 900_000), 100_000]]);
    // maxMinutes counts from the start of the loop running now, not the session's first.
    expect(session.lastLoopStarted).toBe(iso(T0 + 900_000));
    expect(budgetWallMs(session)).toBe(100_000);
    expect(wallMs(session)).toBe(1_000_000);
  });

  it('an empty log or one with no readable line is listed apart, not as a session', () => {
    const root = tempDir();
    writeLog(root, 'empty', '');
    writeLog(root, 'junk', 'nope\n{"v":1}\n');
    writeLog(root, 'good', lines([stop(1, 10, { session: 'good' })]) + '{"v":1,"at":');
    const report = buildReport(root);
    expect(report.sessions.map((s) => s.id)).toEqual(['good']);
    expect(report.sessions[0]!.problems).toEqual(['the last line is cut short (a Stop was being written, or the disk was full) and was skipped']);
    expect(report.unreadable).toEqual([
      { path: '.ralph-hooks/state/loops/empty.jsonl', why: 'empty' },
      { path: '.ralph-hooks/state/loops/junk.jsonl', why: '2 lines are not a loop record and were skipped' },
    ]);
  });

  it('an end the log did not see (an API error after a continue) comes from the end record; another hook\'s record is not this session\'s', () => {
    const root = tempDir();
    writeLog(root, 's', lines([stop(1, 60), stop(2, 120)]));
    const end = (hook: string) => JSON.stringify({ reason: 'session-failed', at: iso(T0 + 130_000).replace(/\.\d+Z$/, 'Z'), hook, preset: 'loop', iteration: 2, limit: 10, message: 'API error' });
    writeFile(root, '.ralph-hooks/state/loop-end.json', end('other-hook'));
    expect(only(root).session).toMatchObject({ endReason: null, end: null });
    writeFile(root, '.ralph-hooks/state/loop-end.json', end('ralph-loop'));
    expect(only(root).session).toMatchObject({ endReason: 'session-failed', end: { message: 'API error' } });
  });

  it('an end record of an earlier loop does not name the end of a later session that is still running', () => {
    const root = tempDir();
    writeFile(root, '.ralph-hooks/state/loop-end.json', JSON.stringify({ reason: 'completed', at: iso(T0 + 10_000).replace(/\.\d+Z$/, 'Z'), hook: 'ralph-loop', preset: 'loop', iteration: 1, limit: 10, message: 'done' }));
    writeLog(root, 's', lines([stop(1, 60), stop(2, 120)]));
    expect(only(root).session).toMatchObject({ endReason: null, end: null });
  });
});

describe('two stop-watchers in one session (a loop and the passive watcher)', () => {
  it('each writes a line per Stop with the same usage: the report follows one of them and counts every token once', () => {
    const root = tempDir();
    const passive = (line: ReturnType<typeof stop>) => ({ ...line, hook: 'passive-watcher', preset: 'passive' });
    const loop = [stop(1, 60), stop(2, 120), stop(3, 180, { decision: 'stop', reason: 'completed' })];
    writeLog(root, 'sess-a', lines([loop[0]!, passive(loop[0]!), loop[1]!, passive(loop[1]!), loop[2]!]));
    const { session } = only(root);
    expect(session.iterations.map((it) => it.hook)).toEqual(['ralph-loop', 'ralph-loop', 'ralph-loop']);
    expect(session.totals.iterations).toBe(3);
    expect(session.totals.tokens.input).toBe(loop.reduce((sum, line) => sum + line.usage!.input!, 0));
    expect(session.hooks).toEqual(['ralph-loop', 'passive-watcher']);
    expect(session.problems.join('\n')).toContain('the report follows ralph-loop, so no token is counted twice');
  });
});
