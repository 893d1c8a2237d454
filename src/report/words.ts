/**
 * How a report says things, shared by the table and the page: figures (grouped digits, dollars,
 * durations), agents and end reasons in plain words, and the sentences that say what is not
 * known instead of showing a 0.
 */
import { END_REASON_WORDS } from '../diagnose/loop-status.js';
import { TARGETS, type Target } from '../targets/index.js';
import type { SessionReport, Tokens } from './build.js';

/** The agent's name as people write it (its target's agentName); an id this version does not know, as it is. */
export function agentName(agent: string): string {
  return Object.values(TARGETS as Record<string, Target>).find((target) => target.agent === agent)?.agentName ?? agent;
}

/**
 * Why the session's loop ended, in words: its end reason; a last Stop that stopped (or paused)
 * without naming one; or no end at all in the log.
 */
export function endWords(session: { endReason: string | null; iterations: ReadonlyArray<{ decision: string }> }): string {
  const reason = session.endReason;
  if (reason !== null) return (END_REASON_WORDS as Record<string, string>)[reason] ?? reason;
  const last = session.iterations.at(-1)?.decision;
  if (last === 'stop') return 'stopped, with no reason recorded';
  if (last === 'pause') return 'paused, with no reason recorded';
  return 'no end recorded (still running, or ended without a Stop the log saw)';
}

/** 1234567 → "1,234,567" (no locale: the same text on every machine). */
export function grouped(value: number): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  const [whole, fraction] = String(Math.round(value * 100) / 100).split('.');
  let out = '';
  for (let i = whole!.length; i > 0; i -= 3) out = `${whole!.slice(Math.max(0, i - 3), i)}${out === '' ? '' : `,${out}`}`;
  return `${out.replace(/^-,/, '-')}${fraction ? `.${fraction}` : ''}`;
}

/** Dollars: "$12.34", "$1,234", or to four places under a dollar ("$0.0412"). */
export function dollars(value: number): string {
  if (value >= 1000) return `$${grouped(Math.round(value))}`;
  if (value >= 1) return `$${value.toFixed(2)}`;
  return `$${value.toFixed(4)}`;
}

/** "850 ms", "42 s", "3 min 07 s", "2 h 05 min". */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "2026-11-28 16:04:05 UTC" from an ISO time; unparsable text as it is. */
export function utcTime(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** "16:04:05", or "11-28 16:04:05" when the session spans days. */
export function clock(iso: string | null, withDate: boolean): string | null {
  if (iso === null) return null;
  // The report's times are toISOString's already; anything else is normalised first.
  const text = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(iso) ? iso : new Date(Date.parse(iso)).toISOString();
  return withDate ? `${text.slice(5, 10)} ${text.slice(11, 19)}` : text.slice(11, 19);
}

/** Does the session start and end on different UTC days? */
export function spansDays(session: SessionReport): boolean {
  const first = session.iterations.find((it) => it.start !== null)?.start ?? session.iterations[0]?.at;
  return first !== undefined && session.ended !== null && first.slice(0, 10) !== session.ended.slice(0, 10);
}

/** The tokens a budget counts: every kind the agent gave (input, output, cache reads and writes), or null when it gave none. */
export function tokenSum(tokens: Tokens): number | null {
  const given = [tokens.input, tokens.output, tokens.cacheRead, tokens.cacheWrite].filter((t): t is number => t !== null);
  return given.length === 0 ? null : given.reduce((a, b) => a + b, 0);
}

const plural = (count: number, one: string, many = `${one}s`) => `${grouped(count)} ${count === 1 ? one : many}`;
export { plural };

/** How much of a budget a figure used: "75%". */
export function share(used: number, budget: number): string {
  return `${Math.round((used / budget) * 100)}%`;
}

/**
 * Sentences on what the figures are and what is missing: the agent that gave no token counts,
 * the iterations without them, the models without a price, the denials not counted, the lines
 * not read. Plain words, one per line.
 */
export function sessionSentences(session: SessionReport, denialSources: string[] | null): string[] {
  const out: string[] = [];
  const agent = agentName(session.agent);
  const n = session.iterations.length;
  const why = session.usageNotes.map((u) => `${u.note}${session.usageNotes.length > 1 ? `: ${plural(u.count, 'iteration')}` : ''}`).join('; ');
  if (session.withTokens === 0) out.push(`${agent} gave no token counts${why ? ` (${why})` : ''}: tokens and cost are unknown, shown as -, not 0.`);
  else if (session.withTokens < n) out.push(`${agent} gave token counts for ${grouped(session.withTokens)} of ${plural(n, 'iteration')}${why ? ` (the others: ${why})` : ''}; the totals add up those that did.`);
  if (session.withTokens > 0) {
    const unpriced = session.iterations.filter((it) => it.costUsd === null && tokenSum(it.tokens) !== null);
    const models = session.models.length > 0 ? `Model${session.models.length > 1 ? 's' : ''}: ${session.models.join(', ')}. ` : '';
    if (unpriced.length === 0) out.push(`${models}Cost at list prices (or the config's \`prices\`), in US dollars.`);
    else {
      const names = [...new Set(unpriced.map((it) => it.model ?? 'unnamed'))];
      out.push(`${models}No price for ${names.join(', ')}: the cost of ${plural(unpriced.length, 'iteration')} is unknown; add the model under \`prices\` in ralph-hooks.config.json.`);
    }
  }
  if (denialSources === null) out.push('Guard denials are not counted: no guard (nor audit log) is configured.');
  else if (session.denials === null) out.push(`Guard denials are not counted: no iteration has a known start (denials counted from ${denialSources.join(', ')}).`);
  else out.push(`Guard denials counted from ${denialSources.join(', ')}, by the time each was logged (to the second).`);
  for (const problem of session.problems) out.push(`${session.file}: ${problem}.`);
  return out;
}

/** "200,000 tokens: 150,234 used (75%)" for each budget set; none when no budget. */
export function budgetLines(session: SessionReport): string[] {
  const budgets = session.budgets;
  if (budgets === null) return [];
  const out: string[] = [];
  const tokens = tokenSum(session.totals.tokens);
  if (budgets.maxTokens !== null) out.push(`${grouped(budgets.maxTokens)} tokens: ${tokens === null ? 'unknown (no token counts)' : `${grouped(tokens)} used (${share(tokens, budgets.maxTokens)})`}`);
  const cost = session.totals.costUsd;
  if (budgets.maxCostUsd !== null) out.push(`${dollars(budgets.maxCostUsd)}: ${cost === null ? 'unknown (no cost)' : `${dollars(cost)} spent (${share(cost, budgets.maxCostUsd)})`}`);
  const wall = budgetWallMs(session);
  if (budgets.maxMinutes !== null) out.push(`${grouped(budgets.maxMinutes)} min: ${wall === null ? 'unknown (no start time)' : `${duration(wall)} (${share(wall, budgets.maxMinutes * 60_000)})`}`);
  return out;
}

/** What maxMinutes counts: from the start of the session's last loop to its last Stop, or null when unknown. */
export function budgetWallMs(session: SessionReport): number | null {
  if (session.lastLoopStarted === null || session.ended === null) return wallMs(session);
  const ms = Date.parse(session.ended) - Date.parse(session.lastLoopStarted);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** Wall time from the loop's start to its last Stop, or null when the start is unknown. */
export function wallMs(session: SessionReport): number | null {
  const start = session.started ?? session.iterations.find((it) => it.start !== null)?.start ?? null;
  if (start === null || session.ended === null) return null;
  const ms = Date.parse(session.ended) - Date.parse(start);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}
