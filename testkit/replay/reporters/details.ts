/** The failure text shared by the reporters: one bats-assert style block per failed check, then the hook's output. */
import { formatFailure, type KeyValue } from '../../format.js';
import { outputPairs } from '../../assertions.js';
import type { CaseOutcome } from '../run-case.js';

export function failureDetails(outcome: CaseOutcome): string {
  if (outcome.status === 'error') return formatFailure(`${outcome.name}: cannot run`, [['error', outcome.error ?? 'unknown error']]);
  const blocks: string[] = [];
  const multiStep = outcome.steps.length > 1;
  for (const step of outcome.steps) {
    if (!step.failures.length) continue;
    const where = multiStep ? `${outcome.name} › ${step.name}` : outcome.name;
    for (const failure of step.failures) {
      const pairs: KeyValue[] = failure.diff ? [['diff (- expected, + actual)', failure.diff]] : [['expected', failure.expected], ['actual', failure.actual]];
      blocks.push(formatFailure(`${where}: ${failure.field}`, pairs));
    }
    if (step.result) blocks.push(formatFailure(`${where}: hook output`, outputPairs(step.result)));
    if (step.notes) blocks.push(formatFailure(`${where}: session`, step.notes));
  }
  return blocks.join('\n');
}

export function summaryLine(outcomes: CaseOutcome[], durationMs: number): string {
  const count = (status: CaseOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  return `${count('pass')} passed, ${count('fail')} failed, ${count('error')} errors, ${outcomes.length} cases in ${(durationMs / 1000).toFixed(2)} s`;
}
