/**
 * Running the families: draw each family's cases with a fixed seed, run each once in the sandbox,
 * and put it to the guard generated with the default rule set and with every rule on, under the
 * targets' input shapes in turn (case k asks shape k and shape k+1, so a run of a few cases per
 * family meets every shape under both sets). Shared by the fixed-seed test and the survey.
 */
import fc from 'fast-check';
import { counters, holdCase, type Ask, type Counters } from './check.js';
import type { Family } from './families.js';
import { buildTemplate, RULE_SETS, rulesOn, selectedShapes, type RuleSetName, type Template } from './sandbox.js';

export interface Tally {
  family: Family;
  /** Dangerous cases drawn, the ones that did damage the sets hold, and those the guard denied. */
  drawn: number;
  held: number;
  agreed: number;
  harmless: number;
  harmlessAgreed: number;
  /** Known disagreements seen: the part that closes each, with one example. */
  known: Map<string, string>;
  failures: string[];
}

export interface Guards {
  layout: Template;
  bySet: Record<RuleSetName, Ask[]>;
}

/** One template per shape and rule set; the oracle runs commands in the first shape's default one. */
export function buildGuards(): Guards {
  const shapes = selectedShapes();
  const sets = Object.keys(RULE_SETS) as RuleSetName[];
  const bySet = Object.fromEntries(sets.map((set) => [set, shapes.map((shape) => ({ template: buildTemplate(shape, { guardOptions: RULE_SETS[set]() }), set, on: rulesOn(set) }))])) as Record<RuleSetName, Ask[]>;
  return { layout: bySet.default[0]!.template, bySet };
}

/** Up to `n` distinct commands from an arbitrary, fixed by `seed`. */
function draw<T>(arb: fc.Arbitrary<T>, n: number, seed: number, key: (t: T) => string): T[] {
  if (n <= 0) return [];
  const seen = new Map<string, T>();
  for (const value of fc.sample(arb, { seed, numRuns: n * 3 })) if (!seen.has(key(value)) && seen.size < n) seen.set(key(value), value);
  return [...seen.values()];
}

export interface RunOptions {
  seed: number;
  dangerous: number;
  harmless: number;
  concurrency?: number;
  count?: Counters;
}

export async function runFamilies(guards: Guards, families: Family[], options: RunOptions): Promise<Tally[]> {
  const count = options.count ?? counters();
  const tallies = families.map((family): Tally => ({ family, drawn: 0, held: 0, agreed: 0, harmless: 0, harmlessAgreed: 0, known: new Map(), failures: [] }));
  const jobs: Array<() => Promise<void>> = [];
  let k = 0;
  families.forEach((family, i) => {
    const tally = tallies[i]!;
    const asksFor = (n: number) => [guards.bySet.default[n % guards.bySet.default.length]!, guards.bySet['all-on'][(n + 1) % guards.bySet['all-on'].length]!];
    for (const c of draw(family.dangerous, options.dangerous, options.seed + i, (x) => x.command)) {
      const asks = asksFor(k++);
      tally.drawn++;
      jobs.push(async () => {
        const v = await holdCase(guards.layout, asks, c, false, family.known, count);
        if (!v.held) return;
        tally.held++;
        if (v.failure) tally.failures.push(v.failure);
        else if (v.known) tally.known.set(v.known.part, tally.known.get(v.known.part) ?? c.command);
        else tally.agreed++;
      });
    }
    for (const command of draw(family.harmless, options.harmless, options.seed + 1000 + i, (x) => x)) {
      const asks = asksFor(k++);
      jobs.push(async () => {
        const v = await holdCase(guards.layout, asks, { command }, true, family.known, count);
        tally.harmless++;
        if (v.failure) tally.failures.push(v.failure);
        else if (v.known) tally.known.set(`${v.known.part} (harmless twin denied)`, tally.known.get(v.known.part) ?? command);
        else tally.harmlessAgreed++;
      });
    }
  });
  await pool(jobs, options.concurrency ?? 3);
  return tallies;
}

async function pool(jobs: Array<() => Promise<void>>, size: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < jobs.length) await jobs[next++]!();
  }));
}

/** A line per family: held cases the guard denied, harmless twins it allowed, known disagreements. */
export function tallyLine(t: Tally): string {
  const known = [...t.known].map(([part, example]) => `known (${part}): ${JSON.stringify(example)}`).join('; ');
  return `${t.failures.length ? 'FAIL' : t.known.size ? 'known' : 'ok  '} ${t.family.id}: ${t.agreed}/${t.held} damaging denied (${t.drawn} drawn), ${t.harmlessAgreed}/${t.harmless} harmless allowed${known ? `; ${known}` : ''}`;
}
