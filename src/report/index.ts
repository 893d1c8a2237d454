/**
 * `ralph-hooks report`: what each loop did and what it cost, from the loop logs the
 * stop-watchers write (src/loop-record/). Reading and planning here; the command
 * (cli/commands/report.ts) only parses its flags and prints.
 */
export { buildReport, pickSession, type IterationReport, type Report, type SessionReport, type Tokens, type Totals } from './build.js';
export { reportJson, renderJson, REPORT_JSON_VERSION, type ReportJson } from './render-json.js';
export { renderTable, noSessionText } from './render-table.js';
export { renderHtml, escapeHtml } from './render-html.js';
export { readLoopLogs, parseLogText } from './read-log.js';
