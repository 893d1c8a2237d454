/**
 * The watch's text: a frame of the live view (the sessions, one of them in full: its figures,
 * budgets as bars, last decisions and guard denials, why it ended), the plain line of each
 * event, and a plain line per session for a snapshot. Pure: the views and the time come in, a
 * string goes out; the terminal (cli/commands/watch.ts) only moves the cursor and reads keys.
 * Every text from a log goes through oneLine: no control character of a record reaches the
 * terminal. Colour is ANSI SGR only, and only when asked for.
 */
import type { Denial } from '../report/denials.js';
import { oneLine } from '../report/render-table.js';
import { agentName, clock, dollars, duration, endWords, grouped, tokenSum } from '../report/words.js';
import type { DecisionSeen } from './fold.js';
import type { BudgetUse, SessionView } from './view.js';
import type { WatchEvent } from './watcher.js';

// ---------------------------------------------------------------------------------------------
// Widths: a terminal cell per character, two for the wide ones (CJK, most emoji), none for marks.

const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], [0x231a, 0x231b], [0x23e9, 0x23ec], [0x23f0, 0x23f0], [0x23f3, 0x23f3], [0x25fd, 0x25fe],
  [0x2614, 0x2615], [0x2648, 0x2653], [0x267f, 0x267f], [0x2693, 0x2693], [0x26a1, 0x26a1], [0x26aa, 0x26ab],
  [0x26bd, 0x26be], [0x26c4, 0x26c5], [0x26ce, 0x26ce], [0x26d4, 0x26d4], [0x26ea, 0x26ea], [0x26f2, 0x26f3],
  [0x26f5, 0x26f5], [0x26fa, 0x26fa], [0x26fd, 0x26fd], [0x2705, 0x2705], [0x270a, 0x270b], [0x2728, 0x2728],
  [0x274c, 0x274c], [0x274e, 0x274e], [0x2753, 0x2755], [0x2757, 0x2757], [0x2795, 0x2797], [0x27b0, 0x27b0],
  [0x27bf, 0x27bf], [0x2b1b, 0x2b1c], [0x2b50, 0x2b50], [0x2b55, 0x2b55], [0x2e80, 0x303e], [0x3041, 0xa4cf],
  [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xff60], [0xffe0, 0xffe6], [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf], [0x1f18e, 0x1f18e], [0x1f191, 0x1f19a], [0x1f200, 0x1f64f], [0x1f680, 0x1f6ff],
  [0x1f900, 0x1faff], [0x20000, 0x3fffd],
];
const ZERO: ReadonlyArray<readonly [number, number]> = [[0x0300, 0x036f], [0x200b, 0x200f], [0x20d0, 0x20ff], [0xfe00, 0xfe0f], [0x1f3fb, 0x1f3ff], [0xe0100, 0xe01ef]];

const within = (code: number, ranges: ReadonlyArray<readonly [number, number]>) => ranges.some(([low, high]) => code >= low && code <= high);

function cellsOf(char: string): number {
  const code = char.codePointAt(0)!;
  if (code < 0x300) return 1;
  if (within(code, ZERO)) return 0;
  return within(code, WIDE) ? 2 : 1;
}

/** Terminal cells the text takes. */
export function displayWidth(text: string): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let cells = 0;
  for (const char of text) cells += cellsOf(char);
  return cells;
}

/** The text cut to `width` cells (with … when cut). */
export function fit(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let cells = 0;
  for (const char of text) {
    const size = cellsOf(char);
    if (cells + size > width - 1) break;
    out += char;
    cells += size;
  }
  return `${out}…`;
}

const padEnd = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));
const padStart = (text: string, width: number) => ' '.repeat(Math.max(0, width - displayWidth(text))) + text;

// ---------------------------------------------------------------------------------------------
// Colour: a line is pieces of text, each with an optional style; cut to the width first, painted after.

type Style = 'bold' | 'dim' | 'reverse' | 'green' | 'yellow' | 'red' | 'cyan';
const SGR: Record<Style, string> = { bold: '1', dim: '2', reverse: '7', green: '32', yellow: '33', red: '31', cyan: '36' };
type Piece = string | readonly [string, Style];

