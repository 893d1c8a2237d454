/**
 * Runs one case: a fresh temporary workspace, each step's workspace changes, the hook run,
 * the expectation checks, and (with --update) the rewritten expectations.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { KeyValue } from '../format.js';
import { HookRunError, runHook, type HookResult, type HookSpec } from '../run-hook.js';
import { setFileAge, Workspace } from '../workspace.js';
import { caseSteps, type CaseWorkspace, type Expectation, type HookCase } from './case-schema.js';
import { checkExpectation, updatedExpectation, type Failure } from './expectations.js';

/** Files a case writes are back-dated this much unless `ages` says otherwise. */
export const DEFAULT_FILE_AGE_SECONDS = 60;
export const DEFAULT_CASE_TIMEOUT_MS = 10_000;

export interface LoadedCase {
  /** Absolute path of the case file. */
  file: string;
  /** Path relative to the project root, for reports. */
  relative: string;
  name: string;
  hookCase: HookCase;
}

export interface StepOutcome {
  name: string;
  result?: HookResult;
  failures: Failure[];
  /** The expectation rewritten from the actual output (only with update, only when it failed). */
  updated?: Expectation;
  /** More to show when the step failed (a real-client session: the hooks' answers, the client's stderr). */
  notes?: KeyValue[];
}

export interface CaseOutcome {
  file: string;
  relative: string;
  name: string;
  status: 'pass' | 'fail' | 'error';
  durationMs: number;
  steps: StepOutcome[];
  /** Why the case could not run (bad file, missing hook or interpreter). */
  error?: string;
}

export interface RunContext {
  projectRoot: string;
  update?: boolean;
}

/** Replace ${WORKSPACE}, ${PROJECT_ROOT} and ${HOME} in every string of a JSON-like value. */
export function substitute<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === 'string') return value.replace(/\$\{(WORKSPACE|PROJECT_ROOT|HOME)\}/g, (match, name: string) => vars[name] ?? match) as T;
  if (Array.isArray(value)) return value.map((item) => substitute(item, vars)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, vars)])) as T;
  }
  return value;
}

/** The reverse of substitute: put the placeholders back into values taken from a run (golden updates). */
export function templatize<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === 'string') {
    let out: string = value;
    for (const name of ['WORKSPACE', 'PROJECT_ROOT', 'HOME']) if (vars[name] && vars[name] !== '/') out = out.split(vars[name]!).join(`\${${name}}`);
    return out as T;
  }
  if (Array.isArray(value)) return value.map((item) => templatize(item, vars)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, templatize(item, vars)])) as T;
  }
  return value;
}

function hookSpec(hookCase: HookCase, projectRoot: string, vars: Record<string, string>): HookSpec {
  if (hookCase.command !== undefined) return { command: substitute(hookCase.command, vars) };
  return { script: join(projectRoot, hookCase.hook!), interpreter: hookCase.interpreter };
}

/** Every file under dir, relative paths. Workspaces are small, so a sync walk is fine. */
function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path, base) : [relative(base, path)];
  });
}

function prepare(dir: string, setup: CaseWorkspace | undefined, vars: Record<string, string>, first: boolean): void {
  const layout = setup?.layout ?? 'empty';
  const workspace = new Workspace({ dir, layout: layout === 'empty' ? 'specum' : layout, specName: setup?.specName, bare: !first || layout === 'empty' });
  for (const path of setup?.remove ?? []) workspace.delete(path);
  for (const [path, content] of Object.entries(setup?.files ?? {})) {
    workspace.write(path, typeof content === 'string' ? substitute(content, vars) : substitute(content as object, vars));
  }
  // Back-date what this setup wrote, so hooks that wait on fresh writes don't sleep.
  const written = first ? listFiles(dir) : Object.keys(setup?.files ?? {});
  for (const path of written) setFileAge(join(dir, path), DEFAULT_FILE_AGE_SECONDS);
  for (const [path, age] of Object.entries(setup?.ages ?? {})) setFileAge(join(dir, path), age);
}

/** Run a case in its own temporary workspace; never throws. */
export async function runCase(loaded: LoadedCase, context: RunContext): Promise<CaseOutcome> {
  const started = performance.now();
  const { hookCase } = loaded;
  const dir = mkdtempSync(join(tmpdir(), 'rh-case-'));
  const vars = { WORKSPACE: dir, PROJECT_ROOT: context.projectRoot, HOME: process.env.HOME ?? homedir() };
  const outcome: CaseOutcome = { file: loaded.file, relative: loaded.relative, name: loaded.name, status: 'pass', durationMs: 0, steps: [] };
  try {
    prepare(dir, hookCase.workspace, vars, true);
    const spec = hookSpec(hookCase, context.projectRoot, vars);
    for (const [index, step] of caseSteps(hookCase).entries()) {
      if (step.workspace) prepare(dir, step.workspace, vars, false);
      const env = substitute({ ...hookCase.env, ...step.env }, vars);
      const stdin = step.stdin === undefined ? '' : substitute(step.stdin, vars);
      const result = await runHook(spec, stdin, { cwd: dir, env, timeoutMs: hookCase.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS });
      const expect = substitute(step.expect, vars);
      const failures = checkExpectation(expect, result, dir);
      const stepOutcome: StepOutcome = { name: step.name ?? `step ${index + 1}`, result, failures };
      if (context.update && failures.length && !result.timedOut) stepOutcome.updated = templatize(updatedExpectation(expect, result, dir), vars);
      outcome.steps.push(stepOutcome);
      if (failures.length) outcome.status = 'fail';
    }
  } catch (error) {
    outcome.status = 'error';
    outcome.error = error instanceof HookRunError ? error.message : `${(error as Error).message}`;
  } finally {
    // Async: a synchronous rm here blocked the event loop for ~4 ms a case, time in which
    // the other workers could have started their hooks.
    await rm(dir, { recursive: true, force: true });
  }
  outcome.durationMs = performance.now() - started;
  return outcome;
}
