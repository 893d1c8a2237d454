/**
 * `ralph-hooks report --format html`: one self-contained page per report. Inline CSS and inline
 * SVG, no script, no font, no image, nothing fetched (its Content-Security-Policy forbids it):
 * it reads the same from a file, a mail attachment or a CI artifact.
 *
 * Per session: how it ended, the figures, a timeline of the iterations (bars from start to Stop,
 * coloured by decision, denials marked), tokens and cost per iteration with their running sum
 * against any budget, the budgets, the task steps, the denials, every iteration, and what is
 * not known. Every text from the log (it comes from transcripts and state files) is escaped.
 */
import type { IterationReport, Report, SessionReport } from './build.js';
import { noSessionText, oneLine } from './render-table.js';
import { agentName, budgetLines, budgetWallMs, dollars, duration, endWords, grouped, plural, sessionSentences, tokenSum, utcTime, wallMs } from './words.js';

/** Text for HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
const esc = escapeHtml;

/** Marks drawn at most per chart: more iterations are drawn in groups of consecutive ones. */
const MAX_MARKS = 400;
/** Rows of the iteration table: more are shown as the first and last half of this. */
const MAX_ROWS = 2000;

const CHART_W = 960;
const LEFT = 64;
const RIGHT = 72;
const PLOT_W = CHART_W - LEFT - RIGHT;

const CSS = `
:root { color-scheme: light; --ink: #1f2328; --soft: #59636e; --line: #d1d9e0; --bg: #ffffff; --panel: #f6f8fa;
  --continue: #2f6fde; --completed: #1a7f37; --stopped: #bc4c00; --pause: #8250df; --denied: #cf222e;
  --input: #2f6fde; --output: #1a7f37; --cread: #9ab8f0; --cwrite: #bf8700; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--bg); max-width: 1100px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 32px 0 4px; padding-top: 16px; border-top: 2px solid var(--line); word-break: break-all; }
h3 { font-size: 15px; margin: 24px 0 8px; }
p { margin: 4px 0; }
.soft { color: var(--soft); }
.mono, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
nav ol { margin: 8px 0; padding-left: 24px; }
.end { margin: 12px 0; padding: 10px 14px; border-radius: 6px; border-left: 6px solid var(--soft); background: var(--panel); }
.end.completed { border-color: var(--completed); }
.end.stopped { border-color: var(--stopped); }
.end.pause { border-color: var(--pause); }
.end strong { font-size: 16px; }
.end q { display: block; margin-top: 4px; quotes: none; white-space: pre-wrap; word-break: break-word; }
dl.figures { display: grid; grid-template-columns: repeat(6, 1fr); gap: 8px; margin: 12px 0; }
dl.figures div { background: var(--panel); border-radius: 6px; padding: 8px 10px; }
dl.figures dt { color: var(--soft); font-size: 12px; }
dl.figures dd { margin: 0; font-size: 18px; font-weight: 600; }
svg { display: block; max-width: 100%; height: auto; }
svg text { font: 11px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: var(--soft); }
svg .axis { stroke: var(--line); }
.legend { display: flex; flex-wrap: wrap; gap: 14px; margin: 4px 0 0; color: var(--soft); font-size: 12px; }
.legend span::before { content: ""; display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 5px; vertical-align: -1px; background: var(--swatch); }
.legend .line::before { height: 3px; vertical-align: 3px; }
.legend .dash::before { height: 0; border-top: 2px dashed var(--swatch); background: none; vertical-align: 3px; }
table { border-collapse: collapse; width: 100%; margin: 4px 0; }
table.compact { width: auto; min-width: 320px; margin-bottom: 12px; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--panel); font-weight: 600; font-size: 12px; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.task { word-break: break-word; }
tr.gap td { text-align: center; color: var(--soft); font-style: italic; }
.decision { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 12px; color: #fff; background: var(--continue); }
.decision.completed { background: var(--completed); }
.decision.stopped { background: var(--stopped); }
.decision.pause { background: var(--pause); }
.budget { display: grid; grid-template-columns: 220px 1fr; gap: 4px 12px; align-items: center; margin: 6px 0; }
.bar { height: 14px; background: var(--panel); border: 1px solid var(--line); border-radius: 7px; overflow: hidden; }
.bar div { height: 100%; background: var(--continue); }
.bar div.over { background: var(--denied); }
ul.notes { padding-left: 20px; }
.none { color: var(--soft); font-style: italic; }
@media print { body { padding: 0; } h2 { break-before: page; } }
`;

