/** The fuzz harness draws its cases a few at a time; they must be the very cases of `fc.sample`. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { drawLazily } from './harness.js';

it('drawLazily yields what fc.sample yields for the same seed, in order, across batch edges', () => {
  const arb = fc.record({ text: fc.string({ unit: 'binary' }), depth: fc.nat(), list: fc.array(fc.oneof(fc.integer(), fc.constant(null))) });
  const eager = fc.sample(arb, { seed: 42, numRuns: 200 });
  expect([...drawLazily(arb, 42, 200, 7)]).toEqual(eager);
  expect([...drawLazily(arb, 43, 200, 7)]).not.toEqual(eager);
  // From an offset: the part of the same sequence a fuzz worker takes.
  expect([...drawLazily(arb, 42, 50, 7, 120)]).toEqual(eager.slice(120, 170));
});
