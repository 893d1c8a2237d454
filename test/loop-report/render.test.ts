/**
 * The renderers (src/report/render-*.ts): the terminal table (aligned, "-" for what was not
 * given, plain sentences), the page (self-contained, every text from the log escaped), and a
 * 100,000-iteration log through all three (correctness only: bench/report.mjs times it).
 */
import { describe, expect, it } from 'vitest';
import { buildReport } from '../../src/report/build.js';
import { axisTicks, dollarTicks, escapeHtml, renderHtml, tokenTicks } from '../../src/report/render-html.js';
import { renderJson } from '../../src/report/render-json.js';
import { oneLine, renderTable } from '../../src/report/render-table.js';
import { tempDir } from '../helpers/cli.js';
import { lines, realisticProject, stop, T0, writeFile, writeLog } from './fixtures.js';

const realistic = () => {
  const root = tempDir();
  realisticProject(root);
  return buildReport(root);
};

describe('the table', () => {
  it('one aligned row per iteration: each column starts where its heading does', () => {
    const report = realistic();
    const text = renderTable(report, report.sessions);
    const rows = text.split('\n');
    const head = rows.find((l) => l.trimStart().startsWith('#  start'))!;
    const body = rows.slice(rows.indexOf(head) + 1, rows.indexOf(head) + 6);
    expect(body).toHaveLength(5);
    // Right-aligned figures end under the end of their heading; left-aligned words start under its start.
    for (const [word, right] of [['duration', true], ['input', true], ['cost', true], ['decision', false], ['task', false]] as const) {
      const at = head.indexOf(word);
      for (const row of body) {
        if (right) expect(row[at + word.length - 1], `${word} in ${row}`).not.toBe(' ');
        else expect(row[at - 1] === ' ' && row[at] !== ' ', `${word} in ${row}`).toBe(true);
      }
    }
    expect(body[0]).toBe('    1  09:00:00  1 min 35 s  12,400   2,210      31,000        8,200  $0.1104      7       0  continue             Write the tokenizer');
    expect(text).toContain('  all            8 min 50 s  64,700  13,105     298,000       21,650  $0.5613     41       2');
  });

  it('the head says who, what and why it ended; the budgets with what was used', () => {
    const report = realistic();
    const text = renderTable(report, report.sessions);
    expect(text).toContain('Session sess-a: Claude Code, loop preset (hook ralph-loop), 5 iterations\n');
    expect(text).toContain('  ended    2026-11-28 09:08:50 UTC: completed\n');
    expect(text).toContain('  message  ✅ Ralph loop finished: detected <promise>DONE</promise> at iteration 5.\n');
    expect(text).toContain('Budgets of ralph-loop:\n  400,000 tokens: 397,455 used (99%)\n  $2.00: $0.5613 spent (28%)\n  60 min: 8 min 50 s (15%)\n');
  });

  it('an agent that gives no token counts: "-" in its cells and a plain sentence, never a 0', () => {
    const root = tempDir();
    writeLog(root, 'cx', lines([1, 2].map((n) => stop(n, n * 60, { session: 'cx', agent: 'codex', usage: null, usageNote: 'the transcript carries no usage', toolCalls: null }))));
    const report = buildReport(root);
    const text = renderTable(report, report.sessions);
    expect(text).toContain('Codex CLI gave no token counts (the transcript carries no usage): tokens and cost are unknown, shown as -, not 0.');
    expect(text).toContain('Guard denials are not counted: no guard (nor audit log) is configured.');
    const row = text.split('\n').find((l) => /^\s+1 {2}09:00:00/.test(l))!;
    expect(row.trim().split(/\s{2,}/).slice(3, 10)).toEqual(['-', '-', '-', '-', '-', '-', '-']);
    expect(row).not.toMatch(/\b0\b/);
  });

  it('text from the log is one line with no control character (nothing a terminal would act on)', () => {
    expect(oneLine('a\x1b[31mred\x1b[0m\nnext\tline\u2028x', 100)).toBe('a [31mred [0m next line x');
    expect(oneLine('x'.repeat(60), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('no log, an empty log: a sentence', () => {
    const none = tempDir();
    expect(renderTable(buildReport(none), [])).toBe('No loop has been recorded here yet: .ralph-hooks/state/loops/ does not exist. Each stop-watcher appends a line there at every Stop once a loop runs.\n');
    writeLog(none, 'empty-one', '');
    expect(renderTable(buildReport(none), [])).toBe('No Stop could be read from .ralph-hooks/state/loops/:\n  .ralph-hooks/state/loops/empty-one.jsonl: empty\n');
  });
});

describe('the page', () => {
  it('is self-contained: no script, no link, no image, nothing fetched; its policy forbids it', () => {
    const report = realistic();
    const html = renderHtml(report, report.sessions);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|https?:\/\//i);
  });

  it('shows the iterations, the totals, the budgets, the task steps, the denials and the end', () => {
    const report = realistic();
    const html = renderHtml(report, report.sessions);
    expect(/<table class="iterations">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)![1]!.match(/<tr>/g)).toHaveLength(5);
    expect(html).toContain('<strong>Ended: completed</strong>');
    expect(html).toContain('<dt>cost</dt><dd>$0.5613</dd>');
    expect(html).toContain('400,000 tokens: 397,455 used (99%)');
    expect(html).toMatch(/<td class="task">Parse expressions<\/td><td class="n">3–4<\/td>/);
    expect(html).toContain('2 calls denied in 2 iterations.');
    expect(html).toContain('maxCostUsd $2.00');
    // The timeline: one bar per iteration, coloured by its decision.
    expect(html.match(/<rect [^>]*fill="var\(--continue\)"/g)).toHaveLength(4);
    expect(html.match(/<rect [^>]*fill="var\(--completed\)"/g)).toHaveLength(1);
  });

  it('escapes every text from the log: task, reason, message, session id, hook, model, usage note', () => {
    const evil = `<script>alert(1)</script><img src=x onerror="alert(2)">&amp;'`;
    const root = tempDir();
    writeLog(root, 'x', lines([
      stop(1, 60, { session: evil, hook: evil, task: evil, usage: { model: evil, input: 5, output: 5, cacheRead: null, cacheWrite: null } }),
      stop(2, 120, { session: evil, hook: evil, task: evil, usage: null, usageNote: evil, decision: 'stop', reason: evil, message: evil }),
    ]));
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ hooks: [{ kind: 'guard', preset: 'guard' }] }));
    writeFile(root, '.ralph-hooks/logs/guard.log', `${new Date(T0 + 30_000).toISOString().slice(0, 19)}+0000\t${evil}\tBash\tx\n`);
    const report = buildReport(root);
    const html = renderHtml(report, report.sessions);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/onerror="/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;&amp;amp;&#39;');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('no session: a page that says so', () => {
    const report = buildReport(tempDir());
    const html = renderHtml(report, []);
    expect(html).toContain('<title>Loop report: no loop recorded</title>');
    expect(html).toContain('No loop has been recorded here yet');
  });
});