/** The decision's class: completed (stop, completed), stopped (any other stop), pause, or continue. */
function decisionClass(it: Pick<IterationReport, 'decision' | 'reason'>): string {
  if (it.decision === 'continue') return 'continue';
  if (it.decision === 'pause') return 'pause';
  return it.reason === 'completed' ? 'completed' : 'stopped';
}
const COLORS: Record<string, string> = { continue: 'var(--continue)', completed: 'var(--completed)', stopped: 'var(--stopped)', pause: 'var(--pause)' };

const unknown = '<span class="none">not given</span>';
const fig = (value: number | null) => (value === null ? unknown : esc(grouped(value)));
const money = (value: number | null) => (value === null ? unknown : esc(dollars(value)));
const time = (ms: number | null) => (ms === null ? unknown : esc(duration(ms)));

/** Iterations in at most MAX_MARKS groups of consecutive ones (one each when they are few). */
function groups(iterations: IterationReport[]): IterationReport[][] {
  const size = Math.ceil(iterations.length / MAX_MARKS);
  const out: IterationReport[][] = [];
  for (let i = 0; i < iterations.length; i += size) out.push(iterations.slice(i, i + size));
  return out;
}

const range = (group: IterationReport[]) => (group.length === 1 ? `Iteration ${group[0]!.n}` : `Iterations ${group[0]!.n}–${group.at(-1)!.n}`);
const sum = (values: Array<number | null>) => values.reduce<number | null>((a, v) => (v === null ? a : (a ?? 0) + v), null);
/** The group's decision: its last iteration's (a stop ends a group at the end of a loop). */
const last = (group: IterationReport[]) => group.at(-1)!;

/** "3 min", "1 h 20 min": axis labels. */
function axisDuration(ms: number): string {
  if (ms === 0) return '0';
  return duration(ms).replace(/ 00 (s|min)$/, '');
}

