/**
 * The oracle property (issue 48): whatever the sandbox sees do damage, the guard denies — with the
 * default rule set (when a rule on there covers the damage) and with every rule on, under every
 * target's input shape; whatever a family's harmless twin does, it does no damage and the guard
 * allows it. Every family in families.ts is drawn, with a fixed seed: ORACLE_RUNS dangerous and
 * ORACLE_HARMLESS_RUNS harmless cases per family (the scheduled oracle-long workflow draws
 * 10,000 per shape), fewer shapes with ORACLE_TARGETS=claude-project,forgeflare. A disagreement
 * a family lists as known is counted and printed, not failed.
 */
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { costLine, counters } from './check.js';
import { FAMILIES } from './families.js';
import { buildGuards, runFamilies, tallyLine, type Guards } from './families-run.js';
import { sandboxAvailable } from './sandbox.js';

const SEED = Number(process.env.ORACLE_SEED ?? 48);
/** Cases per family; ORACLE_TOTAL (the long run) spreads a total over the families instead. */
const TOTAL = Number(process.env.ORACLE_TOTAL ?? 0);
const RUNS = TOTAL ? Math.ceil(TOTAL / FAMILIES.length) : Number(process.env.ORACLE_RUNS ?? 1);
const HARMLESS_RUNS = Number(process.env.ORACLE_HARMLESS_RUNS ?? (TOTAL ? Math.ceil(RUNS / 2) : 1));
const TIMEOUT = Math.max(180_000, FAMILIES.length * (RUNS + HARMLESS_RUNS) * 3_000);

describe.skipIf(!sandboxAvailable())('oracle: every family, the default rules and every rule on, every shape', () => {
  let guards: Guards;
  beforeAll(() => {
    guards = buildGuards();
  }, 180_000);

  it(`seed ${SEED}: ${RUNS} dangerous and ${HARMLESS_RUNS} harmless cases per family`, async () => {
    const count = counters();
    const tallies = await runFamilies(guards, FAMILIES, { seed: SEED, dangerous: RUNS, harmless: HARMLESS_RUNS, count });
    console.log(`${tallies.map(tallyLine).join('\n')}\noracle: ${count.damaging} damaging and ${count.harmless} harmless cases held, ${count.limited} under a documented limit; ${costLine(count)}`);
    const failures = tallies.flatMap((t) => t.failures.map((f) => `[${t.family.id}] ${f}`));
    if (process.env.ORACLE_REPORT) writeFileSync(process.env.ORACLE_REPORT, failures.join('\n\n'));
    expect(failures.slice(0, 20).join('\n\n')).toBe('');
    // A generator whose cases never do damage would prove nothing.
    expect(count.damaging).toBeGreaterThan((FAMILIES.length * RUNS) / 3);
    for (const t of tallies) expect(t.drawn, `${t.family.id} draws nothing`).toBeGreaterThan(0);
  }, TIMEOUT);
});
