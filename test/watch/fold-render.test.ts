/**
 * The watch's core without a terminal: records folded into sessions (src/watch/fold.ts), the
 * views at a given time (view.ts) and their text (render.ts). The figures are checked against
 * `ralph-hooks report`'s own reading of the same log (buildReport), not against themselves.
 */
import { describe, expect, it } from 'vitest';
import { checkRecord, type ReadRecord } from '../../src/report/read-log.js';
import { buildReport } from '../../src/report/build.js';
import { priceTable } from '../../src/loop-record/prices.js';
import { createWatch, pollWatch, views } from '../../src/watch/watcher.js';
import { foldRecord, newSession } from '../../src/watch/fold.js';
import { sessionViews, type ViewContext } from '../../src/watch/view.js';
import { bar, displayWidth, eventLine, fit, renderFrame, summaryLine, type FrameOptions } from '../../src/watch/render.js';
import { keysOf } from '../../cli/commands/watch.js';
import { tempDir } from '../helpers/cli.js';
import { T0, iso, realisticProject, stop } from '../loop-report/fixtures.js';
import type { StopRecord } from '../../src/loop-record/record.js';

const read = (record: StopRecord): ReadRecord => checkRecord(JSON.parse(JSON.stringify(record))) as ReadRecord;

function folded(records: StopRecord[], key = 'sess-a') {
  const session = newSession(key, `.ralph-hooks/state/loops/${key}.jsonl`);
  for (const record of records) foldRecord(session, read(record));
  return session;
}

const context = (over: Partial<ViewContext> = {}): ViewContext => ({ prices: priceTable(), budgets: new Map(), denials: null, end: null, nowMs: T0 + 600_000, ...over });

const frameOptions = (over: Partial<FrameOptions> = {}): FrameOptions => ({ width: 100, height: null, nowMs: T0 + 600_000, selected: null, live: false, color: false, project: '/p', folderFound: true, problem: null, ...over });

describe('folding the records of a session', () => {
  it("gives the report's totals, cost and end for the same log", () => {
    const root = tempDir();
    realisticProject(root);
    const state = createWatch(root);
    pollWatch(state, { events: false });
    const [view] = views(state, T0 + 600_000);
    const report = buildReport(root).sessions[0]!;
    expect(view!.tokens).toEqual(report.totals.tokens);
    expect(view!.costUsd).toBeCloseTo(report.totals.costUsd!, 5);
    expect(view!.toolCalls).toBe(report.toolCalls);
    expect(view!.denialCount).toBe(report.denials);
    expect(view!.denials.map((d) => d.rule)).toEqual(['secrets', 'fs-destroy']);
    expect(view).toMatchObject({ iteration: 5, endReason: 'completed', running: false, elapsedMs: 530_000, task: 'Report errors with line numbers' });
    // Each budget of the hook against what the loop used: 400,000 tokens, $2, 60 minutes.
    expect(view!.budgets.map((b) => [b.kind, b.limit])).toEqual([['tokens', 400000], ['cost', 2], ['minutes', 60]]);
    expect(view!.budgets[0]!.used).toBe(view!.tokenTotal);
    expect(view!.budgets[2]!.used).toBeCloseTo(530 / 60, 5);
  });

  it('a running loop: its clock goes on to now, and its status says so', () => {
    const session = folded([stop(1, 60), stop(2, 120)]);
    const [view] = sessionViews([session], context({ nowMs: T0 + 300_000 }));
    expect(view).toMatchObject({ running: true, elapsedMs: 300_000, iteration: 2, endReason: null });
    expect(summaryLine(view!, T0 + 300_000)).toContain('running: iteration 3 under way (last Stop 3 min 00 s ago)');
  });

  it('a new loop in the same session starts its figures from zero', () => {
    const again = T0 + 1000_000;
    const session = folded([
      stop(1, 60), stop(2, 120, { decision: 'stop', reason: 'max-iterations' }),
      stop(1, 1060, { loopStarted: iso(again) }),
    ]);
    const [view] = sessionViews([session], context({ nowMs: again + 100_000 }));
    expect(view).toMatchObject({ loopNumber: 2, iteration: 1, running: true, elapsedMs: 100_000 });
    expect(view!.tokens).toEqual({ input: 1000, output: 200, cacheRead: 5000, cacheWrite: 0 });
  });

  it('two hooks writing lines for the same Stops: one is followed, no token counted twice', () => {
    const records = [1, 2, 3].flatMap((n) => [stop(n, n * 60), stop(n, n * 60, { hook: 'watcher', preset: 'passive' })]);
    const [view] = sessionViews([folded([...records, stop(4, 240)])], context());
    expect(view).toMatchObject({ hook: 'ralph-loop', hooks: ['ralph-loop', 'watcher'] });
    expect(view!.tokens.input).toBe(1000 + 2000 + 3000 + 4000);
  });

  it('a figure the agent did not give stays unknown, never 0; a model with no price is named', () => {
    const noUsage = folded([stop(1, 60, { agent: 'droid', usage: null, usageNote: "droid's transcript carries no token counts", toolCalls: null })]);
    const [view] = sessionViews([noUsage], context());
    expect(view).toMatchObject({ tokenTotal: null, costUsd: null, toolCalls: null, usageNote: "droid's transcript carries no token counts" });
    const frame = renderFrame([view!], frameOptions());
    expect(frame).toContain("tokens     unknown (droid's transcript carries no token counts)");
    const local = folded([stop(1, 60, { usage: { model: 'my-local-model', input: 10, output: 5, cacheRead: null, cacheWrite: null } })]);
    const [priced] = sessionViews([local], context());
    expect(priced!.unpriced).toEqual(['my-local-model']);
    expect(renderFrame([priced!], frameOptions())).toContain('no price for my-local-model');
  });

  it('an end the log did not see (the loop-end record of an API error) ends the session that ran it', () => {
    const session = folded([stop(1, 60), stop(2, 120)]);
    const end = { reason: 'session-failed' as const, at: iso(T0 + 180_000), hook: 'ralph-loop', preset: 'loop', iteration: 2, limit: 10, message: 'the API failed' };
    const [view] = sessionViews([session], context({ end }));
    expect(view).toMatchObject({ running: false, endReason: 'session-failed', elapsedMs: 120_000 });
    expect(renderFrame([view!], frameOptions())).toContain('status     ended: the session ended on an API error');
  });
});