function timeline(session: SessionReport): string {
  const iterations = session.iterations;
  const starts = iterations.map((it) => (it.start === null ? null : Date.parse(it.start)));
  const ends = iterations.map((it) => Date.parse(it.at));
  const t0 = Math.min(...starts.filter((s): s is number => s !== null).slice(0, 1), ends[0]!);
  const t1 = ends.reduce((a, b) => Math.max(a, b), t0);
  const span = Math.max(t1 - t0, 1);
  const x = (ms: number) => LEFT + ((ms - t0) / span) * PLOT_W;
  const barY = 34;
  const barH = 34;
  const marks: string[] = [];
  const labels: string[] = [];
  const grouped_ = groups(iterations);
  let index = 0;
  for (const group of grouped_) {
    const first = index;
    index += group.length;
    const start = starts[first];
    const end = ends[index - 1]!;
    const denied = sum(group.map((it) => it.denials));
    const kind = decisionClass(last(group));
    const tip = `${range(group)}: ${sum(group.map((it) => it.durationMs)) === null ? 'duration unknown' : duration(sum(group.map((it) => it.durationMs))!)}, ${last(group).decision}${last(group).reason ? ` (${last(group).reason})` : ''}${denied ? `, ${plural(denied, 'denial')}` : ''}${group.length === 1 && group[0]!.task ? `, task ${oneLine(group[0]!.task, 120)}` : ''}`;
    if (start === null || start === undefined) {
      marks.push(`<line x1="${x(end).toFixed(1)}" x2="${x(end).toFixed(1)}" y1="${barY}" y2="${barY + barH}" stroke="${COLORS[kind]}" stroke-width="3"><title>${esc(tip)}; its start is unknown</title></line>`);
    } else {
      const left = x(start);
      const w = Math.max(x(end) - left, 1.5);
      marks.push(`<rect x="${left.toFixed(1)}" y="${barY}" width="${w.toFixed(1)}" height="${barH}" fill="${COLORS[kind]}" stroke="#fff" stroke-width="${grouped_.length > 120 ? 0 : 1}"><title>${esc(tip)}</title></rect>`);
      if (grouped_.length <= 40 && w >= 14) labels.push(`<text x="${(left + w / 2).toFixed(1)}" y="${barY + barH / 2 + 4}" text-anchor="middle" style="fill:#fff">${esc(String(group[0]!.n))}</text>`);
    }
    const mid = start === null || start === undefined ? x(end) : (x(start) + x(end)) / 2;
    if (denied) marks.push(`<path d="M${mid.toFixed(1)} ${barY - 3} l-5 -9 h10 z" fill="var(--denied)"><title>${esc(`${range(group)}: ${plural(denied, 'denial')}`)}</title></path>`);
  }
  const ticks = (span >= 4000 ? [0, 0.25, 0.5, 0.75, 1] : []).map((f) => {
    const tx = LEFT + f * PLOT_W;
    return `<line class="axis" x1="${tx}" x2="${tx}" y1="${barY + barH}" y2="${barY + barH + 5}"/><text x="${tx}" y="${barY + barH + 18}" text-anchor="${f === 0 ? 'start' : f === 1 ? 'end' : 'middle'}">${esc(axisDuration(f * span))}</text>`;
  });
  const unknownStarts = starts.filter((s) => s === null).length;
  const notes = [
    ...(grouped_.length < iterations.length ? [`${grouped(iterations.length)} iterations, drawn in ${grouped_.length} groups of consecutive ones.`] : []),
    ...(unknownStarts > 0 ? [`${unknownStarts === 1 ? `Iteration ${iterations[starts.indexOf(null)]!.n}'s start is` : `${grouped(unknownStarts)} iterations' starts are`} unknown (no earlier Stop, and the log names no loop start): drawn as a line at the Stop.`] : []),
  ];
  const note = notes.map((n) => `<p class="soft">${esc(n)}</p>`).join('');
  return `<svg viewBox="0 0 ${CHART_W} 96" width="${CHART_W}" height="96" role="img" aria-label="${esc(`Timeline of ${plural(iterations.length, 'iteration')} over ${duration(span)}`)}">
<text x="${LEFT}" y="20">${esc(utcTime(new Date(t0).toISOString()))}</text><text x="${LEFT + PLOT_W}" y="20" text-anchor="end">${esc(utcTime(new Date(t1).toISOString()))}</text>
<line class="axis" x1="${LEFT}" x2="${LEFT + PLOT_W}" y1="${barY + barH}" y2="${barY + barH}"/>
${marks.join('\n')}
${labels.join('\n')}
${ticks.join('\n')}
</svg>
<div class="legend"><span style="--swatch:var(--continue)">continue</span><span style="--swatch:var(--completed)">stop: completed</span><span style="--swatch:var(--stopped)">stop: other reason</span><span style="--swatch:var(--pause)">pause</span><span style="--swatch:var(--denied)">▼ guard denial</span></div>${note}`;
}

/** An axis: ticks from 0 at a round step (1, 2, 2.5 or 5 times a power of ten), the last at or above the largest value. */
export interface Axis {
  step: number;
  top: number;
  ticks: number[];
  /** Decimals the step needs: every tick's label differs and is exact at that many. */
  decimals: number;
}

/** The fewest decimals that write `value` exactly (0.0125 → 4, 2500 → 0). */
function decimalsOf(value: number): number {
  for (let d = 0; d < 15; d++) if (Math.abs(Number(value.toFixed(d)) - value) <= Math.abs(value) * 1e-9) return d;
  return 15;
}

