/**
 * A context that fills up during an active loop and an active spec, in the real Claude Code:
 * the scripted model answers the API's own 400 "prompt is too long". The client then compacts
 * (PreCompact auto, a summary request, SessionStart compact, PostCompact) and retries once; a
 * second overflow ends the session with StopFailure, and no Stop hook runs. The session must
 * end by itself or compact and go on within a bounded number of model calls; after a
 * compaction the next model request must carry the loop's prompt or the spec's current task;
 * after a StopFailure the loop must be paused, with the reason recorded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { promptTooLong, runClaudeCode, writeScenarioFiles, type RealClientRun, type RecordedRequest, type Turn } from '../../testkit/clients/index.js';
import { describeRealClient, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

/** Claude Code's compaction asks the model for this; the scripted model answers with a summary. */
const SUMMARY_REQUEST = 'create a detailed summary of the conversation';
/** The first message after a compaction starts so. */
const CONTINUED = 'This session is being continued from a previous conversation';

const isSummaryRequest = (request: RecordedRequest) => request.raw.includes(SUMMARY_REQUEST);

/**
 * The model: a reply, then "prompt is too long" at the loop's first continuation; summaries
 * for the compaction; after it, `afterCompaction` (a reply, or the same error again).
 */
function overflowingModel(afterCompaction: Turn) {
  let overflowed = false;
  return (request: RecordedRequest, index: number): Turn => {
    if (isSummaryRequest(request)) return { text: '<summary>The user asked for work in this project; it is under way.</summary>' };
    if (index === 0) return { text: 'Starting.' };
    if (!overflowed) {
      overflowed = true;
      return { apiError: promptTooLong() };
    }
    return afterCompaction;
  };
}

/** The model requests after the compaction that are not summary requests; the first one is what the model saw first. */
function requestsAfterCompaction(run: RealClientRun): RecordedRequest[] {
  return run.requests.filter((r) => r.modelCall && !isSummaryRequest(r) && r.raw.includes(CONTINUED));
}

/**
 * A session whose context overflows again after the compaction: Claude Code ends it on the API
 * error ("Prompt is too long") and runs the StopFailure hooks as it exits. Without the tap:
 * the client ends its hooks some 150 ms after it starts them, too soon for the tap's wrapper.
 */
async function failingSession(root: string, prompt?: string): Promise<RealClientRun> {
  const run = await runClaudeCode(root, { ...(prompt ? { prompt } : {}), turns: overflowingModel({ apiError: promptTooLong() }), timeoutMs: SESSION_TIMEOUT_MS, tap: false });
  expect(run.result).toMatchObject({ is_error: true, api_error_status: 400, result: 'Prompt is too long' });
  return run;
}

/**
 * The client kills its StopFailure hooks some 1.5 s after starting them: a hook starved for
 * that long by a machine running many sessions at once never gets to detach. One retry.
 */
const FAILURE_TEST = { timeout: TEST_TIMEOUT_MS, retry: 1 };

