/**
 * The guard corpus (corpus.json): dangerous commands and harmless look-alikes, and the sweep
 * that runs every case through a generated guard in one output contract.
 */
import { readFileSync } from 'node:fs';
import { caseInput, guardProject, mapLimit, runGuard, verdict, type Contract, type GuardCase } from './helpers.js';

export const corpus = JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8')) as GuardCase[];

/** Every corpus case through the guard in `contract`: what went wrong (an allowed dangerous case, a blocked look-alike, the wrong rule). */
export async function corpusFailures(contract: Contract, cases: readonly GuardCase[] = corpus): Promise<string[]> {
  const project = guardProject(contract);
  const failures: string[] = [];
  await mapLimit(cases, 8, async (c) => {
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
  return failures;
}
