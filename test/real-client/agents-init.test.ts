/**
 * What a new user of Qwen Code, Copilot CLI, Gemini CLI or droid does: `ralph-hooks init --yes
 * --target <agent>` in an empty repository (with `ralph-hooks add` for the other hooks), then
 * every shared scenario in the agent's real client, unchanged: the spec runs to its end, a spec
 * that makes no progress stops, the loop (both runtimes) ends on its promise, the bash one at
 * its limit too, and feeds a hostile prompt back verbatim, the guard denies `rm -rf /` and lets `echo` run. One project
 * per hook: the guard's doom-loop rule rightly denies the spec scenario's third identical
 * state update, and two stop-watchers would both answer each stop.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runScenario } from '../../testkit/clients/index.js';
import { ralphHooks } from '../helpers/cli.js';
import { REAL_AGENTS, scratch, TEST_TIMEOUT_MS, describeWhen } from './helpers.js';

const SHARED = join(import.meta.dirname, 'scenarios/shared');

/** Claude Code and Codex have their own init tests (init-scenarios, codex-target). */
const NEW_AGENTS = REAL_AGENTS.filter((a) => a.agent !== 'claude-code' && a.agent !== 'codex');

/** The init flags and `add` commands for each scenario's hook (the scenarios' own options). */
const SETUPS: Record<string, { init: string[]; add?: string[] }> = {
  'specum-three-tasks': { init: [] },
  'specum-no-progress': { init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'specum', '--option', 'stallLimit=3', '--option', 'onStopHookActive=continue'] },
  'loop-ends-on-promise': { init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'loop', '--option', 'stateFile=.ralph/loop.local.md'] },
  'loop-stops-at-its-limit': { init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'loop', '--option', 'stateFile=.ralph/loop.local.md'] },
  'loop-prompt-verbatim': { init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'loop', '--option', 'stateFile=.ralph/loop.local.md'] },
  'loop-node-ends-on-promise': { init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'loop', '--option', 'runtime=node', '--option', 'stateFile=.ralph/loop.local.json'] },
  'guard-denies-rm': { init: ['--stop-watcher', 'none'], add: ['guard', '--preset', 'guard'] },
};

for (const { agent, target, installed } of NEW_AGENTS) {
  const run = describeWhen(installed);
  run(`init --yes --target ${target}, then the real ${agent}`, () => {
    for (const [scenario, setup] of Object.entries(SETUPS)) {
      it(scenario, async () => {
        const root = scratch();
        spawnSync('git', ['init', '-q'], { cwd: root });
        const init = ralphHooks(['init', '--yes', '--target', target, ...setup.init], { cwd: root });
        expect(init.status, init.stderr).toBe(0);
        if (setup.add) {
          const added = ralphHooks(['add', ...setup.add], { cwd: root });
          expect(added.status, added.stderr).toBe(0);
        }
        const outcome = await runScenario(join(SHARED, `${scenario}.scenario.json`), { projectRoot: root, agent });
        expect(outcome.failures, outcome.run.stderr.slice(-2000)).toEqual([]);
      }, TEST_TIMEOUT_MS);
    }
  });
}
