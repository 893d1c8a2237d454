import type { ScenarioOutcome } from '../../testkit/clients/index.js';

/** A scenario's failures with what the hooks said, for an assertion message. */
export function formatScenarioFailures(outcome: ScenarioOutcome): string {
  if (outcome.failures.length === 0) return '';
  const hooks = outcome.run.hookInputs
    .map((h) => `${h.event} exit ${h.exitCode} stdout=${JSON.stringify(h.stdout)} stderr=${JSON.stringify(h.stderr)}`)
    .join('\n');
  return `${outcome.name}\n${outcome.failures.map((f) => `${f.field}: expected ${f.expected}, got ${f.actual}`).join('\n')}\nhooks:\n${hooks}\nclient stderr: ${outcome.run.stderr}`;
}
