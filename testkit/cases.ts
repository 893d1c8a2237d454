/**
 * Recorded cases (`*.case.json`, see docs/cases.md) from a test runner: list them and replay
 * one at a time, so each case is its own vitest test. The engine is `ralph-hooks test`'s.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { failureDetails } from './replay/reporters/details.js';
import { findCaseFiles, runCases } from './replay/runner.js';
import type { CaseOutcome } from './replay/run-case.js';

export interface CaseReport {
  name: string;
  /** The case file, relative to the project root. */
  file: string;
  status: CaseOutcome['status'];
  durationMs: number;
  /** Every failed check with the hook's output, as `ralph-hooks test` prints it; '' when it passed. */
  details: string;
}

export interface CaseOptions {
  /** Hook paths in the cases are relative to it; default: the current directory. */
  projectRoot?: string;
}

/** Case files under a folder (or one file), relative to the project root, sorted; [] when the folder is missing. */
export function listCaseFiles(path: string, { projectRoot = process.cwd() }: CaseOptions = {}): string[] {
  if (!existsSync(resolve(projectRoot, path))) return [];
  return findCaseFiles([path], projectRoot).map((found) => relative(projectRoot, found.file));
}

/** Replay one case file, as `ralph-hooks test <file>` would. */
export async function replayCase(file: string, { projectRoot = process.cwd() }: CaseOptions = {}): Promise<CaseReport> {
  const { outcomes } = await runCases({ projectRoot, paths: [file], jobs: 1 });
  const outcome = outcomes[0];
  if (!outcome) throw new Error(`replayCase: ${file} is not a *.case.json file`);
  return {
    name: outcome.name,
    file: outcome.relative,
    status: outcome.status,
    durationMs: outcome.durationMs,
    details: outcome.status === 'pass' ? '' : failureDetails(outcome),
  };
}

export class CaseFailedError extends Error {
  constructor(readonly report: CaseReport) {
    super(`case ${report.name} (${report.file}) ${report.status === 'error' ? 'could not run' : 'failed'}\n${report.details}`);
    this.name = 'CaseFailedError';
  }
}

/** Throw (with the full failure text) unless the case passed. */
export function assertCasePassed(report: CaseReport): void {
  if (report.status !== 'pass') throw new CaseFailedError(report);
}
