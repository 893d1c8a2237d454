import { expect, it } from 'vitest';
import { type RealClientRun, runClaudeCode, stopOutcome, stopRuns, toolCalls, writeScenarioFiles } from '../../testkit/clients/index.js';
import { describeRealClient, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

const LOOP_STATE = '---\nactive: true\niteration: 1\nsession_id: \nmax_iterations: 5\ncompletion_promise: "DONE"\n---\n\nBuild the parser\n';
const TURNS = [
  { text: 'Started the parser.' },
  { shell: 'echo step two > progress.txt' },
  { text: 'Parser half done.' },
  { text: 'All tests pass. <promise>DONE</promise>' },
];
const SPEC = {
  'specs/.current-spec': 'demo\n',
  'specs/demo/.ralph-state.json': { phase: 'execution', taskIndex: 1, totalTasks: 3, taskIteration: 1, globalIteration: 2, maxGlobalIterations: 40 },
};

/** What the session looked like from the model's and the user's side. */
function outcome(run: RealClientRun, loopHook: string) {
  return {
    exitCode: run.exitCode,
    result: run.result?.result,
    modelTurns: run.modelTurns,
    stops: stopRuns(run)
      .filter((h) => h.hook.includes(loopHook))
      .map((h) => ({ active: h.input.stop_hook_active, ...stopOutcome(h) })),
    tools: toolCalls(run).map((c) => ({ name: c.name, input: c.input.command, result: c.result, isError: c.isError })),
    loopState: run.files('.claude/ralph-loop.local.md'),
    progress: run.files('progress.txt'),
  };
}

describeRealClient('passive observer in the real Claude Code', () => {
  it('never changes the outcome of a session driven by the loop preset', async () => {
    const loop = { kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop' };
    const alone = realProject({ hooks: [loop] } as never);
    const beside = realProject({ hooks: [loop, { kind: 'stop-watcher', preset: 'passive', name: 'observer' }] } as never);
    for (const root of [alone.root, beside.root]) writeScenarioFiles(root, { '.claude/ralph-loop.local.md': LOOP_STATE, ...SPEC });

    const without = await runClaudeCode(alone.root, { prompt: 'Build the parser', turns: TURNS, timeoutMs: SESSION_TIMEOUT_MS });
    const withPassive = await runClaudeCode(beside.root, { prompt: 'Build the parser', turns: TURNS, timeoutMs: SESSION_TIMEOUT_MS });

    const expected = outcome(without, 'ralph-loop.sh');
    expect(expected.stops.map((s) => s.decision)).toEqual(['block', 'block', 'allow']);
    expect(outcome(withPassive, 'ralph-loop.sh')).toEqual(expected);

    // The observer ran at every stop, printed nothing on stdout and exited 0.
    const observer = stopRuns(withPassive).filter((h) => h.hook.includes('observer.sh'));
    expect(observer).toHaveLength(3);
    for (const run of observer) expect({ stdout: run.stdout, exitCode: run.exitCode }).toEqual({ stdout: '', exitCode: 0 });
    expect(observer[0].stderr).toContain('demo');
    // It only observes: the spec state is untouched.
    expect(JSON.parse(withPassive.files('specs/demo/.ralph-state.json')!)).toMatchObject({ taskIndex: 1, totalTasks: 3 });
  }, TEST_TIMEOUT_MS);
});
