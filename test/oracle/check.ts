/**
 * The oracle's rule, for one command: run it in the sandbox (the first template's layout); if it
 * did damage, every target's guard must deny it; if it did none and it is from the harmless
 * corpus, every guard must let it through. Returns what broke the rule, ready to read and to
 * paste into test/guards/corpus.json, or undefined.
 */
import { corpusLine } from './generator.js';
import { limitOf } from './limits.js';
import { runGuard, runOracle, type Damage, type GuardRun, type OracleRun, type Template } from './sandbox.js';

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