/** At most `count` steps of a round size from 0 to at or above `max`. */
export function axisTicks(max: number, count = 5): Axis {
  const value = max > 0 && Number.isFinite(max) ? max : 1;
  const power = 10 ** Math.floor(Math.log10(value / count));
  const mult = [1, 2, 2.5, 5, 10].find((m) => m * power * count >= value * (1 - 1e-12))!;
  const step = mult * power;
  const decimals = decimalsOf(step);
  const n = Math.max(1, Math.ceil(value / step - 1e-9));
  // Each tick rounded at its own decimals, so 3 × 0.1 is 0.3, not 0.30000000000000004.
  const ticks = Array.from({ length: n + 1 }, (_, i) => Number((i * step).toFixed(decimals + 2)));
  return { step, top: ticks.at(-1)!, ticks, decimals };
}

/** "$0", "$0.005", "$0.0125", "$2.50", "$1,250": the axis's ticks in dollars, at the decimals its step needs (cents at least below $1). */
export function dollarTicks(axis: Axis): string[] {
  const decimals = axis.step >= 1 ? axis.decimals : Math.max(axis.decimals, 2);
  return axis.ticks.map((v) => (v === 0 ? '$0' : `$${v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`));
}

/** "0", "250", "2.5k", "800k", "1M", "1.25M": the axis's ticks in tokens, each in its own unit, exact. */
export function tokenTicks(axis: Axis): string[] {
  return axis.ticks.map((v) => {
    const [unit, suffix] = v >= 1e9 ? [1e9, 'B'] : v >= 1e6 ? [1e6, 'M'] : v >= 1e3 ? [1e3, 'k'] : [1, ''];
    return `${(v / unit).toLocaleString('en-US', { maximumFractionDigits: decimalsOf(v / unit) })}${suffix}`;
  });
}

interface Series {
  label: string;
  color: string;
  values: Array<number | null>;
}

/** The left axis of a plot from `top` to `base`: gridlines and a label at each tick. */
function plotAxis(axis: Axis, labels: string[], top: number, base: number): string {
  const plotH = base - top;
  return axis.ticks
    .map((value, i) => {
      const y = (base - (value / axis.top) * plotH).toFixed(1);
      return `<line class="axis" x1="${LEFT}" x2="${LEFT + PLOT_W}" y1="${y}" y2="${y}"${i === 0 ? '' : ' stroke-dasharray="2 4"'}/><text class="tick" x="${LEFT - 6}" y="${(Number(y) + 4).toFixed(1)}" text-anchor="end">${esc(labels[i]!)}</text>`;
    })
    .join('\n');
}

/**
 * Two plots over the same iterations, each with its own axis on the left: the bars per
 * iteration (stacked series), and under them the running total (line) against a budget
 * (dashed line), when one is set. Apart, so no bar is read against the total's scale.
 */