function paintLine(pieces: Piece[], width: number, color: boolean, whole?: Style): string {
  let room = width;
  let out = '';
  for (const piece of pieces) {
    const [text, style] = typeof piece === 'string' ? [piece, undefined] : piece;
    if (room <= 0) break;
    const cut = fit(text, room);
    room -= displayWidth(cut);
    out += color && style ? `\x1b[${SGR[style]}m${cut}\x1b[0m` : cut;
  }
  if (color && whole) return `\x1b[${SGR[whole]}m${padEnd(out, width)}\x1b[0m`;
  return out.trimEnd();
}

// ---------------------------------------------------------------------------------------------
// Words and figures.

const UNKNOWN = '-';
const text = (value: string | null, max: number) => (value === null ? UNKNOWN : oneLine(value, max));
const tokensText = (value: number | null) => (value === null ? 'unknown' : grouped(value));
const costText = (value: number | null) => (value === null ? 'unknown' : dollars(value));

/** Why the loop ended, or that it runs: the same words as `status` and `report`. */
export function statusWords(view: SessionView, nowMs: number): string {
  const removed = view.logRemoved ? ' (its log was removed)' : '';
  if (view.running) {
    const since = Math.max(0, nowMs - view.lastStopMs);
    return `running: iteration ${view.iteration + 1} under way (last Stop ${duration(since)} ago)${removed}`;
  }
  const words = endWords({ endReason: view.endReason, iterations: [view.lastDecision] });
  const prefix = view.lastDecision.decision === 'pause' && view.end === null ? 'paused' : 'ended';
  return `${prefix}: ${words}${removed}`;
}

const statusStyle = (view: SessionView): Style => (view.running ? 'green' : view.endReason === 'completed' ? 'cyan' : 'yellow');

const BAR_CELLS = 24;

