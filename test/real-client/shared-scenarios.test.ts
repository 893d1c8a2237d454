/**
 * The same scenario files in every real client: each preset is generated for each agent's
 * target, and the scenario runs against the agent's headless CLI (claude -p, codex exec, qwen,
 * copilot -p, gemini -p, droid exec) with a scripted model. Counts and wall times per agent
 * are printed at the end.
 */
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { RalphHooksConfigInput } from '../../src/config/schema.js';
import { runScenario } from '../../testkit/clients/index.js';
import { realProject, REAL_AGENTS, TEST_TIMEOUT_MS, describeWhen } from './helpers.js';

const SHARED = join(import.meta.dirname, 'scenarios/shared');

const specum = { kind: 'stop-watcher', preset: 'specum', options: { onStopHookActive: 'continue', stallLimit: 3 } };
const loop = { kind: 'stop-watcher', preset: 'loop', options: { stateFile: '.ralph/loop.local.md', commands: false } };
const loopNode = { kind: 'stop-watcher', preset: 'loop', options: { runtime: 'node', stateFile: '.ralph/loop.local.json', commands: false } };
const guard = { kind: 'guard', preset: 'guard', name: 'guard' };

const CASES: { scenario: string; hooks: unknown[] }[] = [
  { scenario: 'loop-ends-on-promise', hooks: [loop] },
  { scenario: 'loop-stops-at-its-limit', hooks: [loop] },
  { scenario: 'loop-prompt-verbatim', hooks: [loop] },
  { scenario: 'loop-node-ends-on-promise', hooks: [loopNode] },
  { scenario: 'specum-three-tasks', hooks: [specum] },
  { scenario: 'specum-no-progress', hooks: [specum] },
  { scenario: 'guard-denies-rm', hooks: [guard] },
];

const timings: string[] = [];
const counts = new Map<string, { passed: number; ms: number }>();
afterAll(() => {
  if (!timings.length) return;
  const totals = [...counts].map(([agent, c]) => `  ${agent.padEnd(12)} ${c.passed} passed, ${(c.ms / 1000).toFixed(1)} s of sessions`);
  console.log(`real-client scenarios (${timings.length}):\n${timings.join('\n')}\nper agent:\n${totals.join('\n')}`);
});

for (const { agent, target, installed } of REAL_AGENTS) {
  const run = describeWhen(installed);
  run(`shared scenarios in the real ${agent}`, () => {
    for (const { scenario, hooks } of CASES) {
      it(scenario, async () => {
        const project = realProject({ target, hooks } as RalphHooksConfigInput);
        const outcome = await runScenario(join(SHARED, `${scenario}.scenario.json`), { projectRoot: project.root, agent });
        timings.push(`  ${agent.padEnd(12)} ${scenario.padEnd(26)} ${outcome.run.modelTurns} model turns, ${outcome.run.durationMs} ms`);
        expect(outcome.failures, outcome.run.stderr.slice(-2000)).toEqual([]);
        const total = counts.get(agent) ?? { passed: 0, ms: 0 };
        counts.set(agent, { passed: total.passed + 1, ms: total.ms + outcome.run.durationMs });
      }, TEST_TIMEOUT_MS);
    }
  });
}