function burnChart(title: string, session: SessionReport, series: Series[], ticks: (axis: Axis) => string[], exact: (v: number) => string, budget: number | null, budgetLabel: string): string {
  const gs = groups(session.iterations);
  const plotH = 120;
  const barTop = 24;
  const barBase = barTop + plotH;
  const lineTop = barBase + 48;
  const lineBase = lineTop + plotH;
  const height = lineBase + 24;
  // Per group: each series' sum.
  const stacks: number[][] = [];
  let index = 0;
  for (const group of gs) {
    stacks.push(series.map((s) => sum(s.values.slice(index, index + group.length)) ?? 0));
    index += group.length;
  }
  const barAxis = axisTicks(stacks.reduce((m, st) => Math.max(m, st.reduce((a, b) => a + b, 0)), 0));
  let running = 0;
  const cumulative = stacks.map((st) => (running += st.reduce((a, b) => a + b, 0)));
  const lineAxis = axisTicks(Math.max(running, budget ?? 0));
  const slot = PLOT_W / gs.length;
  const barW = Math.max(Math.min(slot * 0.7, 40), 0.6);
  const bars: string[] = [];
  stacks.forEach((stack, g) => {
    let y = barBase;
    const cx = LEFT + slot * (g + 0.5);
    const parts = stack.map((value, s) => `${series[s]!.label} ${exact(value)}`).join(', ');
    stack.forEach((value, s) => {
      if (value <= 0) return;
      const h = (value / barAxis.top) * plotH;
      y -= h;
      bars.push(`<rect x="${(cx - barW / 2).toFixed(2)}" y="${y.toFixed(2)}" width="${barW.toFixed(2)}" height="${h.toFixed(2)}" fill="${series[s]!.color}"><title>${esc(`${range(gs[g]!)}: ${parts}; running total ${exact(cumulative[g]!)}`)}</title></rect>`);
    });
  });
  const lineY = (v: number) => (lineBase - (v / lineAxis.top) * plotH).toFixed(1);
  const points = cumulative.map((c, g) => `${(LEFT + slot * (g + 1)).toFixed(1)},${lineY(c)}`);
  const line = `<polyline points="${LEFT},${lineBase} ${points.join(' ')}" fill="none" stroke="var(--ink)" stroke-width="2"><title>${esc(`running total ${exact(running)}`)}</title></polyline>`;
  const budgetLine = budget === null ? '' : `<line class="budget" x1="${LEFT}" x2="${LEFT + PLOT_W}" y1="${lineY(budget)}" y2="${lineY(budget)}" stroke="var(--denied)" stroke-width="2" stroke-dasharray="6 4"/><text x="${LEFT + PLOT_W - 4}" y="${(Number(lineY(budget)) - 5).toFixed(1)}" text-anchor="end" style="fill:var(--denied)">${esc(`${budgetLabel} ${exact(budget)}`)}</text>`;
  const firstN = session.iterations[0]!.n;
  const lastN = session.iterations.at(-1)!.n;
  const xLabels = (y: number) => `<text x="${LEFT}" y="${y + 16}">${esc(`iteration ${firstN}`)}</text><text x="${LEFT + PLOT_W}" y="${y + 16}" text-anchor="end">${esc(`iteration ${lastN}`)}</text>`;
  const size = Math.ceil(session.iterations.length / MAX_MARKS);
  const per = size > 1 ? `group of ${grouped(size)} iterations` : 'iteration';
  const legend = [
    ...series.map((s) => `<span style="--swatch:${s.color}">${esc(`${s.label} per ${per}`)}</span>`),
    '<span class="line" style="--swatch:var(--ink)">running total</span>',
    ...(budget === null ? [] : ['<span class="dash" style="--swatch:var(--denied)">budget</span>']),
  ].join('');
  return `<svg viewBox="0 0 ${CHART_W} ${height}" width="${CHART_W}" height="${height}" role="img" aria-label="${esc(title)}">
<g class="per-iteration"><text class="plot-title" x="${LEFT}" y="${barTop - 10}" style="font-weight:600">${esc(`per ${per}`)}</text>
${plotAxis(barAxis, ticks(barAxis), barTop, barBase)}
${bars.join('\n')}
${xLabels(barBase)}</g>
<g class="running-total"><text class="plot-title" x="${LEFT}" y="${lineTop - 10}" style="font-weight:600">running total${budget === null ? '' : ' and budget'}</text>
${plotAxis(lineAxis, ticks(lineAxis), lineTop, lineBase)}
${line}
${budgetLine}
${xLabels(lineBase)}</g>
</svg>
<div class="legend">${legend}</div>`;
}

