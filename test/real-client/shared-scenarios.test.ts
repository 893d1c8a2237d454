/**
 * The same scenario files in every real client, run against the agent's headless CLI (claude -p,
 * codex exec, qwen, copilot -p, gemini -p, droid exec) with a scripted model. Counts and wall
 * times per agent are printed at the end.
 *
 * The project is what a new user of the agent has: for Qwen Code, Copilot CLI, Gemini CLI and
 * droid, `ralph-hooks init --yes --target <agent>` in an empty repository, with `ralph-hooks add`
 * for the scenario's hook and options. Claude Code and Codex have their own init tests
 * (init-scenarios, codex-target): theirs is generated from a config. One project per scenario:
 * the guard's doom-loop rule rightly denies the spec scenario's third identical state update,
 * and two stop-watchers would both answer each stop.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { RalphHooksConfigInput } from '../../src/config/schema.js';
import { runScenario } from '../../testkit/clients/index.js';
import { ralphHooks } from '../helpers/cli.js';
import { realProject, REAL_AGENTS, scratch, TEST_TIMEOUT_MS, describeWhen } from './helpers.js';

const SHARED = join(import.meta.dirname, 'scenarios/shared');

const specum = { kind: 'stop-watcher', preset: 'specum', options: { onStopHookActive: 'continue', stallLimit: 3 } };
const loop = { kind: 'stop-watcher', preset: 'loop', options: { stateFile: '.ralph/loop.local.md', commands: false } };
const loopNode = { kind: 'stop-watcher', preset: 'loop', options: { runtime: 'node', stateFile: '.ralph/loop.local.json', commands: false } };
const guard = { kind: 'guard', preset: 'guard', name: 'guard' };

/** Each scenario's hook: in a config (Claude Code, Codex), and as init flags and an `add` command (the others). */
const CASES: { scenario: string; hooks: unknown[]; init: string[]; add?: string[] }[] = [
  { scenario: 'loop-ends-on-promise', hooks: [loop], init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'loop', '--option', 'stateFile=.ralph/loop.local.md'] },
  { scenario: 'loop-stops-at-its-limit', hooks: [loop], init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'loop', '--option', 'stateFile=.ralph/loop.local.md'] },
  { scenario: 'loop-prompt-verbatim', hooks: [loop], init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'loop', '--option', 'stateFile=.ralph/loop.local.md'] },
  { scenario: 'loop-node-ends-on-promise', hooks: [loopNode], init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'loop', '--option', 'runtime=node', '--option', 'stateFile=.ralph/loop.local.json'] },
  { scenario: 'specum-three-tasks', hooks: [specum], init: [] },
  { scenario: 'specum-no-progress', hooks: [specum], init: ['--stop-watcher', 'none'], add: ['stop-watcher', '--preset', 'specum', '--option', 'stallLimit=3', '--option', 'onStopHookActive=continue'] },
  { scenario: 'guard-denies-rm', hooks: [guard], init: ['--stop-watcher', 'none'], add: ['guard', '--preset', 'guard'] },
];

/** Claude Code and Codex have their own init tests (init-scenarios, codex-target). */
const CONFIG_MADE = new Set(['claude-code', 'codex']);

/**
 * The project for a scenario: generated from its config, or made by init --yes and add as a
 * user of the agent would. runScenario only reads it (it copies the hook setup into a session
 * folder of its own), so scenarios with the same setup (the three bash-loop ones) share one:
 * made once per agent and setup, not once per scenario (an init and an add are two CLI starts).
 */
const projects = new Map<string, string>();
function projectFor(agent: string, target: string, setup: (typeof CASES)[number]): string {
  const key = JSON.stringify([agent, target, CONFIG_MADE.has(agent) ? setup.hooks : [setup.init, setup.add]]);
  let root = projects.get(key);
  if (root === undefined) projects.set(key, (root = makeProject(agent, target, setup)));
  return root;
}

function makeProject(agent: string, target: string, { hooks, init, add }: (typeof CASES)[number]): string {
  if (CONFIG_MADE.has(agent)) return realProject({ target, hooks } as RalphHooksConfigInput).root;
  const root = scratch();
  spawnSync('git', ['init', '-q'], { cwd: root });
  const made = ralphHooks(['init', '--yes', '--target', target, ...init], { cwd: root });
  expect(made.status, made.stderr).toBe(0);
  if (add) {
    const added = ralphHooks(['add', ...add], { cwd: root });
    expect(added.status, added.stderr).toBe(0);
  }
  return root;
}

const timings: string[] = [];
const counts = new Map<string, { passed: number; ms: number }>();
afterAll(() => {
  if (!timings.length) return;
  const totals = [...counts].map(([agent, c]) => `  ${agent.padEnd(12)} ${c.passed} passed, ${(c.ms / 1000).toFixed(1)} s of sessions`);
  console.log(`real-client scenarios (${timings.length}):\n${timings.join('\n')}\nper agent:\n${totals.join('\n')}`);
});

for (const { agent, target, installed } of REAL_AGENTS) {
  const run = describeWhen(installed);
  run(`shared scenarios in the real ${agent}${CONFIG_MADE.has(agent) ? '' : ` (init --yes --target ${target})`}`, () => {
    for (const setup of CASES) {
      const { scenario } = setup;
      it(scenario, async () => {
        const root = projectFor(agent, target, setup);
        const outcome = await runScenario(join(SHARED, `${scenario}.scenario.json`), { projectRoot: root, agent });
        timings.push(`  ${agent.padEnd(12)} ${scenario.padEnd(26)} ${outcome.run.modelTurns} model turns, ${outcome.run.durationMs} ms`);
        expect(outcome.failures, outcome.run.stderr.slice(-2000)).toEqual([]);
        const total = counts.get(agent) ?? { passed: 0, ms: 0 };
        counts.set(agent, { passed: total.passed + 1, ms: total.ms + outcome.run.durationMs });
      }, TEST_TIMEOUT_MS);
    }
  });
}
