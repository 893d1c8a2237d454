/**
 * The guard on the shell lines of skills and custom commands (Claude Code's
 * PreSkillShellCommand): every shell command of the corpus, sent as a skill's line, is kept
 * from running exactly when the corpus says it is dangerous, with the same rule's reason as for
 * a Bash call; and no answer ever carries `updatedInput`, which would stop a harmless line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../testkit/vitest.js';
import { preSkillShellCommandInput, skillShellLineOutcome } from '../../testkit/index.js';
import { guardProject, mapLimit, runGuard, type GuardCase } from './helpers.js';

const corpus = (JSON.parse(readFileSync(new URL('./corpus.json', import.meta.url), 'utf8')) as GuardCase[]).filter((c) => c.command !== undefined && (c.tool ?? 'Bash') === 'Bash');

describe('the guard on a skill\'s shell lines (PreSkillShellCommand)', () => {
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

  it('the line of the issue: rm -rf ~/x --no-preserve-root is blocked by fs-destroy; git status runs', async () => {
    const project = guardProject('claude-code');
    const line = (command: string) => runGuard(project, preSkillShellCommandInput({ tool_input: { command }, cwd: project.root }));
    expect(await line('rm -rf ~/x --no-preserve-root')).toBlockSkillShellLine(/^fs-destroy: rm --no-preserve-root removes the whole filesystem/);
    expect(await line('git status')).not.toBlockSkillShellLine();
  });
});