function tokensSection(session: SessionReport): string {
  const its = session.iterations;
  const budgets = session.budgets;
  const parts: string[] = [];
  if (session.withTokens === 0) {
    parts.push(`<p class="none">${esc(`${agentName(session.agent)} gave no token counts: nothing to chart (not zero: unknown).`)}</p>`);
  } else {
    const series: Series[] = [
      { label: 'input', color: 'var(--input)', values: its.map((it) => it.tokens.input) },
      { label: 'output', color: 'var(--output)', values: its.map((it) => it.tokens.output) },
      { label: 'cache read', color: 'var(--cread)', values: its.map((it) => it.tokens.cacheRead) },
      { label: 'cache write', color: 'var(--cwrite)', values: its.map((it) => it.tokens.cacheWrite) },
    ].filter((s) => s.values.some((v) => v !== null && v > 0));
    parts.push('<h4 class="soft">Tokens</h4>', burnChart('Tokens per iteration and running total', session, series, tokenTicks, grouped, budgets?.maxTokens ?? null, 'maxTokens'));
  }
  if (session.costed === 0) {
    if (session.withTokens > 0) parts.push(`<p class="none">${esc('No cost: no price for the model (add it under `prices` in ralph-hooks.config.json).')}</p>`);
  } else {
    parts.push('<h4 class="soft">Cost (US dollars)</h4>', burnChart('Cost per iteration and running total', session, [{ label: 'cost', color: 'var(--cwrite)', values: its.map((it) => it.costUsd) }], dollarTicks, dollars, budgets?.maxCostUsd ?? null, 'maxCostUsd'));
  }
  return parts.join('\n');
}

function budgetsSection(session: SessionReport): string {
  const budgets = session.budgets;
  if (budgets === null) return '<p class="none">No budget is set for this hook (maxTokens, maxCostUsd, maxMinutes in its options).</p>';
  const rows: string[] = [];
  const bar = (used: number | null, limit: number, label: string, text: string) => {
    const pct = used === null ? 0 : Math.min(100, (used / limit) * 100);
    rows.push(`<div>${esc(label)}</div><div><div class="bar" title="${esc(text)}"><div class="${used !== null && used >= limit ? 'over' : ''}" style="width:${pct.toFixed(1)}%"></div></div><span class="soft">${esc(text)}</span></div>`);
  };
  const lines = budgetLines(session);
  let i = 0;
  if (budgets.maxTokens !== null) bar(tokenSum(session.totals.tokens), budgets.maxTokens, 'maxTokens', lines[i++]!);
  if (budgets.maxCostUsd !== null) bar(session.totals.costUsd, budgets.maxCostUsd, 'maxCostUsd', lines[i++]!);
  if (budgets.maxMinutes !== null) bar(budgetWallMs(session), budgets.maxMinutes * 60_000, 'maxMinutes (wall time)', lines[i++]!);
  return `<div class="budget">${rows.join('\n')}</div>`;
}

function decisionBadge(it: Pick<IterationReport, 'decision' | 'reason'>): string {
  return `<span class="decision ${decisionClass(it)}">${esc(it.decision)}</span>${it.reason ? ` <span class="soft">${esc(it.reason)}</span>` : ''}`;
}

/** Consecutive iterations on the same task, in order: the steps the loop went through. */
function tasksSection(session: SessionReport): string {
  if (session.iterations.every((it) => it.task === null)) return '<p class="none">The stop-watcher named no task or step (its preset keeps none, or the state named none).</p>';
  const steps: IterationReport[][] = [];
  for (const it of session.iterations) {
    const current = steps.at(-1);
    if (current && current[0]!.task === it.task) current.push(it);
    else steps.push([it]);
  }
  const shown = steps.length > MAX_ROWS ? [...steps.slice(0, MAX_ROWS / 2), null, ...steps.slice(-MAX_ROWS / 2)] : steps;
  const rows = shown.map((step) => {
    if (step === null) return `<tr class="gap"><td colspan="7">${esc(`${grouped(steps.length - MAX_ROWS)} steps not shown`)}</td></tr>`;
    const tokens = step.map((it) => tokenSum(it.tokens));
    return `<tr><td class="task">${step[0]!.task === null ? '<span class="none">none named</span>' : esc(step[0]!.task)}</td><td class="n">${esc(step.length === 1 ? String(step[0]!.n) : `${step[0]!.n}–${last(step).n}`)}</td><td class="n">${time(sum(step.map((it) => it.durationMs)))}</td><td class="n">${fig(sum(tokens))}</td><td class="n">${money(sum(step.map((it) => it.costUsd)))}</td><td class="n">${fig(sum(step.map((it) => it.denials)))}</td><td>${decisionBadge(last(step))}</td></tr>`;
  });
  return `<table><thead><tr><th>task or step</th><th class="n">iterations</th><th class="n">duration</th><th class="n">tokens</th><th class="n">cost</th><th class="n">denials</th><th>last decision</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`;
}

