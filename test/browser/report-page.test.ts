/**
 * The report page in a real browser: headless Chromium (Debian's `chromium` package; .ci/run
 * installs it) opens the page `ralph-hooks report --format html` wrote, from file://, and the
 * test reads what it shows from the DOM Chromium built: the iterations, the totals, the end
 * reason, the task steps, the denials, and a task from the log that holds markup shown as text,
 * not run. The screenshot is kept: under $RALPH_HOOKS_ARTIFACTS (.ci/run and the report-page
 * workflow set it and keep the folder as a CI artifact), else in a temporary folder, and the
 * test prints where.
 *
 * One Chromium start (the DOM and the screenshot in one run): about 2–5 s. It runs where
 * Chromium is installed; with CI or RALPH_HOOKS_BROWSER set (.ci/run sets it) a missing
 * Chromium fails instead of skipping.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ralphHooks, tempDir } from '../helpers/cli.js';
import { lines, realisticProject, stop, writeFile, writeLog } from '../loop-report/fixtures.js';

/** The Chromium to run: $RALPH_HOOKS_CHROMIUM, else `chromium` (or `chromium-browser`) on PATH. */
function findChromium(): string | null {
  if (process.env.RALPH_HOOKS_CHROMIUM) return process.env.RALPH_HOOKS_CHROMIUM;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

const CHROMIUM = findChromium();
const REQUIRED = Boolean(process.env.CI) || Boolean(process.env.RALPH_HOOKS_BROWSER);
const ARTIFACTS = process.env.RALPH_HOOKS_ARTIFACTS;

const EVIL_TASK = '<img src=x onerror="document.title=1"><script>document.title=2</script>Fix <b>bold</b> & co';

/** A realistic loop and, after it, a session whose task holds markup; the page of both. */
function page(): { file: string; root: string } {
  const root = tempDir('ralph-hooks-page-');
  realisticProject(root);
  writeLog(root, 'sess-b', lines([stop(1, 700, { session: 'sess-b', task: EVIL_TASK, loopStarted: null, decision: 'stop', reason: 'max-iterations', message: EVIL_TASK })]));
  const result = ralphHooks(['report', '--all', '--format', 'html', '--out', 'page.html'], { cwd: root });
  expect(result.status, result.stderr).toBe(0);
  return { file: join(root, 'page.html'), root };
}

/** Chromium's DOM of the page after it loaded, and a screenshot of it. */
function openInChromium(file: string, screenshot?: string): { dom: string; ms: number } {
  const home = tempDir('ralph-hooks-chromium-');
  const args = [
    '--headless', '--disable-gpu', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--no-first-run', '--disable-extensions', '--disable-dev-shm-usage', `--user-data-dir=${join(home, 'profile')}`,
    '--window-size=1280,3000', '--hide-scrollbars', ...(screenshot ? [`--screenshot=${screenshot}`] : []), '--dump-dom', pathToFileURL(file).href,
  ];
  const started = performance.now();
  const run = spawnSync(CHROMIUM!, args, { encoding: 'utf8', timeout: 90_000, env: { ...process.env, HOME: home }, maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - started;
  expect(run.error, `chromium did not run: ${run.error?.message}`).toBeUndefined();
  expect(run.status, run.stderr).toBe(0);
  return { dom: run.stdout, ms };
}

/** Text content of an element's HTML: tags dropped, the five entities decoded. */
const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

/** The cells' text of each row of a table's body. */
const bodyRows = (table: string) =>
  [.../<tbody>([\s\S]*?)<\/tbody>/.exec(table)![1]!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => text(c[1]!.replace(/></g, '> <'))));

describe.skipIf(CHROMIUM === null && !REQUIRED)('the report page in headless Chromium', () => {
  it('shows the iterations, the totals, the end reason, the steps and the denials; text from the log stays text', () => {
    expect(CHROMIUM, 'Chromium is not installed: apt-get install chromium (or set RALPH_HOOKS_CHROMIUM)').not.toBeNull();
    const { file } = page();
    const out = ARTIFACTS ?? tempDir('ralph-hooks-page-shot-');
    mkdirSync(out, { recursive: true });
    const screenshot = join(out, 'report-page.png');
    const { dom, ms } = openInChromium(file, screenshot);
    console.log(`report page: Chromium took ${(ms / 1000).toFixed(1)} s; screenshot ${screenshot}`);

    // Both sessions, newest last, each with its end.
    const sections = dom.split('<section class="session"').slice(1);
    expect(sections).toHaveLength(2);
    const [first, second] = sections as [string, string];
    expect(text(/<h2>([\s\S]*?)<\/h2>/.exec(first)![1]!)).toBe('Session sess-a');
    expect(text(/<div class="end[^"]*"[^>]*>([\s\S]*?)<\/div>/.exec(first)![1]!)).toBe('Ended: completed completed · 2026-11-28 09:08:50 UTC✅ Ralph loop finished: detected <promise>DONE</promise> at iteration 5.');

    // The iterations table: five rows and the totals.
    const table = /<table class="iterations">([\s\S]*?)<\/table>/.exec(first)![1]!;
    const rows = bodyRows(table);
    expect(rows.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(rows[1]).toEqual(['2', '09:01:35', '1 min 57 s', '15,800', '3,405', '52,000', '4,100', '$0.1295', '11', '1', 'continue', 'Write the tokenizer']);
    const totals = [.../<tfoot>([\s\S]*?)<\/tfoot>/.exec(table)![1]!.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((c) => text(c[1]!));
    expect(totals).toEqual(['all', '', '8 min 50 s', '64,700', '13,105', '298,000', '21,650', '$0.5613', '41', '2', '', '']);

    // The figures, the timeline (a bar per iteration), the budgets, the steps, the denials.
    expect(text(/<dl class="figures">([\s\S]*?)<\/dl>/.exec(first)![1]!)).toBe('iterations5wall time8 min 50 stokens397,455cost$0.5613tool calls41denials2');
    expect(first.match(/<rect [^>]*fill="var\(--(continue|completed)\)"/g)).toHaveLength(5);
    expect(text(first)).toContain('400,000 tokens: 397,455 used (99%)');
    const steps = bodyRows(/<h3>Task steps<\/h3>\s*<table>([\s\S]*?)<\/table>/.exec(first)![1]!);
    expect(steps).toEqual([
      ['Write the tokenizer', '1–2', '3 min 32 s', '129,115', '$0.2399', '1', 'continue'],
      ['Parse expressions', '3–4', '4 min 18 s', '180,050', '$0.2600', '1', 'continue'],
      ['Report errors with line numbers', '5', '1 min 00 s', '88,290', '$0.0614', '0', 'stop completed'],
    ]);
    expect(text(first)).toContain('2 calls denied in 2 iterations.');

    // The second session: its task and message are shown as the text they are.
    expect(text(/<div class="end[^"]*"[^>]*>([\s\S]*?)<\/div>/.exec(second)![1]!)).toContain('Ended: iteration limit reached max-iterations');
    expect(second).not.toMatch(/<img|<script|<b>/);
    expect(text(second)).toContain(EVIL_TASK);
    expect(dom).not.toMatch(/<script/);
    expect(/<title>([\s\S]*?)<\/title>/.exec(dom)![1]).toBe('Loop report: 2 sessions');

    // The screenshot: a PNG of the window's width.
    const png = readFileSync(screenshot);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.length).toBeGreaterThan(50_000);
  }, 180_000);

  it('the cost charts read right: round ticks with the digits they need, the bars and the running total on plots of their own (a $0.025 budget; a 100,000-iteration log)', () => {
    expect(CHROMIUM, 'Chromium is not installed: apt-get install chromium (or set RALPH_HOOKS_CHROMIUM)').not.toBeNull();
    const root = tempDir('ralph-hooks-page-axes-');
    // $1 per million input tokens: 4,200 tokens cost $0.0042.
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({
      prices: { 'tiny-model': { input: 1, output: 0, cacheRead: 0, cacheWrite: 0 } },
      hooks: [{ kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop', options: { maxCostUsd: 0.025 } }],
    }));
    const usage = (input: number) => ({ model: 'tiny-model', input, output: 100, cacheRead: 0, cacheWrite: 0 });
    const small = [4200, 12500, 5800, 3100].map((input, i) => stop(i + 1, (i + 1) * 60, { session: 'small', usage: usage(input), ...(i === 3 ? { decision: 'stop' as const, reason: 'budget' } : {}) }));
    writeLog(root, 'small', lines(small));
    const N = 100_000;
    const big = Array.from({ length: N }, (_, i) => JSON.stringify(stop(i + 1, 7_200 + i * 7, { session: 'big', loopStarted: '2026-11-28T11:00:00.000Z', usage: usage(2000 + ((i * 37) % 1000)) })));
    writeLog(root, 'big', `${big.join('\n')}\n`);
    const result = ralphHooks(['report', '--all', '--format', 'html', '--out', 'page.html'], { cwd: root });
    expect(result.status, result.stderr).toBe(0);
    const { dom } = openInChromium(join(root, 'page.html'));
    const sections = dom.split('<section class="session"').slice(1);
    expect(sections).toHaveLength(2);

    /** A plot of the cost chart: its tick labels (text, value, y), its bars (value, top y), its line's points and budget line. */
    const plot = (section: string, name: 'per-iteration' | 'running-total') => {
      const svg = /<h4 class="soft">Cost \(US dollars\)<\/h4>\s*<svg[\s\S]*?<\/svg>/.exec(section)![0];
      const g = new RegExp(`<g class="${name}">([\\s\\S]*?)</g>`).exec(svg)![1]!;
      const ticks = [...g.matchAll(/<text class="tick" x="[^"]*" y="([^"]*)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ label: m[2]!, value: Number(m[2]!.replace(/[$,]/g, '')), y: Number(m[1]) - 4 }));
      const bars = [...g.matchAll(/<rect [^>]*y="([^"]*)"[^>]*><title>[^<]*?cost \$([0-9.,]+);/g)].map((m) => ({ value: Number(m[2]!.replace(/,/g, '')), y: Number(m[1]) }));
      const points = (/<polyline points="([^"]*)"/.exec(g)?.[1] ?? '').split(' ').filter(Boolean).map((p) => Number(p.split(',')[1]));
      const budget = /<line class="budget" [^>]*y1="([^"]*)"/.exec(g);
      return { ticks, bars, points, budget: budget ? Number(budget[1]) : null };
    };
    /** Where a value sits on the plot's axis, from its tick labels as the reader sees them. */
    const yOf = (ticks: { value: number; y: number }[], value: number) => ticks[0]!.y - (value / ticks[1]!.value) * (ticks[0]!.y - ticks[1]!.y);
    /** Labels that differ, at round values (a step of 1, 2, 2.5 or 5 times a power of ten) from 0, evenly spaced. */
    const expectRoundTicks = (ticks: { label: string; value: number; y: number }[]) => {
      expect(new Set(ticks.map((t) => t.label)).size).toBe(ticks.length);
      expect(ticks[0]!.value).toBe(0);
      const step = ticks[1]!.value;
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 2.5, 5].some((m) => Math.abs(mantissa - m) < 1e-9), `step ${step}`).toBe(true);
      ticks.forEach((t, i) => {
        expect(t.value).toBeCloseTo(i * step, 12);
        expect(t.y).toBeCloseTo(ticks[0]!.y - i * (ticks[0]!.y - ticks[1]!.y), 0);
      });
    };

    const [bigSection, smallSection] = sections[0]!.includes('Session big') ? sections : [sections[1]!, sections[0]!];
    // The $0.025 budget: per iteration up to $0.0125, in steps of $0.0025; the running total to $0.0256, in cents.
    const bars = plot(smallSection!, 'per-iteration');
    const totals = plot(smallSection!, 'running-total');
    expect(bars.ticks.map((t) => t.label)).toEqual(['$0', '$0.0025', '$0.0050', '$0.0075', '$0.0100', '$0.0125']);
    expect(totals.ticks.map((t) => t.label)).toEqual(['$0', '$0.01', '$0.02', '$0.03']);
    for (const ticks of [bars.ticks, totals.ticks]) expectRoundTicks(ticks);
    // Each bar's top and the line's points stand where their value is on their own plot's axis.
    expect(bars.bars.map((b) => b.value)).toEqual([0.0042, 0.0125, 0.0058, 0.0031]);
    for (const bar of bars.bars) expect(bar.y).toBeCloseTo(yOf(bars.ticks, bar.value), 0);
    expect(totals.points.slice(1)).toHaveLength(4);
    [0.0042, 0.0167, 0.0225, 0.0256].forEach((total, i) => expect(totals.points[i + 1]).toBeCloseTo(yOf(totals.ticks, total), 0));
    expect(totals.budget).toBeCloseTo(yOf(totals.ticks, 0.025), 0);
    // The two plots do not share a scale, so they do not share a place: the bars' plot is above the other.
    expect(Math.max(...bars.ticks.map((t) => t.y))).toBeLessThan(Math.min(...totals.ticks.map((t) => t.y)));

    // 100,000 iterations in 400 groups: round ticks above every bar and the whole running total.
    const bigBars = plot(bigSection!, 'per-iteration');
    const bigTotals = plot(bigSection!, 'running-total');
    expect(bigBars.bars).toHaveLength(400);
    for (const ticks of [bigBars.ticks, bigTotals.ticks]) expectRoundTicks(ticks);
    const highest = Math.max(...bigBars.bars.map((b) => b.value));
    expect(bigBars.ticks.at(-1)!.value).toBeGreaterThanOrEqual(highest);
    expect(bigBars.ticks.at(-2)!.value).toBeLessThan(highest);
    const spent = Number(/<dt>cost<\/dt><dd>\$([0-9.,]+)<\/dd>/.exec(bigSection!)![1]!.replace(/,/g, ''));
    expect(bigTotals.ticks.at(-1)!.value).toBeGreaterThanOrEqual(spent);
    expect(bigTotals.ticks.at(-2)!.value).toBeLessThan(spent);
    expect(bigTotals.points.at(-1)).toBeCloseTo(yOf(bigTotals.ticks, spent), 0);
  }, 180_000);
});
