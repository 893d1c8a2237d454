/**
 * The guard on the shell lines of skills and custom commands (Claude Code's
 * PreSkillShellCommand): a dangerous line is kept from running with its rule's reason, a
 * harmless one runs. test/stress/guard-corpus-shapes.test.ts sends every shell command of the
 * corpus as a skill's line.
 */
import { describe, expect, it } from 'vitest';
import '../../testkit/vitest.js';
import { preSkillShellCommandInput } from '../../testkit/index.js';
import { guardProject, runGuard } from './helpers.js';

describe('the guard on a skill\'s shell lines (PreSkillShellCommand)', () => {
  it('the line of the issue: rm -rf ~/x --no-preserve-root is blocked by fs-destroy; git status runs', async () => {
    const project = guardProject('claude-code');
    const line = (command: string) => runGuard(project, preSkillShellCommandInput({ tool_input: { command }, cwd: project.root }));
    expect(await line('rm -rf ~/x --no-preserve-root')).toBlockSkillShellLine(/^fs-destroy: rm --no-preserve-root removes the whole filesystem/);
    expect(await line('git status')).not.toBlockSkillShellLine();
  });
});