function denialsSection(session: SessionReport, report: Report): string {
  if (report.denialSources === null) return '<p class="none">Not counted: no guard (nor audit log) is configured in ralph-hooks.config.json.</p>';
  if (session.denials === null) return '<p class="none">Not counted: no iteration has a known start.</p>';
  const from = `<p class="soft">${esc(`From ${report.denialSources.join(', ')}, by the time each denial was logged (to the second).`)}</p>`;
  if (session.denials === 0) return `<p>No call was denied during this session.</p>${from}`;
  const rules = session.denialRules.map((r) => `<tr><td class="mono">${esc(r.rule)}</td><td class="n">${esc(grouped(r.count))}</td></tr>`).join('\n');
  const denied = session.iterations.filter((it) => (it.denials ?? 0) > 0);
  const list = denied.slice(0, 200).map((it) => `<tr><td class="n">${esc(String(it.n))}</td><td class="n">${esc(grouped(it.denials!))}</td><td class="task">${it.task === null ? '' : esc(oneLine(it.task, 200))}</td></tr>`).join('\n');
  const more = denied.length > 200 ? `<tr class="gap"><td colspan="3">${esc(`${grouped(denied.length - 200)} more iterations with denials`)}</td></tr>` : '';
  return `<p>${esc(`${plural(session.denials, 'call')} denied in ${plural(denied.length, 'iteration')}.`)}</p>
<table class="compact"><thead><tr><th>rule</th><th class="n">denials</th></tr></thead><tbody>${rules}</tbody></table>
<table class="compact"><thead><tr><th class="n">iteration</th><th class="n">denials</th><th>task</th></tr></thead><tbody>${list}${more}</tbody></table>${from}`;
}

function iterationRow(it: IterationReport): string {
  const t = it.tokens;
  return `<tr><td class="n">${esc(String(it.n))}</td><td class="n mono">${it.start === null ? unknown : esc(it.start.slice(11, 19))}</td><td class="n">${time(it.durationMs)}</td><td class="n">${fig(t.input)}</td><td class="n">${fig(t.output)}</td><td class="n">${fig(t.cacheRead)}</td><td class="n">${fig(t.cacheWrite)}</td><td class="n">${money(it.costUsd)}</td><td class="n">${fig(it.toolCalls)}</td><td class="n">${fig(it.denials)}</td><td>${decisionBadge(it)}</td><td class="task">${it.task === null ? '' : esc(oneLine(it.task, 300))}</td></tr>`;
}

function iterationsSection(session: SessionReport): string {
  const its = session.iterations;
  const rows = its.length > MAX_ROWS
    ? [...its.slice(0, MAX_ROWS / 2).map(iterationRow), `<tr class="gap"><td colspan="12">${esc(`${grouped(its.length - MAX_ROWS)} iterations not shown here: ralph-hooks report --format json lists every one`)}</td></tr>`, ...its.slice(-MAX_ROWS / 2).map(iterationRow)]
    : its.map(iterationRow);
  const tt = session.totals;
  const total = `<tr><th class="n">all</th><th></th><th class="n">${time(tt.durationMs)}</th><th class="n">${fig(tt.tokens.input)}</th><th class="n">${fig(tt.tokens.output)}</th><th class="n">${fig(tt.tokens.cacheRead)}</th><th class="n">${fig(tt.tokens.cacheWrite)}</th><th class="n">${money(tt.costUsd)}</th><th class="n">${fig(session.toolCalls)}</th><th class="n">${fig(session.denials)}</th><th></th><th></th></tr>`;
  return `<table class="iterations"><thead><tr><th class="n">#</th><th class="n">start (UTC)</th><th class="n">duration</th><th class="n">input</th><th class="n">output</th><th class="n">cache read</th><th class="n">cache write</th><th class="n">cost</th><th class="n">tool calls</th><th class="n">denials</th><th>decision</th><th>task</th></tr></thead><tbody>
${rows.join('\n')}
</tbody><tfoot>${total}</tfoot></table>`;
}

