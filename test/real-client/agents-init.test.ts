/**
 * What a new user of Qwen Code, Copilot CLI, Gemini CLI or droid does: `ralph-hooks init --yes
 * --target <agent>` in an empty repository (and `ralph-hooks add guard` in a second one), then
 * the shared scenarios of the two hooks in the agent's real client, unchanged: the spec runs
 * to its end, the guard denies `rm -rf /` and lets `echo` run. (One project each: the guard's
 * doom-loop rule rightly denies the spec scenario's third identical state update.)
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCopilot, findDroid, findGemini, findQwenCode, runScenario } from '../../testkit/index.js';
import { ralphHooks } from '../helpers/cli.js';
import { scratch, TEST_TIMEOUT_MS } from './helpers.js';

const SHARED = join(import.meta.dirname, 'scenarios/shared');
const AGENTS = [
  { agent: 'qwen-code', target: 'qwen-project', installed: findQwenCode() !== null },
  { agent: 'copilot', target: 'copilot-project', installed: findCopilot() !== null },
  { agent: 'gemini', target: 'gemini-project', installed: findGemini() !== null },
  { agent: 'droid', target: 'droid-project', installed: findDroid() !== null },
];

for (const { agent, target, installed } of AGENTS) {
  // Skipped only on a machine without the client; under CI (or RALPH_HOOKS_REAL_CLIENT) a missing client fails.
  const run = installed || process.env.CI || process.env.RALPH_HOOKS_REAL_CLIENT ? describe.concurrent : describe.skip;
  run(`init --yes --target ${target}, then the real ${agent}`, () => {
    const project = (...add: (readonly string[])[]) => {
      const root = scratch();
      spawnSync('git', ['init', '-q'], { cwd: root });
      const init = ralphHooks(['init', '--yes', '--target', target], { cwd: root });
      expect(init.status, init.stderr).toBe(0);
      for (const args of add) {
        const added = ralphHooks(['add', ...args], { cwd: root });
        expect(added.status, added.stderr).toBe(0);
      }
      return root;
    };

    for (const [scenario, add] of [['specum-three-tasks', []], ['guard-denies-rm', [['guard', '--preset', 'guard']]]] as const) {
      it(scenario, async () => {
        const outcome = await runScenario(join(SHARED, `${scenario}.scenario.json`), { projectRoot: project(...add), agent });
        expect(outcome.failures, outcome.run.stderr.slice(-2000)).toEqual([]);
      }, TEST_TIMEOUT_MS);
    }
  });
}
