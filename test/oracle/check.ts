/**
 * The oracle's rule, for one command: run it in the sandbox (the first template's layout); if it
 * did damage, every target's guard must deny it; if it did none and it is from the harmless
 * corpus, every guard must let it through. Returns what broke the rule, ready to read and to
 * paste into test/guards/corpus.json, or undefined.
 */
import { POLICY_RULE_IDS } from '../../src/presets/guard.js';
import { corpusLine } from './generator.js';
import { limitOf } from './limits.js';
import type { Known } from './families.js';
import { runGuard, runOracle, type Damage, type GuardRun, type OracleRun, type RuleSetName, type Template } from './sandbox.js';

export interface Verdict {
  oracle: OracleRun;
  guards: GuardRun[];
  /** undefined: the rule held (or the case is not dangerous as written, or a limit covers it). */
  failure?: string;
  limit?: string;
}

export interface Counters {
  damaging: number;
  harmless: number;
  limited: number;
  /** Sums, for the cost per run printed at the end. */
  oracleRuns: number;
  oracleMs: number;
  guardRuns: number;
  guardMs: number;
}

export const counters = (): Counters => ({ damaging: 0, harmless: 0, limited: 0, oracleRuns: 0, oracleMs: 0, guardRuns: 0, guardMs: 0 });

export const costLine = (c: Counters) => `oracle ${(c.oracleMs / Math.max(1, c.oracleRuns)).toFixed(0)} ms per sandbox run (${c.oracleRuns} runs), guard ${(c.guardMs / Math.max(1, c.guardRuns)).toFixed(0)} ms per call (${c.guardRuns} calls)`;

const describeDamage = (damage: Damage[]) => damage.slice(0, 4).map((d) => `${d.kind}: ${d.detail}`).join('; ');

export async function check(templates: Template[], command: string, expectHarmless: boolean, rule?: string | string[], count = counters()): Promise<Verdict> {
  const oracle = await runOracle(templates[0]!, command);
  count.oracleRuns++;
  count.oracleMs += oracle.ms;
  // Damage to the hook files is the layout's own target's: only its guard is held to it.
  const onlyHooks = oracle.damage.length > 0 && oracle.damage.every((d) => d.kind === 'hooks');
  const asked = onlyHooks ? templates.slice(0, 1) : templates;
  if (!oracle.damage.length && !expectHarmless) return { oracle, guards: [] };
  const guards = await Promise.all(asked.map((t) => runGuard(t, command)));
  count.guardRuns += guards.length;
  count.guardMs += guards.reduce((sum, g) => sum + g.ms, 0);
  const broken = guards.filter((g) => g.kind === 'invalid' || (oracle.damage.length ? g.kind !== 'deny' : g.kind === 'deny'));
  if (oracle.damage.length) count.damaging++;
  else count.harmless++;
  if (!broken.length) return { oracle, guards };
  const limit = limitOf(command, oracle.damage);
  if (limit) {
    count.limited++;
    return { oracle, guards, limit: limit.id };
  }
  const dangerous = oracle.damage.length > 0;
  const what = dangerous
    ? `the oracle saw damage (${describeDamage(oracle.damage)}) and the guard let it through`
    : `the oracle saw no damage and the guard denied it`;
  const targets = broken.map((g) => `${g.target}: ${g.kind}${g.reason ? ` (${g.reason.slice(0, 120)})` : ''}`).join('\n    ');
  const line = corpusLine(command, dangerous, dangerous ? rule : undefined, dangerous ? `oracle: ${describeDamage(oracle.damage)}` : 'oracle: no damage');
  return { oracle, guards, failure: `${what}:\n  ${JSON.stringify(command)}\n    ${targets}\n  corpus.json:\n  ${line}` };
}

/** One guard the oracle asks: a template (its target's shape) and the rule set it was generated with. */
export interface Ask {
  template: Template;
  set: RuleSetName;
  /** The rules on in that set. */
  on: Set<string>;
}

export interface CaseVerdict {
  damage: Damage[];
  /** Did the oracle hold the guard to this case (damage, or a harmless twin)? */
  held: boolean;
  guards: Array<GuardRun & { set: RuleSetName }>;
  failure?: string;
  known?: Known;
  limit?: string;
}

/**
 * Rules that deny a class of programs whatever they do (their rule.ts says `policy`; `network`
 * and `deploy`, both off by default). A harmless twin they deny is their policy at work.
 */
const policyDenial = (g: { reason?: string }) => POLICY_RULE_IDS.has(g.reason?.split(':')[0] ?? '');

/**
 * The oracle's rule for one family case: run it in `layout`; with damage, every asked guard whose
 * rule set has one of the case's rules on must deny; a harmless twin must do no damage and be
 * allowed by every asked guard. A disagreement a `known` entry matches is returned as known.
 */
export async function holdCase(layout: Template, asks: Ask[], c: { command: string; rule?: string[] }, harmless: boolean, known: Known[] = [], count = counters()): Promise<CaseVerdict> {
  const oracle = await runOracle(layout, c.command);
  count.oracleRuns++;
  count.oracleMs += oracle.ms;
  const { damage, command } = { damage: oracle.damage, command: c.command };
  if (harmless && damage.length) return { damage, held: true, guards: [], failure: `a harmless twin did damage (fix it in families.ts): ${JSON.stringify(command)} ${describeDamage(damage)}` };
  if (!harmless && !damage.length) return { damage, held: false, guards: [] };
  const held = harmless ? asks : asks.filter((a) => !c.rule?.length || c.rule.some((r) => a.on.has(r)));
  if (!held.length) return { damage, held: false, guards: [] };
  const guards = await Promise.all(held.map(async (a) => ({ ...(await runGuard(a.template, command)), set: a.set })));
  count.guardRuns += guards.length;
  count.guardMs += guards.reduce((sum, g) => sum + g.ms, 0);
  if (damage.length) count.damaging++;
  else count.harmless++;
  const broken = guards.filter((g) => g.kind === 'invalid' || (damage.length ? g.kind !== 'deny' : g.kind === 'deny' && !policyDenial(g)));
  if (!broken.length) return { damage, held: true, guards };
  const limit = limitOf(command, damage);
  if (limit) {
    count.limited++;
    return { damage, held: true, guards, limit: limit.id };
  }
  const mark = known.find((k) => k.match.test(command) && !!k.harmless === harmless);
  if (mark) return { damage, held: true, guards, known: mark };
  const what = damage.length ? `the oracle saw damage (${describeDamage(damage)}) and the guard let it through` : 'a harmless twin: the oracle saw no damage and the guard denied it';
  const targets = broken.map((g) => `${g.target} (${g.set} rules): ${g.kind}${g.reason ? ` (${g.reason.slice(0, 120)})` : ''}`).join('\n    ');
  const line = corpusLine(command, damage.length > 0, damage.length ? c.rule : undefined, damage.length ? `oracle: ${describeDamage(damage)}` : 'oracle: no damage');
  return { damage, held: true, guards, failure: `${what}:\n  ${JSON.stringify(command)}\n    ${targets}\n  corpus.json:\n  ${line}` };
}
