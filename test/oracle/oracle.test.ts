/**
 * The oracle property (issue 39): whatever the sandbox sees do damage, the guard denies, under
 * every target's input shape; whatever it sees do no damage in the harmless corpus, the guard
 * allows. Fixed seed and a bounded count here; more with ORACLE_RUNS / ORACLE_SEED (the
 * scheduled oracle-long workflow runs 10,000), every dimension value with ORACLE_ALL=1, fewer
 * shapes with ORACLE_TARGETS=claude-project,forgeflare. A failure is shrunk by fast-check and
 * printed with its corpus.json line.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { check, costLine, counters } from './check.js';
import { dangerArb, harmlessArb } from './generator.js';
import { buildTemplate, sandboxAvailable, selectedShapes, type Template } from './sandbox.js';

const SEED = Number(process.env.ORACLE_SEED ?? 39);
const RUNS = Number(process.env.ORACLE_RUNS ?? 40);
const HARMLESS_RUNS = Number(process.env.ORACLE_HARMLESS_RUNS ?? Math.max(15, Math.round(RUNS / 2)));
// Long runs: report the first failure (shrunk) and stop; the summary counts are printed either way.
const TIMEOUT = Math.max(120_000, (RUNS + HARMLESS_RUNS) * 4_000);

describe.skipIf(!sandboxAvailable())('oracle: the guard denies what bash shows to do damage, and allows the harmless look-alikes', () => {
  let templates: Template[];
  beforeAll(() => {
    templates = selectedShapes().map((shape) => buildTemplate(shape));
  }, 120_000);

  it(`dangerous cases (seed ${SEED}, ${RUNS} runs): every damaging one denied under every shape`, async () => {
    const count = counters();
    await fc.assert(
      fc.asyncProperty(dangerArb(), async (c) => {
        const verdict = await check(templates, c.command, false, c.core.rule, count);
        if (verdict.failure) throw new Error(`${verdict.failure}\n  dimensions: ${[c.core, c.wrapper, c.spelling, c.prefix, c.separator, c.padding].map((d) => d.id).join(' × ')}`);
      }),
      { seed: SEED, numRuns: RUNS, verbose: 0 },
    );
    console.log(`oracle: ${count.damaging} damaging cases checked, ${count.limited} under a documented limit; ${costLine(count)}`);
    // A generator whose cases never do damage would prove nothing.
    expect(count.damaging).toBeGreaterThan(RUNS / 3);
  }, TIMEOUT);

  it(`harmless look-alikes (seed ${SEED}, ${HARMLESS_RUNS} runs): no damage, and allowed under every shape`, async () => {
    const count = counters();
    await fc.assert(
      fc.asyncProperty(harmlessArb(), async (c) => {
        const verdict = await check(templates, c.command, true, undefined, count);
        if (verdict.oracle.damage.length) throw new Error(`a harmless case did damage (fix the corpus in generator.ts): ${JSON.stringify(c.command)} ${JSON.stringify(verdict.oracle.damage)}`);
        if (verdict.failure) throw new Error(`${verdict.failure}\n  dimensions: ${[c.core, c.wrapper, c.prefix, c.padding].map((d) => d.id).join(' × ')}`);
      }),
      { seed: SEED, numRuns: HARMLESS_RUNS, verbose: 0 },
    );
    console.log(`oracle: ${count.harmless} harmless cases checked, ${count.limited} under a documented limit; ${costLine(count)}`);
    expect(count.harmless).toBe(HARMLESS_RUNS);
  }, TIMEOUT);
});
