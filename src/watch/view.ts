/**
 * What the watch shows of each session, derived from the folded state at a given time: the
 * followed hook's current loop with its cost (the price table over the tokens of each model),
 * its elapsed time, each budget of the hook against what the loop used, its last decisions and
 * guard denials, and why it ended (its last Stop, or the loop-end record for an end the log did
 * not see, matched as the report matches it). No I/O, and `nowMs` is given, so the same state
 * gives the same view.
 */
import type { LoopEnd } from '../diagnose/loop-status.js';
import { costUsd, type PriceTable } from '../loop-record/prices.js';
import { attachEnd, type Tokens } from '../report/build.js';
import { denialsBetween, type Denial } from '../report/denials.js';
import type { Budgets } from '../report/project-settings.js';
import { tokenSum } from '../report/words.js';
import { followedHook, type DecisionSeen, type LoopState, type SessionState } from './fold.js';

/** How many of the newest denials a session view keeps. */
export const DENIALS_SHOWN = 10;

export interface BudgetUse {
  kind: 'tokens' | 'cost' | 'minutes';
  limit: number;
  /** Tokens, dollars or minutes used; null when unknown (no token counts, no price, no start). */
  used: number | null;
}

export interface SessionView {
  key: string;
  id: string;
  file: string;
  agent: string;
  preset: string;
  /** The hook followed, and every hook that wrote lines for the session. */
  hook: string;
  hooks: string[];
  loopNumber: number;
  iteration: number;
  /** ISO of the loop's start, or null; of its last Stop. */
  started: string | null;
  ended: string;
  lastStopMs: number;
  /** Why the loop ended (its last Stop's reason, or the loop-end record's), null while it runs. */
  endReason: string | null;
  end: LoopEnd | null;
  lastDecision: DecisionSeen;
  /** No end seen: the last Stop let the loop go on. */
  running: boolean;
  /** From the loop's start (else its first Stop) to now while it runs, to its last Stop once ended. */
  elapsedMs: number | null;
  tokens: Tokens;
  tokenTotal: number | null;
  /** Dollars of the tokens whose model has a price; null when none has. */
  costUsd: number | null;
  /** Models with tokens and no price. */
  unpriced: string[];
  model: string | null;
  usageNote: string | null;
  toolCalls: number | null;
  task: string | null;
  budgets: BudgetUse[];
  /** Newest first. */
  decisions: DecisionSeen[];
  /** This loop's denials, newest first (at most DENIALS_SHOWN), and how many in all. */
  denials: Denial[];
  denialCount: number | null;
  logRemoved: boolean;
  badLines: number;
  newerLines: number;
}

/** What the views need beside the sessions. */
export interface ViewContext {
  prices: PriceTable;
  budgets: Map<string, Budgets>;
  /** Sorted by time; null when no guard (nor audit log) is configured. */
  denials: Denial[] | null;
  end: LoopEnd | null;
  nowMs: number;
}

/** Dollars of the tokens whose model has a price (null when none has), and the models with tokens and no price. */
export function loopCost(tokensByModel: Map<string | null, Tokens>, prices: PriceTable): { costUsd: number | null; unpriced: string[] } {
  let sum: number | null = null;
  const unpriced: string[] = [];
  for (const [model, tokens] of tokensByModel) {
    const cost = costUsd({ model, ...tokens }, prices);
    if (cost !== null) sum = (sum ?? 0) + cost;
    else if (tokenSum(tokens) !== null) unpriced.push(model ?? 'unnamed');
  }
  return { costUsd: sum === null ? null : Math.round(sum * 1e6) / 1e6, unpriced };
}

