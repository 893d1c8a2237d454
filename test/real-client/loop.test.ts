import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runClaudeCode, runScenario, stopRuns } from '../../testkit/clients/index.js';
import { formatScenarioFailures } from './format.js';
import { describeRealClient, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

const SCENARIOS = join(import.meta.dirname, 'scenarios');

function loopProject(runtime: 'bash' | 'node') {
  return realProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }] } as never);
}

for (const runtime of ['bash', 'node'] as const) {
  describeRealClient(`loop preset (${runtime}) in the real Claude Code`, () => {
    const project = loopProject(runtime);
    const dir = join(SCENARIOS, `loop-${runtime}`);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.scenario.json')).sort()) {
      it(file, async () => {
        const outcome = await runScenario(join(dir, file), { projectRoot: project.root });
        expect(outcome.failures, formatScenarioFailures(outcome)).toEqual([]);
      }, TEST_TIMEOUT_MS);
    }

    it('a second session leaves the loop the first one claimed alone', async () => {
      const root = loopProject(runtime).root;
      const stateFile = runtime === 'node' ? '.claude/ralph-loop.local.json' : '.claude/ralph-loop.local.md';
      const { writeScenarioFiles } = await import('../../testkit/clients/index.js');
      writeScenarioFiles(root, {
        [stateFile]:
          runtime === 'node'
            ? { active: true, iteration: 1, maxIterations: 10, completionPromise: 'DONE', prompt: 'Build the parser', sessionId: null }
            : '---\nactive: true\niteration: 1\nsession_id: \nmax_iterations: 10\ncompletion_promise: "DONE"\n---\n\nBuild the parser\n',
      });
      // Session 1 claims the loop at its first stop, then hits its own turn limit (--max-turns) mid-loop.
      const first = await runClaudeCode(root, { turns: [{ text: 'one' }, { text: 'two' }], maxTurns: 2, timeoutMs: SESSION_TIMEOUT_MS });
      expect(stopRuns(first)[0].stdout).toContain('"decision":"block"');
      const claimed = first.files(stateFile)!;
      expect(claimed).toContain(first.sessionId!);
      // Session 2: a different session id; its stop passes and the state is untouched.
      const second = await runClaudeCode(root, { prompt: 'Unrelated question', turns: [{ text: 'Answer.' }], timeoutMs: SESSION_TIMEOUT_MS });
      expect(second.sessionId).not.toBe(first.sessionId);
      expect(stopRuns(second).map((s) => s.stdout)).toEqual(['']);
      expect(second.files(stateFile)).toBe(claimed);
      expect(second.modelTurns).toBe(1);
    }, TEST_TIMEOUT_MS);
  });
}