function endBlock(session: SessionReport): string {
  const kind = session.endReason === null ? '' : session.endReason === 'completed' ? 'completed' : last(session.iterations).decision === 'pause' ? 'pause' : 'stopped';
  const when = session.end?.at ?? session.ended;
  const message = session.end?.message ?? (session.endReason !== null ? last(session.iterations).message : null);
  return `<div class="end ${kind}" id="${esc(`end-${session.id}`)}"><strong>${esc(`Ended: ${endWords(session)}`)}</strong>${session.endReason ? ` <span class="mono soft">${esc(session.endReason)}</span>` : ''}${when ? `<span class="soft"> · ${esc(utcTime(when))}</span>` : ''}${message ? `<q>${esc(message)}</q>` : ''}</div>`;
}

function figures(session: SessionReport): string {
  const t = session.totals;
  const tokens = tokenSum(t.tokens);
  const cards: Array<[string, string]> = [
    ['iterations', esc(grouped(t.iterations))],
    ['wall time', time(wallMs(session))],
    ['tokens', tokens === null ? unknown : esc(grouped(tokens))],
    ['cost', money(t.costUsd)],
    ['tool calls', fig(session.toolCalls)],
    ['denials', fig(session.denials)],
  ];
  return `<dl class="figures">${cards.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${v}</dd></div>`).join('')}</dl>`;
}

function sessionSection(session: SessionReport, report: Report, index: number): string {
  const notes = sessionSentences(session, report.denialSources);
  return `<section class="session" id="session-${index + 1}">
<h2>${esc(`Session ${session.id}`)}</h2>
<p class="soft">${esc(`${agentName(session.agent)} · ${session.preset} preset · hook ${session.hooks.join(', ')} · started ${session.started === null ? 'unknown' : utcTime(session.started)} · log ${session.file}`)}</p>
${endBlock(session)}
${figures(session)}
<h3>Timeline</h3>
${timeline(session)}
<h3>Tokens and cost per iteration, and running totals</h3>
${tokensSection(session)}
<h3>Budgets</h3>
${budgetsSection(session)}
<h3>Task steps</h3>
${tasksSection(session)}
<h3>Guard denials</h3>
${denialsSection(session, report)}
<h3>Iterations</h3>
${iterationsSection(session)}
<h3>About these figures</h3>
<ul class="notes">${notes.map((n) => `<li>${esc(n)}</li>`).join('\n')}</ul>
</section>`;
}

/** The whole page for these sessions of `report`. */
export function renderHtml(report: Report, sessions: SessionReport[]): string {
  const title = sessions.length === 1 ? `Loop report: ${sessions[0]!.id}` : sessions.length === 0 ? 'Loop report: no loop recorded' : `Loop report: ${sessions.length} sessions`;
  const nav = sessions.length > 1
    ? `<nav><ol>${sessions.map((s, i) => `<li><a href="#session-${i + 1}">${esc(s.id)}</a> <span class="soft">${esc(`${agentName(s.agent)}, ${plural(s.totals.iterations, 'iteration')}, ${endWords(s)}`)}</span></li>`).join('\n')}</ol></nav>`
    : '';
  const body = sessions.length === 0
    ? `<p class="none">${noSessionText(report).split('\n').map(esc).join('<br>')}</p>`
    : sessions.map((s, i) => sessionSection(s, report, i)).join('\n');
  const tail = [...report.unreadable.map((f) => `${f.path}: ${f.why}; no Stop read from it.`), ...report.notes];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p class="soft">${esc(`ralph-hooks report, from ${report.logDir}/. Times are UTC.`)}</p>
${nav}
${body}
${tail.length > 0 ? `<h3>Not read</h3><ul class="notes">${tail.map((t) => `<li>${esc(t)}</li>`).join('\n')}</ul>` : ''}
</body>
</html>
`;
}