describe("the charts' axes", () => {
  it('ticks at round steps from 0 to at or above the largest value, labelled with the digits each needs', () => {
    const dollars = (max: number) => dollarTicks(axisTicks(max));
    expect(dollars(0.025)).toEqual(['$0', '$0.005', '$0.010', '$0.015', '$0.020', '$0.025']);
    expect(dollars(0.0125)).toEqual(['$0', '$0.0025', '$0.0050', '$0.0075', '$0.0100', '$0.0125']);
    expect(dollars(0.0131)).toEqual(['$0', '$0.005', '$0.010', '$0.015']);
    expect(dollars(0.6318)).toEqual(['$0', '$0.20', '$0.40', '$0.60', '$0.80']);
    expect(dollars(1234)).toEqual(['$0', '$250', '$500', '$750', '$1,000', '$1,250']);
    const tokens = (max: number) => tokenTicks(axisTicks(max));
    expect(tokens(397_455)).toEqual(['0', '100k', '200k', '300k', '400k']);
    expect(tokens(1_200_000)).toEqual(['0', '250k', '500k', '750k', '1M', '1.25M']);
    expect(tokens(7)).toEqual(['0', '2', '4', '6', '8']);
    // Exact values, not sums of floating steps: 3 × 0.1 is 0.3.
    expect(axisTicks(0.5).ticks).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5]);
  });
});