function budgetUses(budgets: Budgets | undefined, tokens: number | null, cost: number | null, minutesMs: number | null): BudgetUse[] {
  if (budgets === undefined) return [];
  const out: BudgetUse[] = [];
  if (budgets.maxTokens !== null) out.push({ kind: 'tokens', limit: budgets.maxTokens, used: tokens });
  if (budgets.maxCostUsd !== null) out.push({ kind: 'cost', limit: budgets.maxCostUsd, used: cost });
  if (budgets.maxMinutes !== null) out.push({ kind: 'minutes', limit: budgets.maxMinutes, used: minutesMs === null ? null : minutesMs / 60_000 });
  return out;
}

function sessionView(session: SessionState, context: ViewContext): SessionView | null {
  const hook = followedHook(session);
  if (hook === null) return null;
  const loop = hook.loop;
  const last = loop.decisions.at(-1)!;
  const { costUsd: cost, unpriced } = loopCost(loop.tokensByModel, context.prices);
  const tokenTotal = tokenSum(loop.tokens);
  return {
    key: session.key,
    id: session.id,
    file: session.file,
    agent: hook.agent,
    preset: hook.preset,
    hook: hook.hook,
    hooks: [...session.hooks.keys()],
    loopNumber: loop.number,
    iteration: loop.iteration,
    started: loop.startedMs === null ? null : new Date(loop.startedMs).toISOString(),
    ended: last.at,
    lastStopMs: loop.lastAtMs,
    endReason: last.decision === 'continue' ? null : last.reason,
    end: null,
    lastDecision: last,
    running: last.decision === 'continue',
    elapsedMs: null,
    tokens: loop.tokens,
    tokenTotal,
    costUsd: cost,
    unpriced,
    model: loop.model,
    usageNote: loop.usageNote,
    toolCalls: loop.toolCalls,
    task: loop.task,
    budgets: [],
    decisions: [...loop.decisions].reverse(),
    denials: [],
    denialCount: null,
    logRemoved: session.logRemoved,
    badLines: session.badLines,
    newerLines: session.newerLines,
  };
}

/** The time figures, once the end is known: a running loop's clock goes on to now. */
function settle(view: SessionView, loop: LoopState, context: ViewContext): void {
  view.running = view.lastDecision.decision === 'continue' && view.end === null;
  const startMs = loop.startedMs !== null && loop.startedMs <= loop.firstAtMs ? loop.startedMs : null;
  const untilMs = view.running ? Math.max(context.nowMs, loop.lastAtMs) : loop.lastAtMs;
  view.elapsedMs = startMs === null ? null : untilMs - startMs;
  view.budgets = budgetUses(context.budgets.get(view.hook), view.tokenTotal, view.costUsd, view.elapsedMs);
  if (context.denials !== null) {
    // The loop's span: from its start (or just before its first Stop's iteration when the start is unknown) to its end, or on while it runs.
    const fromMs = (startMs ?? loop.firstAtMs) - 1;
    const denied = denialsBetween(context.denials, fromMs, view.running ? Number.MAX_SAFE_INTEGER : loop.lastAtMs, view.id);
    view.denialCount = denied.length;
    view.denials = denied.slice(-DENIALS_SHOWN).reverse();
  }
}

/** Every session with at least one record, newest loop first (by its start, else its first Stop). */
export function sessionViews(sessions: Iterable<SessionState>, context: ViewContext): SessionView[] {
  const pairs: Array<{ view: SessionView; loop: LoopState }> = [];
  for (const session of sessions) {
    const view = sessionView(session, context);
    if (view !== null) pairs.push({ view, loop: followedHook(session)!.loop });
  }
  // The loop-end record names one end; it goes to the session it belongs to, as in the report (oldest first there).
  const byLastStop = [...pairs].sort((a, b) => a.view.lastStopMs - b.view.lastStopMs);
  attachEnd(byLastStop.map((p) => p.view), context.end);
  for (const { view, loop } of pairs) settle(view, loop, context);
  const startOf = (p: { loop: LoopState }) => p.loop.startedMs ?? p.loop.firstAtMs;
  return pairs.sort((a, b) => startOf(b) - startOf(a) || a.view.key.localeCompare(b.view.key)).map((p) => p.view);
}
