/** Generate the convergence check for a contract into a temp project and run it. */
import { join } from 'node:path';
import { runHook, type HookResult } from '../../testkit/index.js';
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
