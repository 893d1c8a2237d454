/**
 * GTFOBins (a public catalog of what Unix programs can be made to do) as a corpus, read at
 * test time from a checkout named by RALPH_HOOKS_GTFOBINS, never copied here. Every example of
 * its file-read, file-write, command and upload functions is aimed at what the guard protects
 * (bench/lib/corpora.mjs, GTFOBINS_AIMS): a read at ~/.ssh/id_rsa, a write at ~/.bashrc, a
 * command at `rm -rf ~`, an upload of the project's .env. The default rules must deny each,
 * except the documented limits in gtfobins-limits.json (a reason each, at most 5% of the aimed
 * examples); the same examples aimed at a project file must run. Without the variable the
 * test is skipped, and says why. ~630 guard calls, two at a time.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, gtfobinsCases } from '../../bench/lib/corpora.mjs';
import { caseInput, guardProject, mapLimit, runGuard, verdict, type GuardProject } from '../guards/helpers.js';

interface Limits {
  dangerous: Record<string, string>;
  harmless: Record<string, string>;
}
interface CorpusCase {
  id: string;
  fn: string;
  command: string;
  expect: 'deny' | 'allow';
}

const LIMITS: Limits = JSON.parse(readFileSync(new URL('./gtfobins-limits.json', import.meta.url), 'utf8'));
const MAX_LIMITS = 0.05;
const where = corpusDir('gtfobins');
if (!where.dir) console.log(`test/corpora/gtfobins.test.ts: skipped, ${where.reason}`);

/** The guard with the default rules, in a project with the files the examples are aimed at. */
function project(): GuardProject {
  const p = guardProject('claude-code', {}, 'guard');
  mkdirSync(join(p.home, '.ssh'), { recursive: true });
  writeFileSync(join(p.home, '.ssh/id_rsa'), 'not a key\n');
  writeFileSync(join(p.home, '.bashrc'), '# startup\n');
  writeFileSync(join(p.root, '.env'), 'TOKEN=canary\n');
  writeFileSync(join(p.root, 'README.md'), '# project\n');
  writeFileSync(join(p.root, 'notes.txt'), 'notes\n');
  mkdirSync(join(p.root, 'build'), { recursive: true });
  return p;
}

describe.skipIf(!where.dir)(`GTFOBins, aimed at what the guard protects${where.dir ? '' : ` (skipped: ${where.reason})`}`, () => {
  it('denies every aimed example but the documented limits, and runs each aimed at a project file', async () => {
    const cases = gtfobinsCases(where.dir!) as CorpusCase[];
    const dangerous = cases.filter((c) => c.expect === 'deny');
    // The parser found the catalog: each function aimed, in numbers like the catalog's.
    expect(dangerous.length).toBeGreaterThan(250);
    for (const fn of ['file-read', 'file-write', 'command', 'upload']) expect(dangerous.filter((c) => c.fn === fn).length, fn).toBeGreaterThan(10);

    const p = project();
    const denied = await mapLimit(cases.map((c, i) => ({ c, i })), 2, async ({ c, i }) => {
      const result = await runGuard(p, caseInput({ id: i, command: c.command, dangerous: c.expect === 'deny' }, p, `gtfobins-${i}`));
      expect(result.exitCode, c.command).toBe(0);
      return verdict(result).kind === 'deny';
    });
    const show = (c: CorpusCase) => `${c.id}: ${JSON.stringify(c.command)}`;
    const letThrough = cases.filter((c, i) => c.expect === 'deny' && !denied[i]);
    const falseDenials = cases.filter((c, i) => c.expect === 'allow' && denied[i]);

    expect(letThrough.filter((c) => !(c.id in LIMITS.dangerous)).map(show), 'let through, not a documented limit').toEqual([]);
    expect(falseDenials.filter((c) => !(c.id in LIMITS.harmless)).map(show), 'harmless look-alikes denied, not a documented limit').toEqual([]);
    // A limit the guard now denies (or runs) is stale: the list names only what still holds.
    const ids = new Set(cases.map((c) => c.id));
    const staleDangerous = Object.keys(LIMITS.dangerous).filter((id) => ids.has(id) && !letThrough.some((c) => c.id === id));
    const staleHarmless = Object.keys(LIMITS.harmless).filter((id) => ids.has(id) && !falseDenials.some((c) => c.id === id));
    expect([...staleDangerous, ...staleHarmless], 'limits that no longer hold').toEqual([]);
    expect(Object.keys(LIMITS.dangerous).length / dangerous.length).toBeLessThanOrEqual(MAX_LIMITS);
    for (const [id, reason] of Object.entries({ ...LIMITS.dangerous, ...LIMITS.harmless })) expect(reason.length, id).toBeGreaterThan(20);
  }, 900_000);
});