describe('the frame', () => {
  const two = () => {
    const a = folded([stop(1, 60, { task: 'Write the tokenizer' }), stop(2, 120, { task: 'Parse \x1b[31mred\x1b[0m\nexpressions' })]);
    const b = folded([stop(1, 200, { session: 'sess-b', loopStarted: iso(T0 + 150_000) })], 'sess-b');
    return sessionViews([a, b], context({ budgets: new Map([['ralph-loop', { maxTokens: 20_000, maxCostUsd: null, maxMinutes: 10 }]]) }));
  };

  it('lists every session, newest loop first, and shows the chosen one in full', () => {
    const list = two();
    expect(list.map((v) => v.key)).toEqual(['sess-b', 'sess-a']);
    const frame = renderFrame(list, frameOptions({ selected: 'sess-a' }));
    expect(frame).toMatch(/^> sess-a +Claude Code +loop +#2 +10 min 00 s +13,400 +\$0\.0\d+ +running$/m);
    expect(frame).toMatch(/^ {2}sess-b +Claude Code/m);
    expect(frame).toContain('Session sess-a\n');
    expect(frame).toContain('  tokens  [################........]  67%  13,400 of 20,000');
    expect(frame).toContain('  minutes [########################] 100%  10 min 00 s of 10 min');
    // The task's escape sequence and line break are spaces: nothing from a log acts on the terminal.
    expect(frame).toContain('task       Parse  [31mred [0m expressions');
    expect(frame).not.toContain('\x1b');
  });

  it('fits the width and the height it is given; colour only when asked for', () => {
    const list = two();
    for (const width of [40, 80, 130]) {
      for (const line of renderFrame(list, frameOptions({ width, height: 20, live: true })).split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
    }
    expect(renderFrame(list, frameOptions({ height: 20, live: true })).trimEnd().split('\n')).toHaveLength(20);
    const colored = renderFrame(list, frameOptions({ color: true, live: true }));
    expect(colored).toContain('\x1b[7m');
    expect(colored.replace(/\x1b\[[0-9;]*m/g, '')).toContain('q quit');
  });

  it('widths: wide characters take two cells, and a cut text ends with …', () => {
    expect(displayWidth('✅ done')).toBe(7);
    expect(displayWidth('🛑 stop')).toBe(7);
    expect(fit('✅ Ralph loop finished', 8)).toBe('✅ Ralp…');
    expect(bar(0.5)).toBe('[############............]');
    expect(bar(3)).toBe(`[${'#'.repeat(24)}]`);
  });

  it('with no log yet, one sentence that says so', () => {
    expect(renderFrame([], frameOptions({ folderFound: false }))).toContain('No loop has been recorded here yet: .ralph-hooks/state/loops/ does not exist.');
    expect(renderFrame([], frameOptions({ live: true }))).toContain('No Stop recorded yet in .ralph-hooks/state/loops/. Waiting for the first Stop…');
  });
});

describe('the plain lines', () => {
  it('a Stop, a denial, an end and a log change, each on one line', () => {
    const record = read(stop(3, 180, { decision: 'stop', reason: 'budget', message: '🛑 budget\nreached' }));
    const idOf = (key: string) => `id-of-${key}`;
    expect(eventLine({ kind: 'stop', key: 'k', record, loopNumber: 1, costUsd: 0.01, totalTokens: 30000, totalCostUsd: 0.05 }, idOf, 0))
      .toBe('2026-11-28T09:03:00Z  id-of-k  claude-code/loop  #3 stop budget  tokens +8,200 = 30,000  cost +$0.0100 = $0.0500  tools 3  🛑 budget reached');
    expect(eventLine({ kind: 'denial', source: 'g', denial: { atMs: T0 + 500, rule: 'fs-destroy', session: null, tool: 'Bash', call: 'rm -rf /' } }, idOf, 0))
      .toBe('2026-11-28T09:00:00Z  guard denied fs-destroy: Bash rm -rf /');
    expect(eventLine({ kind: 'log', path: '.ralph-hooks/state/loops/k.jsonl', change: 'truncated' }, idOf, T0)).toBe('2026-11-28T09:00:00Z  .ralph-hooks/state/loops/k.jsonl was truncated: read again from its start');
    expect(eventLine({ kind: 'end', key: 'k', id: 'k', end: { reason: 'context-full', at: iso(T0), hook: 'h', preset: 'loop', iteration: 2, limit: null, message: 'full' } }, idOf, 0))
      .toBe('2026-11-28T09:00:00Z  k  ended: the context was full  full');
  });
});

describe('keys', () => {
  it('arrows, j/k, Tab and Shift-Tab, digits, q and Ctrl-C', () => {
    expect(keysOf('\x1b[B\x1b[Aj\tk\x1b[Z3q\x03')).toEqual(['next', 'previous', 'next', 'next', 'previous', 'previous', { pick: 2 }, 'quit', 'quit']);
    expect(keysOf('\x1bOB')).toEqual(['next']);
    expect(keysOf('x')).toEqual([]);
  });
});