/** The end record, or null while there is none. */
function endRecord(root: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(join(root, '.ralph-hooks/state/loop-end.json'), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * `read()` once `done` holds for it: the pause is written by a detached process after the
 * client has exited, so it is awaited by what it writes. The bound (60 s, as it is then) only
 * keeps a hook that never writes from hanging the test; a loaded machine may need seconds.
 */
async function settled<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    const value = read();
    if (done(value)) return value;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return read();
}

const events = (run: RealClientRun) => run.hookInputs.map((h) => (h.event === 'SessionStart' ? `SessionStart:${String(h.input.source)}` : h.event));

for (const runtime of ['bash', 'node'] as const) {
  const stateFile = runtime === 'node' ? '.claude/ralph-loop.local.json' : '.claude/ralph-loop.local.md';
  const loopState =
    runtime === 'node'
      ? { active: true, iteration: 1, maxIterations: 4, completionPromise: 'DONE', prompt: 'Build the parser in src/parse.ts', sessionId: null }
      : '---\nactive: true\niteration: 1\nsession_id: \nmax_iterations: 4\ncompletion_promise: "DONE"\n---\n\nBuild the parser in src/parse.ts\n';
  const loopProject = () => {
    const { root } = realProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }] } as never);
    writeScenarioFiles(root, { [stateFile]: loopState });
    return root;
  };

  describeRealClient(`loop (${runtime}) when the context fills up, in the real Claude Code`, () => {
    it("compacts and goes on: the first request after the compaction carries the loop's prompt; the loop ends at its limit", async () => {
      const root = loopProject();
      const run = await runClaudeCode(root, { turns: overflowingModel({ text: 'Working on the parser.' }), timeoutMs: SESSION_TIMEOUT_MS });
      expect(run.timedOut).toBe(false);
      expect(events(run)).toContain('SessionStart:compact');
      const [first] = requestsAfterCompaction(run);
      expect(first, 'no model request after the compaction').toBeDefined();
      expect(first!.raw).toContain('Build the parser in src/parse.ts');
      expect(first!.raw).toContain('the conversation was just compacted');
      // Bounded: the loop's limit (4) ends it, a few calls for the compaction besides.
      expect(run.modelTurns).toBeLessThanOrEqual(10);
      expect(JSON.parse(readFileSync(join(root, '.ralph-hooks/state/loop-end.json'), 'utf8')).reason).toBe('max-iterations');
    }, TEST_TIMEOUT_MS);

    // Both runtimes: the bash hook detaches itself, the Node one starts through a bash wrapper
    // that reads the input, starts Node in a session of its own (setsid) and ends at once,
    // without waiting for Node (test/presets/compaction.test.ts holds Node at a gate to show
    // it): the client's SIGTERM and SIGKILL find nothing left of the hook to end.
    it('a second overflow ends the session with StopFailure: the loop is paused at its iteration and the reason recorded', FAILURE_TEST, async () => {
      const root = loopProject();
      const run = await failingSession(root);
      expect(run.timedOut).toBe(false);
      expect(run.modelTurns).toBeLessThanOrEqual(6);
      // The hook may still be writing as the client exits: the pause writes the state, then
      // the end record (in one rename), so the record is awaited and the state read after it.
      const end = await settled(() => endRecord(root), (record) => record?.reason === 'session-failed');
      expect(end).toMatchObject({ reason: 'session-failed', iteration: 2 });
      expect(end!.message).toContain('prompt is too long');
      const state = readFileSync(join(root, stateFile), 'utf8');
      if (runtime === 'node') expect(JSON.parse(state)).toMatchObject({ active: false, iteration: 2 });
      else expect(state).toMatch(/^active: false$/m);
    });
  });
}

describeRealClient('specum when the context fills up, in the real Claude Code', () => {
  const specProject = () => {
    const { root } = realProject({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }] } as never);
    writeScenarioFiles(root, {
      'specs/.current-spec': 'demo\n',
      'specs/demo/.ralph-state.json': { phase: 'execution', taskIndex: 1, totalTasks: 3, taskIteration: 1, globalIteration: 2, maxGlobalIterations: 100 },
      'specs/demo/tasks.md': '- [x] 1.1 first\n- [ ] 1.2 second\n- [ ] 1.3 third\n',
    });
    return root;
  };

  it("compacts and goes on: the first request after the compaction carries the spec's current task", async () => {
    const root = specProject();
    const run = await runClaudeCode(root, { prompt: 'Implement the spec', turns: overflowingModel({ text: 'Reading the task.' }), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.timedOut).toBe(false);
    const [first] = requestsAfterCompaction(run);
    expect(first, 'no model request after the compaction').toBeDefined();
    expect(first!.raw).toContain('Continue spec: demo (Task 2/3, Iter 2)');
    // Bounded: no progress after a continuation lets the agent stop (the init default).
    expect(run.modelTurns).toBeLessThanOrEqual(10);
  }, TEST_TIMEOUT_MS);

  it('a second overflow ends the session with StopFailure, recorded for status; the spec state is kept', FAILURE_TEST, async () => {
    const root = specProject();
    const before = readFileSync(join(root, 'specs/demo/.ralph-state.json'), 'utf8');
    const run = await failingSession(root, 'Implement the spec');
    expect(run.modelTurns).toBeLessThanOrEqual(6);
    const end = await settled(() => endRecord(root), (record) => record !== null);
    expect(end).toMatchObject({ reason: 'session-failed', preset: 'specum' });
    expect(readFileSync(join(root, 'specs/demo/.ralph-state.json'), 'utf8')).toBe(before);
  });
});
