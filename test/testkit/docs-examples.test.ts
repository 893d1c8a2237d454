// The examples in docs/testkit.md. Each `#region` below is copied verbatim into the doc, and
// the last test checks that every ```ts block of the doc is one of these regions, so the
// documented code is code that runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers.js';

// #region imports
import {
  assertCasePassed,
  assertJsonBlock,
  assertLoopEnd,
  assertReasonContains,
  assertSilent,
  createWorkspace,
  forgeflareGuardInput,
  listCaseFiles,
  preToolUseInput,
  replayCase,
  replayStopLoop,
  runHook,
  stopInput,
  type Workspace,
} from '../../testkit/index.js'; // in your project: from 'ralph-hooks/testkit'
import '../../testkit/vitest.js'; // in your project: import 'ralph-hooks/testkit/vitest'
// #endregion imports

const HOOK = join(REPO_ROOT, 'test/fixtures/project/.claude/hooks/stop-watcher.sh');
const GUARD = join(REPO_ROOT, 'test/fixtures/hooks/deny-guard.sh');
const FORGEFLARE_GUARD = join(REPO_ROOT, 'test/fixtures/hooks/forgeflare-guard.sh');

let ws: Workspace;
afterEach(() => ws?.remove());

describe('docs/testkit.md examples', () => {
  it('stop hook', async () => {
    // #region stop-hook
    ws = createWorkspace(); // specs/test-spec/, specs/.current-spec, .claude/
    ws.writeState({ taskIndex: 0, totalTasks: 5 });
    const result = await runHook(HOOK, stopInput({ cwd: ws.dir }), { cwd: ws.dir });

    assertJsonBlock(result);
    assertReasonContains(result, 'Continue spec: test-spec (Task 1/5, Iter 1)');
    expect(result).toHaveSystemMessageContaining('Ralph-specum iteration 1 | Task 1/5');
    // #endregion stop-hook
  });

  it('silent paths', async () => {
    // #region silent
    ws = createWorkspace();
    ws.writeState({ phase: 'research' });
    const result = await runHook(HOOK, stopInput({ cwd: ws.dir }), { cwd: ws.dir });
    assertSilent(result); // exit 0, nothing on stdout or stderr
    // #endregion silent
  });

  it('guards', async () => {
    // #region guards
    const denied = await runHook(GUARD, preToolUseInput({ tool_input: { command: 'rm -rf /' } }));
    expect(denied).toDeny(/rm -rf is not allowed/);

    const allowed = await runHook(FORGEFLARE_GUARD, forgeflareGuardInput({ input: { command: 'cargo test' } }));
    expect(allowed).toAllow({ explicit: true }); // {"action":"allow"}
    // #endregion guards
  });

  it('transcript', async () => {
    // #region transcript
    ws = createWorkspace();
    ws.writeState();
    ws.transcript()
      .user('Implement the spec')
      .toolCall('Task', { subagent_type: 'spec-executor' }, 'TASK_COMPLETE')
      .stopHookFeedback('Continue spec: test-spec (Task 1/5, Iter 1)')
      .raw('ALL_TASKS_COMPLETE') // a plain line, as the seed's transcripts have
      .write();
    const result = await runHook(HOOK, stopInput({ cwd: ws.dir, transcript_path: ws.transcriptPath }), { cwd: ws.dir });
    expect(result).toBeSilent({ allowStderr: true });
    expect(result).toHaveStderrContaining('ALL_TASKS_COMPLETE detected in transcript');
    // #endregion transcript
  });

  it('loop replay', async () => {
    // #region loop
    ws = createWorkspace();
    ws.writeState({ totalTasks: 3 });
    const loop = await replayStopLoop({
      hook: HOOK,
      workspace: ws,
      agent: [{ reply: 'Task done.', tools: [{ name: 'Task' }], actions: ['advance-task'] }],
      stopHookActive: 'never', // every stop is a natural one
    });
    assertLoopEnd(loop, { endedBy: 'stopped', iterations: 4, blocks: 3 });
    // #endregion loop
  });

  it('recorded cases', async () => {
    // #region cases
    const root = join(REPO_ROOT, 'test/fixtures/project'); // your project root
    for (const file of listCaseFiles('test/hook-cases/stop-watcher', { projectRoot: root })) {
      assertCasePassed(await replayCase(file, { projectRoot: root })); // throws with the full failure
    }
    // #endregion cases
  });

  it('every ts block in docs/testkit.md is one of the regions above', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/testkit.md'), 'utf8');
    const self = ['test/testkit/docs-examples.test.ts', 'test/real-client/docs-examples.test.ts'].map((f) => readFileSync(join(REPO_ROOT, f), 'utf8')).join('\n');
    const regions = [...self.matchAll(/\/\/ #region (\S+)\n([\s\S]*?)\s*\/\/ #endregion/g)].map((m) => dedent(m[2]!));
    const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => dedent(m[1]!));
    expect(blocks.length).toBeGreaterThanOrEqual(regions.length);
    for (const block of blocks) expect(regions).toContain(block);
  });
});

function dedent(text: string): string {
  const lines = text.replace(/\s+$/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}
