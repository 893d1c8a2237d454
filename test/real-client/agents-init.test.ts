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
import { runScenario } from '../../testkit/index.js';
import { ralphHooks } from '../helpers/cli.js';
import { REAL_AGENTS, scratch, TEST_TIMEOUT_MS, whenInstalled } from './helpers.js';

const SHARED = join(import.meta.dirname, 'scenarios/shared');
/** Claude Code and Codex have their own init tests (init-scenarios, codex-target). */
const NEW_AGENTS = REAL_AGENTS.filter((a) => a.agent !== 'claude-code' && a.agent !== 'codex');

for (const { agent, target, installed } of NEW_AGENTS) {
  const run = whenInstalled(installed) ? describe.concurrent : describe.skip;
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