/** "[#######.................]" for a share of a budget; full once it is reached. */
export function bar(share: number): string {
  // Full only once the budget is reached: 99% must not look like 100%.
  const filled = share >= 1 ? BAR_CELLS : Math.max(0, Math.min(BAR_CELLS - 1, Math.floor(share * BAR_CELLS)));
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_CELLS - filled)}]`;
}

function budgetLine(use: BudgetUse, color: boolean, width: number): string {
  const label = padEnd(use.kind, 8);
  const limit = use.kind === 'tokens' ? grouped(use.limit) : use.kind === 'cost' ? dollars(use.limit) : `${grouped(use.limit)} min`;
  if (use.used === null) {
    const why = use.kind === 'tokens' ? 'no token counts' : use.kind === 'cost' ? 'no price or no token counts' : 'no start time';
    return paintLine(['  ', label, `${bar(0).replace(/\./g, ' ')}    ?  of ${limit}: unknown (${why})`], width, color);
  }
  const share = use.used / use.limit;
  const used = use.kind === 'tokens' ? grouped(use.used) : use.kind === 'cost' ? dollars(use.used) : duration(use.used * 60_000);
  const style: Style = share >= 1 ? 'red' : share >= 0.75 ? 'yellow' : 'green';
  return paintLine(['  ', label, [bar(share), style], ` ${padStart(`${Math.round(share * 100)}%`, 4)}  ${used} of ${limit}`], width, color);
}

function decisionLine(decision: DecisionSeen, withDate: boolean, width: number, color: boolean): string {
  const style: Style | undefined = decision.decision === 'continue' ? undefined : decision.decision === 'stop' ? 'cyan' : 'yellow';
  const what = decision.decision === 'continue' ? text(decision.task, 200) : `${text(decision.reason, 60)}${decision.message ? `: ${oneLine(decision.message, 300)}` : ''}`;
  const pieces: Piece[] = [`  ${clock(decision.at, withDate)}  ${padStart(`#${decision.iteration}`, 5)}  `, style ? [padEnd(decision.decision, 8), style] : padEnd(decision.decision, 8), `  ${what === UNKNOWN ? '' : what}`];
  return paintLine(pieces, width, color);
}

function denialLine(denial: Denial, width: number): string {
  const at = new Date(denial.atMs - 500).toISOString().slice(11, 19);
  return fit(`  ${at}  ${padEnd(text(denial.rule, 40), 14)}  ${text(denial.tool, 20)}  ${text(denial.call, 300)}`.trimEnd(), width);
}

// ---------------------------------------------------------------------------------------------
// The frame.

export interface FrameOptions {
  width: number;
  /** Rows the terminal has; null: as many as the frame takes (a snapshot). */
  height: number | null;
  nowMs: number;
  /** The session shown in full (its key); null: the newest. */
  selected: string | null;
  /** The live view: a clock in the head and the keys at the foot. */
  live: boolean;
  color: boolean;
  /** The project's folder as shown in the head. */
  project: string;
  /** Whether the log folder exists, and a sentence when it cannot be read. */
  folderFound: boolean;
  problem: string | null;
}

/** The key of the session the frame shows in full. */
export function selectedKey(views: SessionView[], selected: string | null): string | null {
  if (selected !== null && views.some((view) => view.key === selected)) return selected;
  // None chosen (or gone): the session whose last Stop is the latest.
  let latest: SessionView | null = null;
  for (const view of views) if (latest === null || view.lastStopMs > latest.lastStopMs) latest = view;
  return latest?.key ?? null;
}

function headLines(views: SessionView[], options: FrameOptions): string[] {
  const running = views.filter((view) => view.running).length;
  const count = views.length === 0 ? 'no session yet' : `${grouped(views.length)} session${views.length === 1 ? '' : 's'}, ${grouped(running)} running`;
  const clockText = options.live ? `  ${new Date(options.nowMs).toISOString().slice(11, 19)} UTC` : '';
  return [paintLine([['ralph-hooks watch', 'bold'], `  ${oneLine(options.project, 200)}  ·  ${count}${clockText}`], options.width, options.color)];
}

/** The session list's columns: their widths, and how each cell reads. */
const LIST_COLUMNS = { id: 18, agent: 11, preset: 8, iteration: 5, elapsed: 11, tokens: 11, cost: 8 } as const;

function listHead(options: FrameOptions): string {
  const c = LIST_COLUMNS;
  const head = `  ${padEnd('session', c.id)}  ${padEnd('agent', c.agent)}  ${padEnd('preset', c.preset)}  ${padStart('iter', c.iteration)}  ${padStart('elapsed', c.elapsed)}  ${padStart('tokens', c.tokens)}  ${padStart('cost', c.cost)}  status`;
  return paintLine([[head, 'dim']], options.width, options.color);
}

function listRow(view: SessionView, chosen: boolean, options: FrameOptions): string {
  const c = LIST_COLUMNS;
  const cell = (value: string, width: number) => padEnd(fit(oneLine(value, 200), width), width);
  const pieces: Piece[] = [
    `${chosen ? '>' : ' '} ${cell(view.id, c.id)}  ${cell(agentName(view.agent), c.agent)}  ${cell(view.preset, c.preset)}`,
    `  ${padStart(`#${view.iteration}`, c.iteration)}  ${padStart(view.elapsedMs === null ? UNKNOWN : duration(view.elapsedMs), c.elapsed)}`,
    `  ${padStart(view.tokenTotal === null ? UNKNOWN : grouped(view.tokenTotal), c.tokens)}  ${padStart(view.costUsd === null ? UNKNOWN : dollars(view.costUsd), c.cost)}  `,
    [view.running ? 'running' : oneLine(view.endReason ?? view.lastDecision.decision, 40), chosen && options.color ? 'bold' : statusStyle(view)],
  ];
  return paintLine(pieces, options.width, options.color, chosen && options.color ? 'reverse' : undefined);
}

/** The rows of the session list: all of them, or a window around the chosen one when the screen is short. */
function listLines(views: SessionView[], chosen: string | null, rows: number, options: FrameOptions): string[] {
  const index = Math.max(0, views.findIndex((view) => view.key === chosen));
  const first = views.length <= rows ? 0 : Math.min(Math.max(0, index - Math.floor(rows / 2)), views.length - rows);
  const shown = views.slice(first, first + rows).map((view) => listRow(view, view.key === chosen, options));
  if (first > 0) shown[0] = fit(`  … ${grouped(first)} newer above`, options.width);
  if (first + rows < views.length) shown[shown.length - 1] = fit(`  … ${grouped(views.length - first - rows + 1)} older below`, options.width);
  return [listHead(options), ...shown];
}

function figureLines(view: SessionView, options: FrameOptions): string[] {
  const { width, color } = options;
  const row = (label: string, value: string, style?: Style) => paintLine([`  ${padEnd(label, 10)} `, style ? [value, style] : value], width, color);
  const loopNote = view.loopNumber > 1 ? ` (loop ${view.loopNumber} of this session)` : '';
  const tokens = view.tokens;
  const kinds = `input ${tokensText(tokens.input)} · output ${tokensText(tokens.output)} · cache read ${tokensText(tokens.cacheRead)} · cache write ${tokensText(tokens.cacheWrite)}`;
  const tokenWhy = view.tokenTotal === null && view.usageNote ? ` (${oneLine(view.usageNote, 120)})` : '';
  const costWhy = view.unpriced.length > 0 ? ` (no price for ${oneLine(view.unpriced.join(', '), 80)}: add it under "prices" in ralph-hooks.config.json)` : view.model ? ` (${oneLine(view.model, 60)})` : '';
  const started = view.started === null ? '' : `, since ${view.started.slice(0, 19).replace('T', ' ')} UTC`;
  const lines = [
    paintLine([[`Session ${oneLine(view.id, 200)}`, 'bold']], width, color),
    row('agent', `${oneLine(agentName(view.agent), 40)} · ${oneLine(view.preset, 40)} preset · hook ${oneLine(view.hooks.join(', '), 80)}`),
    row('iteration', `${view.iteration}${loopNote}`),
    row('elapsed', `${view.elapsedMs === null ? 'unknown (the log names no loop start)' : duration(view.elapsedMs)}${started}`),
    row('tokens', `${tokensText(view.tokenTotal)}${view.tokenTotal === null ? tokenWhy : `: ${kinds}`}`),
    row('cost', `${costText(view.costUsd)}${costWhy}`),
    row('tools', view.toolCalls === null ? 'unknown' : `${grouped(view.toolCalls)} call${view.toolCalls === 1 ? '' : 's'}`),
    row('task', text(view.task, 300)),
    row('status', statusWords(view, options.nowMs), statusStyle(view)),
  ];
  const message = view.end?.message ?? (view.running ? null : view.lastDecision.message);
  if (message) lines.push(row('message', oneLine(message, 300)));
  if (view.badLines > 0 || view.newerLines > 0) lines.push(row('log', `${view.badLines} line(s) not a record, ${view.newerLines} of a newer version: skipped`));
  return lines;
}

function detailLines(view: SessionView, room: number | null, options: FrameOptions): string[] {
  const { width, color } = options;
  const heading = (words: string) => paintLine([['  ' + words, 'bold']], width, color);
  const lines = figureLines(view, options);
  if (view.budgets.length > 0) lines.push('', heading(`Budgets of ${oneLine(view.hook, 80)} (this loop)`), ...view.budgets.map((use) => budgetLine(use, color, width)));
  const withDate = view.decisions.length > 0 && view.decisions[0]!.at.slice(0, 10) !== view.decisions.at(-1)!.at.slice(0, 10);
  const denialHead = view.denialCount === null ? 'Guard denials: not counted (no guard nor audit log is configured)' : `Guard denials (${grouped(view.denialCount)} in this loop)`;
  // What is left of the screen goes to the decisions, then the denials.
  const fixed = lines.length + 2 + 2;
  const left = room === null ? Infinity : Math.max(2, room - fixed);
  const denialRows = Math.min(view.denials.length, room === null ? view.denials.length : Math.max(0, Math.floor(left / 3)));
  const decisionRows = Math.min(view.decisions.length, room === null ? 8 : Math.max(1, left - denialRows), 8);
  lines.push('', heading('Last decisions'), ...view.decisions.slice(0, decisionRows).map((d) => decisionLine(d, withDate, width, color)));
  lines.push('', heading(denialHead), ...view.denials.slice(0, denialRows).map((d) => denialLine(d, width)));
  return lines;
}

function emptyLines(options: FrameOptions): string[] {
  const waiting = options.live ? ' Waiting for the first Stop…' : '';
  if (options.problem) return [options.problem];
  if (!options.folderFound) return [`No loop has been recorded here yet: .ralph-hooks/state/loops/ does not exist.${waiting}`, 'Each stop-watcher appends a line there at every Stop once a loop runs.'];
  return [`No Stop recorded yet in .ralph-hooks/state/loops/.${waiting}`];
}

/** One frame: as many lines as the height allows (every one for a snapshot), each at most `width` cells. */
export function renderFrame(views: SessionView[], options: FrameOptions): string {
  const chosen = selectedKey(views, options.selected);
  const foot = options.live ? [paintLine([['q quit · ↑/↓ or j/k switch session', 'dim']], options.width, options.color)] : [];
  const head = headLines(views, options);
  if (views.length === 0) return [...head, '', ...emptyLines(options).map((line) => fit(line, options.width)), ...(foot.length ? ['', ...foot] : [])].join('\n') + '\n';
  const height = options.height;
  const listRows = height === null ? views.length : Math.max(1, Math.min(views.length, Math.floor((height - 4) / 4) - 1));
  const list = listLines(views, chosen, listRows, options);
  const room = height === null ? null : height - head.length - list.length - 2 - (foot.length ? foot.length + 1 : 0);
  const view = views.find((v) => v.key === chosen)!;
  let lines = [...head, '', ...list, '', ...detailLines(view, room, options)];
  if (height !== null) lines = lines.slice(0, Math.max(1, height - (foot.length ? foot.length + 1 : 0)));
  if (foot.length) lines.push('', ...foot);
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// The plain form: a line per event, and a line per session for a snapshot.

const second = (iso: string) => `${iso.slice(0, 19)}Z`;

/** A session in one line: where it is, what it used, whether it runs. */
export function summaryLine(view: SessionView, nowMs: number): string {
  const task = view.task === null ? '' : `  task ${oneLine(view.task, 200)}`;
  return `${second(view.ended)}  ${oneLine(view.id, 200)}  ${oneLine(view.agent, 40)}/${oneLine(view.preset, 40)}  #${view.iteration}  ${oneLine(statusWords(view, nowMs), 200)}  tokens ${tokensText(view.tokenTotal)}  cost ${costText(view.costUsd)}  tools ${view.toolCalls === null ? 'unknown' : grouped(view.toolCalls)}${task}`;
}