describe('a 100,000-iteration log', () => {
  const N = 100_000;
  const root = tempDir();
  writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop', options: { maxTokens: 5e9 } }, { kind: 'guard', preset: 'guard' }] }));
  const records = Array.from({ length: N }, (_, i) => JSON.stringify(stop(i + 1, (i + 1) * 7, { task: `task ${Math.floor(i / 1000)}`, decision: i === N - 1 ? 'stop' : 'continue', reason: i === N - 1 ? 'max-iterations' : null })));
  writeLog(root, 'big', `${records.join('\n')}\n`);
  writeFile(root, '.ralph-hooks/logs/guard.log', Array.from({ length: 1000 }, (_, i) => `${new Date(T0 + (i * 700 + 3) * 1000).toISOString().slice(0, 19)}+0000\tfs-destroy\tBash\trm -rf /\n`).join(''));
  const report = buildReport(root);
  const session = report.sessions[0]!;

  it('reads every iteration and adds them up', () => {
    expect(session.iterations).toHaveLength(N);
    expect(session.totals).toMatchObject({ iterations: N, durationMs: N * 7000, tokens: { input: (1000 * N * (N + 1)) / 2, output: 200 * N, cacheRead: 5000 * N, cacheWrite: 0 } });
    expect(session.denials).toBe(1000);
    expect(session.endReason).toBe('max-iterations');
  });

  it('the table has a row per iteration; the JSON every iteration; the page draws groups and lists the first and last thousand', () => {
    const table = renderTable(report, [session]);
    expect(table.split('\n').filter((l) => /^\s+\d+ {2}\d\d-\d\d \d\d:\d\d:\d\d {2}/.test(l))).toHaveLength(N);
    const json = JSON.parse(renderJson([session]));
    expect(json.sessions[0].iterations).toHaveLength(N);
    expect(json.sessions[0].iterations[N - 1]).toMatchObject({ n: N, durationMs: 7000, decision: 'stop', reason: 'max-iterations' });
    const html = renderHtml(report, [session]);
    expect(html).toContain('100,000 iterations, drawn in 400 groups of consecutive ones.');
    expect(html).toContain('input per group of 250 iterations');
    expect(html.match(/<rect [^>]*fill="var\(--input\)"/g)).toHaveLength(400);
    expect(html).toContain('98,000 iterations not shown here: ralph-hooks report --format json lists every one');
    expect(html.length).toBeLessThan(3_000_000);
  });
});

describe('the end in words', () => {
  it('a last Stop that stops without a reason says so; a last continue says no end is recorded', () => {
    const root = tempDir();
    writeLog(root, 's', lines([stop(1, 60), stop(2, 120, { decision: 'stop', reason: null })]));
    let report = buildReport(root);
    expect(report.sessions[0]!.endReason).toBeNull();
    expect(renderTable(report, report.sessions)).toContain('  ended    2026-11-28 09:02:00 UTC: stopped, with no reason recorded\n');
    writeLog(root, 's', lines([stop(1, 60)]));
    report = buildReport(root);
    expect(renderTable(report, report.sessions)).toContain('  ended    2026-11-28 09:01:00 UTC: no end recorded (still running, or ended without a Stop the log saw)\n');
  });
});

describe('the table quotes the log without control characters', () => {
  it('session id, agent, preset, reason, model and usage note: one line each, no escape sequence', () => {
    const bad = 'x\x1b]0;title\x07\nnext';
    const root = tempDir();
    writeLog(root, 's', lines([
      stop(1, 60, { session: bad, agent: bad, preset: bad, usage: { model: bad, input: 1, output: null, cacheRead: null, cacheWrite: null } }),
      stop(2, 120, { session: bad, agent: bad, preset: bad, usage: null, usageNote: bad, decision: 'stop', reason: bad }),
    ]));
    const report = buildReport(root);
    const text = renderTable(report, report.sessions);
    expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(text).toContain('x ]0;title next');
  });
});
