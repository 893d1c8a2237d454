import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runScenario, sentToModel } from '../../testkit/clients/index.js';
import { formatScenarioFailures } from './format.js';
import { describeRealClient, realProject, TEST_TIMEOUT_MS } from './helpers.js';

const SCENARIOS = join(import.meta.dirname, 'scenarios');

describeRealClient('convergence in the real Claude Code', () => {
  it('additional-context.scenario.json: the signal reaches the model as additionalContext', async () => {
    const project = realProject({ hooks: [{ kind: 'convergence', preset: 'convergence' }] } as never);
    const outcome = await runScenario(join(SCENARIOS, 'convergence/additional-context.scenario.json'), { projectRoot: project.root });
    expect(outcome.failures, formatScenarioFailures(outcome)).toEqual([]);
  }, TEST_TIMEOUT_MS);

  it('block.scenario.json: with claudeOutput "block" the signal reaches the model as the block reason', async () => {
    const project = realProject({ hooks: [{ kind: 'convergence', preset: 'convergence', options: { claudeOutput: 'block' } }] } as never);
    const outcome = await runScenario(join(SCENARIOS, 'convergence/block.scenario.json'), { projectRoot: project.root });
    expect(outcome.failures, formatScenarioFailures(outcome)).toEqual([]);
    const post = outcome.run.hookInputs.filter((h) => h.event === 'PostToolUse');
    const reason = JSON.parse(post[2].stdout).reason as string;
    expect(JSON.parse(post[2].stdout).decision).toBe('block');
    expect(sentToModel(outcome.run).join('\n')).toContain(reason);
    // What the model read names the registered command, not the test's tap.
    const note = sentToModel(outcome.run).find((t) => t.includes(reason))!;
    expect(note).toContain('PostToolUse:Bash hook blocking error from command: "bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/convergence.sh"');
    expect(note).not.toContain('tap.mjs');
  }, TEST_TIMEOUT_MS);
});

describeRealClient('session-end and audit-log in the real Claude Code', () => {
  it('session-end-and-audit-log.scenario.json: both write their lines', async () => {
    const project = realProject({
      hooks: [
        { kind: 'session-end', preset: 'session-end' },
        { kind: 'audit-log', preset: 'audit-log' },
      ],
    } as never);
    const outcome = await runScenario(join(SCENARIOS, 'logs/session-end-and-audit-log.scenario.json'), { projectRoot: project.root, keep: true });
    expect(outcome.failures, formatScenarioFailures(outcome)).toEqual([]);
    const audit = readFileSync(join(outcome.projectDir, '.ralph-hooks/logs/audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(audit.map((l) => l.tool ?? l.tool_name)).toEqual(['Bash', 'Write']);
    const sessions = readFileSync(join(outcome.projectDir, '.ralph-hooks/logs/sessions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ event: 'SessionEnd', session_id: outcome.run.sessionId });
  }, TEST_TIMEOUT_MS);
});
