/** TAP version 13, with each failure's details in a YAML block. */
import type { RunSummary } from '../runner.js';
import { failureDetails } from './details.js';

export function tapReport(summary: RunSummary): string {
  const lines = ['TAP version 13', `1..${summary.outcomes.length}`];
  summary.outcomes.forEach((outcome, index) => {
    const name = outcome.name.replace(/#/g, '\\#');
    if (outcome.status === 'pass') {
      lines.push(`ok ${index + 1} - ${name}`);
      return;
    }
    lines.push(`not ok ${index + 1} - ${name}`, '  ---', `  file: ${JSON.stringify(outcome.relative)}`, `  status: ${outcome.status}`, '  message: |-');
    for (const line of failureDetails(outcome).split('\n')) lines.push(`    ${line}`);
    lines.push('  ...');
  });
  return lines.join('\n');
}
