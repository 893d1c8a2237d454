/** The reporter for people: one line per case as it finishes, then every failure in full with a diff. */
import type { CaseOutcome } from '../run-case.js';
import type { RunSummary } from '../runner.js';
import { failureDetails, summaryLine } from './details.js';

const MARK = { pass: '✓', fail: '✗', error: '!' } as const;

export function humanLine(outcome: CaseOutcome): string {
  return `${MARK[outcome.status]} ${outcome.name} (${Math.round(outcome.durationMs)} ms)`;
}

export function humanReport(summary: RunSummary): string {
  const failed = summary.outcomes.filter((o) => o.status !== 'pass');
  const parts: string[] = [];
  if (failed.length) {
    parts.push('', `Failures (${failed.length}):`);
    for (const outcome of failed) parts.push('', `${MARK[outcome.status]} ${outcome.name}  (${outcome.relative})`, failureDetails(outcome));
  }
  for (const change of summary.updated) parts.push('', `updated ${change.relative}:`, change.diff);
  parts.push('', summaryLine(summary.outcomes, summary.durationMs));
  if (summary.updated.length) parts.push(`${summary.updated.length} case file(s) updated`);
  return parts.join('\n');
}
