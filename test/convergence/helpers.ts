/** Generate the convergence check for a contract into a temp project and run it. */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { forgeflarePostToolUseInput, runHook, type HookResult } from '../../testkit/index.js';
import { generateProject } from '../helpers/generate.js';

export type Contract = 'claude-code' | 'forgeflare';

export interface ConvergenceProject {
  root: string;
  script: string;
  contract: Contract;
  state: string;
}

export function convergenceProject(contract: Contract, options: Record<string, unknown> = {}): ConvergenceProject {
  const target = contract === 'forgeflare' ? 'forgeflare' : 'claude-project';
  const { root } = generateProject({ target, hooks: [{ kind: 'convergence', preset: 'convergence', options }] } as never);
  const dir = contract === 'forgeflare' ? '.forgeflare/hooks' : '.claude/hooks';
  return { root, script: join(root, dir, 'convergence.sh'), contract, state: join(root, '.ralph-hooks/state/convergence.json') };
}

export function runCheck(project: ConvergenceProject, input: unknown, options: { env?: Record<string, string | undefined>; timeoutMs?: number } = {}): Promise<HookResult> {
  return runHook(project.script, input, {
    cwd: project.root,
    timeoutMs: options.timeoutMs,
    env: { CLAUDE_PROJECT_DIR: project.contract === 'forgeflare' ? undefined : project.root, ...options.env },
  });
}

/** A cargo test run that passes, and one that fails. */
export const PASS = 'running 3 tests\ntest a ... ok\n\ntest result: ok. 3 passed; 0 failed; finished in 0.42s';
export const FAIL = 'running 3 tests\nerror[E0308]: mismatched types\n --> src/lib.rs:10:5\n\ntest result: FAILED. 2 passed; 1 failed';

/** A forgeflare PostToolUse input at an iteration. */
export function ff(project: ConvergenceProject, iteration: number, over: Record<string, unknown> = {}) {
  return forgeflarePostToolUseInput({ cwd: project.root, tool_iterations: iteration, ...over });
}
/** A test run's tool call, an edit, and the state file as JSON. */
export const testRun = (result = PASS, isError = false) => ({ tool: 'Bash', input: { command: 'cargo test --release' }, result, is_error: isError });
export const edit = (file = 'src/lib.rs') => ({ tool: 'Edit', input: { file_path: file, old_str: 'a', new_str: 'b' }, result: 'edited', is_error: false });
export const state = (p: ConvergenceProject) => JSON.parse(readFileSync(p.state, 'utf8')) as Record<string, any>;
