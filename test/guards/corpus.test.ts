/**
 * The guard corpus (corpus.json): dangerous commands and harmless look-alikes, run
 * through the generated guard in both output contracts. No dangerous case may be
 * allowed, no harmless one blocked, and each denial names the expected rule first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caseInput, guardProject, mapLimit, runGuard, verdict, type Contract, type GuardCase } from './helpers.js';

const corpus = JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8')) as GuardCase[];

describe('guard corpus', () => {
  it('has at least 150 cases, about half of them dangerous', () => {
    const dangerous = corpus.filter((c) => c.dangerous).length;
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(dangerous / corpus.length).toBeGreaterThan(0.4);
    expect(dangerous / corpus.length).toBeLessThan(0.6);
    expect(new Set(corpus.map((c) => c.id)).size).toBe(corpus.length);
  });

  for (const contract of ['claude-code', 'forgeflare'] as Contract[]) {
    it(`${contract}: denies every dangerous case and allows every look-alike`, async () => {
      const project = guardProject(contract);
      const failures: string[] = [];
      await mapLimit(corpus, 8, async (c) => {
        const result = await runGuard(project, caseInput(c, project));
        const { kind, reason } = verdict(result);
        const what = c.command ?? `${c.tool} ${JSON.stringify(c.input)}`;
        if (result.exitCode !== 0) failures.push(`#${c.id} exit ${result.exitCode}: ${what}\n    ${result.stderr.trim()}`);
        if (c.dangerous) {
          const rules = [c.rule ?? []].flat();
          if (kind !== 'deny') failures.push(`#${c.id} ALLOWED (expected ${rules.join('|')}): ${what}`);
          else if (rules.length && !rules.some((r) => reason?.startsWith(`${r}:`))) failures.push(`#${c.id} wrong rule (expected ${rules.join('|')}): ${what}\n    ${reason}`);
        } else {
          const allowed = contract === 'forgeflare' ? kind === 'allow' : kind === 'none';
          if (!allowed) failures.push(`#${c.id} BLOCKED: ${what}\n    ${reason ?? kind}`);
        }
      });
      expect(failures, failures.join('\n')).toEqual([]);
    }, 120_000);
  }
});
