import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { runClaudeCode, toolCalls } from '../../testkit/index.js';
import { describeRealClient, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

describeRealClient('guard in the real Claude Code', () => {
  it('denies rm -rf / with the rule reason as the tool_result; echo runs; the registration is restored byte for byte', async () => {
    const project = realProject({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard', name: 'guard' }] } as never);
    const settingsBefore = readFileSync(project.file('.claude/settings.json'));
    const run = await runClaudeCode(project.root, {
      prompt: 'Clean up',
      turns: [{ shell: ['rm -rf / --no-preserve-root', 'echo hi'] }, { text: 'Done.' }],
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.result?.result).toBe('Done.');
    expect(run.modelTurns).toBe(2);
    expect(run.exhausted).toBe(false);
    const [rm, echo] = toolCalls(run);
    expect(rm.input.command).toBe('rm -rf / --no-preserve-root');
    expect(rm.isError).toBe(true);
    expect(rm.result).toContain('fs-destroy: rm --no-preserve-root removes the whole filesystem');
    expect(echo).toMatchObject({ result: 'hi', isError: false });
    // The tap saw both PreToolUse inputs and the guard's answers.
    expect(run.hookInputs.map((h) => [h.event, h.input.tool_name, (h.input.tool_input as { command: string }).command])).toEqual([
      ['PreToolUse', 'Bash', 'rm -rf / --no-preserve-root'],
      ['PreToolUse', 'Bash', 'echo hi'],
    ]);
    expect(JSON.parse(run.hookInputs[0].stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(run.hookInputs[0].hook).toBe(JSON.parse(settingsBefore.toString()).hooks.PreToolUse[0].hooks[0].command);
    expect(run.transcript?.length).toBeGreaterThan(0);
    expect(readFileSync(project.file('.claude/settings.json')).equals(settingsBefore)).toBe(true);
  }, TEST_TIMEOUT_MS);
});
