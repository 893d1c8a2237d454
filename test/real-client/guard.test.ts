import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { runClaudeCode, runScenario, toolCalls } from '../../testkit/clients/index.js';
import { formatScenarioFailures } from './format.js';
import { describeRealClient, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

describeRealClient('guard in the real Claude Code', () => {
  it('catalog.scenario.json: dangerous Bash, Edit, Write denied with the reason as the tool_result; look-alikes run', async () => {
    const project = realProject({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard', name: 'guard' }] } as never);
    const outcome = await runScenario(join(import.meta.dirname, 'scenarios/guard/catalog.scenario.json'), { projectRoot: project.root });
    expect(outcome.failures, formatScenarioFailures(outcome)).toEqual([]);
  }, TEST_TIMEOUT_MS);

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

describeRealClient('a guard that cannot run', () => {
  it('is registered with onFailure "block", so a missing script blocks the call (without it the call would run)', async () => {
    const project = realProject({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard', name: 'guard' }] } as never);
    const settings = JSON.parse(readFileSync(project.file('.claude/settings.json'), 'utf8'));
    expect(settings.hooks.PreToolUse[0].hooks[0].onFailure).toBe('block');
    rmSync(project.file('.claude/hooks/guard.sh'));
    const turns = [{ shell: 'echo ran > ran.txt' }, { text: 'Done.' }];
    const blocked = await runClaudeCode(project.root, { turns, timeoutMs: SESSION_TIMEOUT_MS });
    const [call] = toolCalls(blocked);
    expect(call.isError).toBe(true);
    expect(call.result).toContain('blocking because onFailure is "block"');
    expect(blocked.files('ran.txt')).toBeNull();
    expect(blocked.hookInputs[0].exitCode).toBe(127);

    // The same registration without onFailure: Claude Code treats the failure as non-blocking and runs the call.
    delete settings.hooks.PreToolUse[0].hooks[0].onFailure;
    writeFileSync(project.file('.claude/settings.json'), JSON.stringify(settings, null, 2));
    const open = await runClaudeCode(project.root, { turns, timeoutMs: SESSION_TIMEOUT_MS });
    expect(toolCalls(open)[0].isError).toBe(false);
    expect(open.files('ran.txt')).toBe('ran\n');
  }, TEST_TIMEOUT_MS);
});
