/**
 * Every way a loop ends, in the real Claude Code against a scripted model, and what
 * `ralph-hooks status` then prints: one session per reason, all in one generated project
 * layout (a loop hook and a specum hook), each in a fresh copy of it.
 */
import { expect, it } from 'vitest';
import { runClaudeCode, stopOutcome, stopRuns, writeScenarioFiles, type RealClientRun, type Turn } from '../../testkit/clients/index.js';
import { ralphHooks } from '../helpers/cli.js';
import { describeRealClient, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

const LOOP_STATE = '.claude/ralph-loop.local.md';

function project(files: Record<string, unknown>): string {
  const { root } = realProject({
    hooks: [
      { kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop' },
      { kind: 'stop-watcher', preset: 'specum', name: 'spec-watcher' },
    ],
  } as never);
  writeScenarioFiles(root, files);
  return root;
}

const loopState = (iteration: number | string, max: number) =>
  `---\nactive: true\niteration: ${iteration}\nsession_id: \nmax_iterations: ${max}\ncompletion_promise: "DONE"\n---\n\nBuild the parser\n`;

const SPEC = {
  'specs/.current-spec': 'demo\n',
  'specs/demo/.ralph-state.json': JSON.stringify({ phase: 'execution', taskIndex: 0, totalTasks: 3, taskIteration: 1, globalIteration: 1, maxGlobalIterations: 100 }),
  'specs/demo/tasks.md': '- [ ] 1.1 first\n- [ ] 1.2 second\n- [ ] 1.3 third\n',
};

async function session(root: string, turns: Turn[]): Promise<RealClientRun> {
  const run = await runClaudeCode(root, { prompt: 'Build the parser', turns, timeoutMs: SESSION_TIMEOUT_MS });
  expect(run.exitCode, run.stderr).toBe(0);
  return run;
}

/** What `ralph-hooks status --json` and the text say after the session. */
function status(root: string) {
  const json = JSON.parse(ralphHooks(['status', '--json'], { cwd: root }).stdout);
  const text = ralphHooks(['status'], { cwd: root }).stdout;
  return { end: json.lastEnd, running: json.running, text };
}

const decisions = (run: RealClientRun, hook: string) => stopRuns(run, hook).map((h) => stopOutcome(h).decision);

describeRealClient('why a loop ended, in the real Claude Code, as ralph-hooks status prints it', () => {
  it('the promise: completed', async () => {
    const root = project({ [LOOP_STATE]: loopState(1, 10) });
    await session(root, [{ text: 'Working on it.' }, { text: 'All done. <promise>DONE</promise>' }]);
    const { end, text } = status(root);
    expect(end).toMatchObject({ reason: 'completed', hook: 'ralph-loop', iteration: 2, limit: 10 });
    expect(text).toContain('Last loop end: completed\n');
    expect(text).toContain('message    ✅ Ralph loop finished: detected <promise>DONE</promise> at iteration 2.');
  }, TEST_TIMEOUT_MS);

  it('the iteration limit: max-iterations', async () => {
    const root = project({ [LOOP_STATE]: loopState(1, 2) });
    await session(root, [{ text: 'Working on it.' }, { text: 'Still working.' }]);
    const { end, text } = status(root);
    expect(end).toMatchObject({ reason: 'max-iterations', iteration: 2, limit: 2 });
    expect(text).toContain('Last loop end: iteration limit reached\n');
  }, TEST_TIMEOUT_MS);

  it('a corrupt state file: corrupt-state', async () => {
    const root = project({ [LOOP_STATE]: loopState('abc', 5) });
    await session(root, [{ text: 'Working on it.' }]);
    const { end, text } = status(root);
    expect(end).toMatchObject({ reason: 'corrupt-state', iteration: null, limit: 5 });
    expect(text).toContain("message    ⚠️ Ralph loop stopped: .claude/ralph-loop.local.md is corrupted (iteration: 'abc' is not a number)");
  }, TEST_TIMEOUT_MS);

  it('the model runs the cancel command: cancelled', async () => {
    const root = project({ [LOOP_STATE]: loopState(1, 10) });
    const run = await session(root, [{ text: 'Working on it.' }, { shell: 'bash .claude/hooks/ralph-loop-setup.sh --cancel' }, { text: 'Cancelled.' }]);
    expect(decisions(run, 'ralph-loop')).toEqual(['block', 'allow']);
    const { end, running, text } = status(root);
    expect(end).toMatchObject({ reason: 'cancelled', iteration: 2, limit: 10, message: 'Cancelled Ralph loop (was at iteration 2)' });
    expect(running).toEqual([]);
    expect(text).toContain('Last loop end: cancelled\n');
  }, TEST_TIMEOUT_MS);

  it('a spec that does not move after a continuation (specum, init defaults): no-progress', async () => {
    const root = project(SPEC);
    const run = await session(root, [{ text: 'Looking at the spec.' }, { text: 'Still reading.' }, { text: 'Never reached.' }]);
    expect(decisions(run, 'spec-watcher')).toEqual(['block', 'allow']);
    const { end, running } = status(root);
    expect(end).toMatchObject({ reason: 'no-progress', hook: 'spec-watcher', preset: 'specum', iteration: 1, limit: 100 });
    expect(running).toEqual([{ hook: 'spec-watcher', preset: 'specum', stateFile: 'specs/demo/.ralph-state.json', iteration: 1, limit: 100 }]);
  }, TEST_TIMEOUT_MS);

  it('a model that only talks: Claude Code ends the turn after 8 blocks in a row; block-cap, and the loop still runs', async () => {
    const root = project({ [LOOP_STATE]: loopState(1, 30) });
    const talk = Array.from({ length: 14 }, (_, i) => ({ text: `Thinking, part ${i + 1}.` }));
    const run = await session(root, talk);
    // Claude Code honours 8 blocks and ignores the 9th: every stop blocked, and the session ended.
    expect(decisions(run, 'ralph-loop')).toEqual(Array(9).fill('block'));
    expect(run.modelTurns).toBe(9);
    const { end, running, text } = status(root);
    expect(end).toMatchObject({ reason: 'block-cap', iteration: 9, limit: 30 });
    expect(end.message).toBe("Ralph loop: blocked 8 times in a row: Claude Code's block cap may have ended the turn (iteration 9).");
    expect(running).toEqual([{ hook: 'ralph-loop', preset: 'loop', stateFile: LOOP_STATE, iteration: 10, limit: 30 }]);
    expect(text).toContain("Last loop end: the agent's block cap may have ended the turn\n");
  }, TEST_TIMEOUT_MS);
});
