/**
 * The guard corpus (corpus.json): dangerous commands and harmless look-alikes, run
 * through the generated guard. No dangerous case may be allowed, no harmless one blocked,
 * and each denial names the expected rule first. The same sweep in forgeflare's contract and
 * as a skill's shell lines is in test/stress/guard-corpus-shapes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { corpus, corpusFailures } from './corpus.js';
import { quickSample } from './helpers.js';

describe('guard corpus', () => {
  it('has at least 150 cases, about half of them dangerous', () => {
    const dangerous = corpus.filter((c) => c.dangerous).length;
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(dangerous / corpus.length).toBeGreaterThan(0.4);
    expect(dangerous / corpus.length).toBeLessThan(0.6);
    expect(new Set(corpus.map((c) => c.id)).size).toBe(corpus.length);
  });

  // (On the fast path, every third case: quickSample.)
  it('claude-code: denies every dangerous case and allows every look-alike', async () => {
    const failures = await corpusFailures('claude-code', quickSample(corpus));
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});
