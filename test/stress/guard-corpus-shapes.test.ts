/**
 * The guard corpus through the guard's other input shapes: forgeflare's contract, and every
 * shell command of the corpus sent as a skill's shell line (Claude Code's
 * PreSkillShellCommand), kept from running exactly when the corpus says it is dangerous, with
 * the same rule's reason as for a Bash call, and never answered with `updatedInput` (which
 * would stop a harmless line). Volume: in the full suite; the quick one sweeps the corpus once
 * (test/guards/corpus.test.ts) and tests each input shape on a few calls.
 */
import { describe, expect, it } from 'vitest';
import '../../testkit/vitest.js';
import { preSkillShellCommandInput, skillShellLineOutcome } from '../../testkit/index.js';
import { corpus as wholeCorpus, corpusFailures } from '../guards/corpus.js';
import { guardProject, mapLimit, runGuard } from '../guards/helpers.js';

const corpus = wholeCorpus.filter((c) => c.command !== undefined && (c.tool ?? 'Bash') === 'Bash');

describe('the guard corpus in forgeflare\'s contract', () => {
  it('forgeflare: denies every dangerous case and allows every look-alike', async () => {
    const failures = await corpusFailures('forgeflare');
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});

describe('the guard corpus as a skill\'s shell lines (PreSkillShellCommand)', () => {
  it('blocks every dangerous corpus command with its rule\'s reason, runs every look-alike, never answers with updatedInput', async () => {
    const project = guardProject('claude-code');
    const failures: string[] = [];
    await mapLimit(corpus, 4, async (c) => {
      const result = await runGuard(project, preSkillShellCommandInput({ tool_input: { command: c.command! }, cwd: project.root, session_id: `skill-${c.id}` }));
      const outcome = skillShellLineOutcome(result);
      if (result.stdout.includes('updatedInput')) failures.push(`#${c.id} answered with updatedInput: ${c.command}`);
      if (c.dangerous) {
        const rules = [c.rule ?? []].flat();
        if (!outcome.blocked) failures.push(`#${c.id} RUNS (expected ${rules.join('|')}): ${c.command}`);
        else if (rules.length && !rules.some((r) => outcome.reason?.startsWith(`${r}:`))) failures.push(`#${c.id} wrong rule (expected ${rules.join('|')}): ${c.command}\n    ${outcome.reason}`);
      } else if (outcome.blocked) failures.push(`#${c.id} BLOCKED: ${c.command}\n    ${outcome.how} ${outcome.reason ?? ''}`);
    });
    expect(corpus.length).toBeGreaterThan(100);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 180_000);

});
