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
import { lines, realisticProject, stop, writeLog } from '../loop-report/fixtures.js';

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
function openInChromium(file: string, screenshot: string): { dom: string; ms: number } {
  const home = tempDir('ralph-hooks-chromium-');
  const args = [
    '--headless', '--disable-gpu', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--no-first-run', '--disable-extensions', '--disable-dev-shm-usage', `--user-data-dir=${join(home, 'profile')}`,
    '--window-size=1280,3000', '--hide-scrollbars', `--screenshot=${screenshot}`, '--dump-dom', pathToFileURL(file).href,
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
});