/** The line of one event, or null for none. `idOf` names a session by its key. */
export function eventLine(event: WatchEvent, idOf: (key: string) => string, nowMs: number): string {
  switch (event.kind) {
    case 'stop': {
      const r = event.record;
      const usage = r.usage === null ? `tokens unknown (${oneLine(r.usageNote ?? 'no usage', 120)})` : `tokens +${tokensText(tokenSum(r.usage))} = ${tokensText(event.totalTokens)}`;
      const cost = `cost +${costText(event.costUsd)} = ${costText(event.totalCostUsd)}`;
      const tools = r.toolCalls === null ? '' : `  tools ${grouped(r.toolCalls)}`;
      const task = r.task === null ? '' : `  task ${oneLine(r.task, 200)}`;
      const why = r.decision === 'continue' ? '' : ` ${oneLine(r.reason ?? 'no reason recorded', 60)}`;
      const message = r.decision === 'continue' || r.message === null ? '' : `  ${oneLine(r.message, 300)}`;
      const loop = event.loopNumber > 1 ? ` (loop ${event.loopNumber})` : '';
      return `${second(r.at)}  ${oneLine(idOf(event.key), 200)}  ${oneLine(r.agent, 40)}/${oneLine(r.preset, 40)}  #${r.iteration ?? '?'}${loop} ${r.decision}${why}  ${usage}  ${cost}${tools}${task}${message}`;
    }
    case 'denial': {
      const d = event.denial;
      const session = d.session === null ? '' : `  session ${oneLine(d.session, 200)}`;
      return `${second(new Date(d.atMs - 500).toISOString())}  guard denied ${text(d.rule, 60)}: ${text(d.tool, 40)} ${text(d.call, 300)}${session}`;
    }
    case 'end':
      return `${second(new Date(Date.parse(event.end.at) || nowMs).toISOString())}  ${oneLine(event.id, 200)}  ended: ${oneLine(endWords({ endReason: event.end.reason, iterations: [] }), 120)}  ${oneLine(event.end.message, 300)}`;
    case 'log': {
      const what = event.change === 'removed' ? 'was removed; its figures so far stay shown' : event.change === 'unreadable' ? `cannot be read (${event.problem ?? 'unknown error'}); tried again at every poll` : `was ${event.change === 'truncated' ? 'truncated' : 'replaced'}: read again from its start`;
      return `${second(new Date(nowMs).toISOString())}  ${event.path} ${what}`;
    }
  }
}
