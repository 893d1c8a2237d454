/**
 * A context that fills up during an active loop and an active spec, in the real Codex CLI
 * (0.171.0), against the scripted model. What Codex does, measured here:
 * - It compacts by the usage the server reports: once a response that asks for a follow-up (a
 *   tool call) reports more input tokens than its auto-compact limit (some 90% of the context
 *   window), it fires PreCompact (auto), asks the model for a summary ("CONTEXT CHECKPOINT
 *   COMPACTION"), fires PostCompact and SessionStart with source compact, and goes on in the
 *   same turn. The summary replaces the conversation: a Stop hook's earlier continuation is gone.
 * - The API's own error for a prompt too long (400, code `context_length_exceeded`) is not
 *   compacted: the turn fails, `codex exec` exits 1, and no hook runs after it (Codex has no
 *   StopFailure). The loop's state stays as it was, active at its iteration.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { contextLengthExceeded, runCodex, writeScenarioFiles, type RealClientRun, type RecordedRequest, type Turn } from '../../testkit/clients/index.js';
import { realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS, describeAgent } from './helpers.js';

const describeCodex = describeAgent('codex');

/** Codex's compaction asks the model for this; the scripted model answers with a summary. */
const SUMMARY_REQUEST = 'CONTEXT CHECKPOINT COMPACTION';
const isSummaryRequest = (request: RecordedRequest) => request.raw.includes(SUMMARY_REQUEST);
/** Far beyond the auto-compact limit of any context window Codex assumes for an unknown model. */
const FULL_CONTEXT_TOKENS = 10_000_000;

/**
 * The model: a reply (the stop-watcher then continues the session), a shell call whose usage
 * says the context is full (Codex compacts before the call's follow-up), summaries for the
 * compaction, then `afterwards`.
 */
function fillingModel(afterwards: Turn) {
  let filled = false;
  return (request: RecordedRequest, index: number): Turn => {
    if (isSummaryRequest(request)) return { text: 'Summary: work in this project is under way.' };
    if (index === 0) return { text: 'Starting.' };
    if (!filled) {
      filled = true;
      return { shell: 'true', inputTokens: FULL_CONTEXT_TOKENS };
    }
    return afterwards;
  };
}

/** The first model request after the compaction's summary request: what the model saw first. */
function firstAfterCompaction(run: RealClientRun): RecordedRequest | undefined {
  const calls = run.requests.filter((r) => r.modelCall);
  const summary = calls.findIndex(isSummaryRequest);
  return summary === -1 ? undefined : calls.slice(summary + 1).find((r) => !isSummaryRequest(r));
}

const events = (run: RealClientRun) => run.hookInputs.map((h) => (h.event === 'SessionStart' || h.event.endsWith('Compact') ? `${h.event}:${String(h.input.source ?? h.input.trigger)}` : h.event));

/**
 * A session whose context fills up once: it must end well, with Codex's compaction and
 * SessionStart compact on the way, and the first request after the compaction must carry
 * each of `carried`.
 */
async function compactingSession(root: string, afterwards: Turn, carried: string[], prompt?: string): Promise<RealClientRun> {
  const run = await runCodex(root, { ...(prompt ? { prompt } : {}), turns: fillingModel(afterwards), timeoutMs: SESSION_TIMEOUT_MS });
  expect(run.timedOut).toBe(false);
  expect(run.exitCode, run.stderr).toBe(0);
  expect(events(run)).toContain('SessionStart:compact');
  const first = firstAfterCompaction(run);
  expect(first, 'no model request after the compaction').toBeDefined();
  for (const text of carried) expect(first!.raw).toContain(text);
  return run;
}

for (const runtime of ['bash', 'node'] as const) {
  const stateFile = runtime === 'node' ? '.codex/ralph-loop.local.json' : '.codex/ralph-loop.local.md';
  const loopState =
    runtime === 'node'
      ? { active: true, iteration: 1, maxIterations: 4, completionPromise: 'DONE', prompt: 'Build the parser in src/parse.ts', sessionId: null }
      : '---\nactive: true\niteration: 1\nsession_id: \nmax_iterations: 4\ncompletion_promise: "DONE"\n---\n\nBuild the parser in src/parse.ts\n';

  describeCodex(`loop (${runtime}) when the context fills up, in the real Codex`, () => {
    const loopProject = () => {
      const { root } = realProject({ target: 'codex-project', hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }] } as never);
      writeScenarioFiles(root, { [stateFile]: loopState });
      return root;
    };

    it("compacts and goes on: the first request after the compaction carries the loop's prompt; the loop ends at its limit", async () => {
      const root = loopProject();
      const run = await compactingSession(root, { text: 'Working on the parser.' }, ['Build the parser in src/parse.ts', 'the conversation was just compacted']);
      // Bounded: the loop's limit (4) ends it, the compaction's summary besides.
      expect(run.modelTurns).toBeLessThanOrEqual(8);
      expect(JSON.parse(readFileSync(join(root, '.ralph-hooks/state/loop-end.json'), 'utf8')).reason).toBe('max-iterations');
    }, TEST_TIMEOUT_MS);

    it('a prompt too long for the API ends the session at once: no hook runs after it, the loop stays active at its iteration', async () => {
      const root = loopProject();
      const turns = (_request: RecordedRequest, index: number): Turn => (index === 0 ? { text: 'Starting.' } : { apiError: contextLengthExceeded() });
      const run = await runCodex(root, { turns, timeoutMs: SESSION_TIMEOUT_MS });
      expect(run.timedOut).toBe(false);
      expect(run.exitCode).toBe(1);
      expect(JSON.stringify((run.result as { errors: string[] }).errors)).toContain("ran out of room in the model's context window");
      // The one Stop is the loop's first continuation, before the error; none after it.
      expect(events(run)).toEqual(['Stop']);
      expect(run.modelTurns).toBe(2);
      const state = readFileSync(join(root, stateFile), 'utf8');
      if (runtime === 'node') expect(JSON.parse(state)).toMatchObject({ active: true, iteration: 2 });
      else expect(state).toMatch(/^active: true\niteration: 2$/m);
    }, TEST_TIMEOUT_MS);
  });
}

describeCodex('specum when the context fills up, in the real Codex', () => {
  it("compacts and goes on: the first request after the compaction carries the spec's current task", async () => {
    const { root } = realProject({ target: 'codex-project', hooks: [{ kind: 'stop-watcher', preset: 'specum' }] } as never);
    writeScenarioFiles(root, {
      'specs/.current-spec': 'demo\n',
      'specs/demo/.ralph-state.json': { phase: 'execution', taskIndex: 1, totalTasks: 3, taskIteration: 1, globalIteration: 2, maxGlobalIterations: 100 },
      'specs/demo/tasks.md': '- [x] 1.1 first\n- [ ] 1.2 second\n- [ ] 1.3 third\n',
    });
    const run = await compactingSession(root, { text: 'Reading the task.' }, ['Continue spec: demo (Task 2/3, Iter 2)', 'The conversation was just compacted'], 'Implement the spec');
    // Bounded: Codex has no block cap, and the stop-watcher lets the agent stop after 10
    // continuations without progress: those, the first reply, the call and the summary.
    expect(run.modelTurns).toBeLessThanOrEqual(14);
  }, TEST_TIMEOUT_MS);
});
