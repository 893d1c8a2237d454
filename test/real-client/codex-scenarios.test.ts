/**
 * The same scenario files in both real clients: each preset that supports Claude Code and
 * Codex is generated for each target, and the scenario runs against `claude -p` and
 * `codex exec` with scripted models. Counts and wall times are printed at the end.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RalphHooksConfigInput } from '../../src/config/schema.js';
import { findClaudeCode, findCodex, runScenario } from '../../testkit/index.js';
import { realProject, TEST_TIMEOUT_MS } from './helpers.js';

const SHARED = join(import.meta.dirname, 'scenarios/shared');
const AGENTS = [
  { agent: 'claude-code', target: 'claude-project', installed: findClaudeCode() !== null },
  { agent: 'codex', target: 'codex-project', installed: findCodex() !== null },
] as const;

const specum = { kind: 'stop-watcher', preset: 'specum', options: { onStopHookActive: 'continue', stallLimit: 3 } };
const loop = { kind: 'stop-watcher', preset: 'loop', options: { stateFile: '.ralph/loop.local.md', commands: false } };
const guard = { kind: 'guard', preset: 'guard', name: 'guard' };

const CASES: { scenario: string; hooks: unknown[] }[] = [
  { scenario: 'loop-ends-on-promise', hooks: [loop] },
  { scenario: 'loop-stops-at-its-limit', hooks: [loop] },
  { scenario: 'specum-three-tasks', hooks: [specum] },
  { scenario: 'specum-no-progress', hooks: [specum] },
  { scenario: 'guard-denies-rm', hooks: [guard] },
];

const timings: string[] = [];
afterAll(() => {
  if (timings.length) console.log(`real-client scenarios (${timings.length}):\n${timings.join('\n')}`);
});

for (const { agent, target, installed } of AGENTS) {
  // Skipped only on a machine without the client; under CI=true a missing client fails.
  const run = installed || process.env.CI ? describe : describe.skip;
  run(`shared scenarios in the real ${agent}`, () => {
    for (const { scenario, hooks } of CASES) {
      it(scenario, async () => {
        const project = realProject({ target, hooks } as RalphHooksConfigInput);
        const outcome = await runScenario(join(SHARED, `${scenario}.scenario.json`), { projectRoot: project.root, agent });
        timings.push(`  ${agent.padEnd(12)} ${scenario.padEnd(26)} ${outcome.run.modelTurns} model turns, ${outcome.run.durationMs} ms`);
        expect(outcome.failures, outcome.run.stderr.slice(-2000)).toEqual([]);
      }, TEST_TIMEOUT_MS);
    }
  });
}
