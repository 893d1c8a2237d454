/**
 * Scenario files (`*.scenario.json`) in `ralph-hooks test`: each scenario runs in the real
 * client of every agent it names (one step per agent) and reports through the same
 * reporters as recorded cases. Sessions are heavy, so at most one per core runs at once.
 */
import { availableParallelism } from 'node:os';
import type { KeyValue } from '../format.js';
import { ClientNotFoundError } from '../clients/claude-code.js';
import { runScenario } from '../clients/scenario.js';
import { loadScenario, ScenarioError, type Scenario } from './scenario-schema.js';
import type { CaseOutcome, StepOutcome } from './run-case.js';

export const SCENARIO_SUFFIX = '.scenario.json';
export const DEFAULT_SCENARIO_DIR = 'test/hook-scenarios';

export interface LoadedScenario {
  file: string;
  relative: string;
  name: string;
  scenario: Scenario;
}

/** Parse a scenario file; the error names each bad field. */
export function readScenario(file: string): Scenario {
  return loadScenario(file);
}

export { ScenarioError };

let running = 0;
const waiting: (() => void)[] = [];
const SESSIONS_AT_ONCE = Math.max(1, availableParallelism());

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SESSIONS_AT_ONCE) await new Promise<void>((resolveSlot) => waiting.push(resolveSlot));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** The hooks' side of a session, for a failure report. */
function sessionNotes(run: Awaited<ReturnType<typeof runScenario>>['run']): KeyValue[] {
  const hooks = run.hookInputs.map((h) => `${h.event} ${h.hook} → exit ${h.exitCode}${h.stdout ? ` stdout ${h.stdout.trim()}` : ''}${h.stderr ? ` stderr ${h.stderr.trim()}` : ''}`);
  const notes: KeyValue[] = [
    ['client exit', `${run.exitCode}${run.timedOut ? ' (timed out)' : ''}`],
    ['model turns', `${run.modelTurns}${run.exhausted ? ' (script exhausted)' : ''}`],
    ['hooks', hooks.join('\n') || '(none ran)'],
  ];
  if (run.stderr.trim()) notes.push(['client stderr', run.stderr.trim()]);
  return notes;
}

/** Run a loaded scenario once per agent, as one case with a step per agent. */
export async function runScenarioCase(loaded: LoadedScenario, context: { projectRoot: string; bin?: string }): Promise<CaseOutcome> {
  const started = performance.now();
  const outcome: CaseOutcome = { file: loaded.file, relative: loaded.relative, name: loaded.name, status: 'pass', durationMs: 0, steps: [] };
  try {
    for (const agent of loaded.scenario.agents ?? ['claude-code']) {
      const result = await slot(() => runScenario(loaded.scenario, { agent, projectRoot: context.projectRoot, bin: context.bin }));
      const step: StepOutcome = { name: agent, failures: result.failures };
      if (result.failures.length) {
        step.notes = sessionNotes(result.run);
        outcome.status = 'fail';
      }
      outcome.steps.push(step);
    }
  } catch (error) {
    outcome.status = 'error';
    outcome.error = error instanceof ClientNotFoundError || error instanceof ScenarioError ? error.message : `${(error as Error).message}`;
  }
  outcome.durationMs = performance.now() - started;
  return outcome;
}
