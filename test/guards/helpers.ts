/**
 * Shared helpers of the guard tests: generate the guard for a target into a temp project
 * (with a fake HOME and the symlinks the scope cases need), turn corpus cases into hook
 * inputs of either contract, and run many cases with bounded concurrency.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { forgeflareGuardInput, guardDecision, preToolUseInput, runHook, type HookResult } from '../../testkit/index.js';
import { generateProject } from '../helpers/generate.js';

export type Contract = 'claude-code' | 'forgeflare';

export interface GuardCase {
  id: number;
  command?: string;
  tool?: string;
  input?: Record<string, unknown>;
  dangerous: boolean;
  rule?: string | string[];
  note?: string;
}

export interface GuardProject {
  root: string;
  home: string;
  script: string;
  contract: Contract;
}

/**
 * Test projects live under node_modules/.cache, never under /tmp: /tmp is a path the scope
 * rule allows by default, so a project inside it could not show a write escaping the project.
 */
const underTmp = (path: string) => ['/tmp', '/var/tmp'].some((dir) => path === dir || path.startsWith(`${dir}/`));
// A checkout that itself lives under /tmp (CI clones often do) falls back to ~/.cache.
const CACHE = underTmp(realpathSync(process.cwd())) ? join(homedir(), '.cache') : resolve('node_modules/.cache');
export const SCRATCH = join(CACHE, 'ralph-hooks-guard-tests', String(process.pid));

// Each test process removes its own scratch folder when it ends (one process runs many files).
process.once('exit', () => rmSync(SCRATCH, { recursive: true, force: true }));

/**
 * The fast path (npm run test:quick sets RALPH_HOOKS_QUICK=1) takes every third case of a
 * long list of calls, the first included: each list is still met, at a third of the CPU (the
 * guard calls of these lists were a fifth of the fast path's). npm test takes them all.
 */
export const quickSample = <T>(list: readonly T[]): T[] => (process.env.RALPH_HOOKS_QUICK === '1' ? list.filter((_, index) => index % 3 === 0) : [...list]);

export function scratchDir(prefix: string): string {
  mkdirSync(SCRATCH, { recursive: true });
  return mkdtempSync(join(SCRATCH, prefix));
}

/** A project with the guard generated for `contract`, a fake HOME, and two symlinks: escape → /etc (out), docs-link → docs (in). */
export function guardProject(contract: Contract, options: Record<string, unknown> = {}, name = 'guard'): GuardProject {
  const target = contract === 'forgeflare' ? 'forgeflare' : 'claude-project';
  const project = generateProject({ target, hooks: [{ kind: 'guard', preset: 'guard', name, options }] } as never, scratchDir('project-'));
  const root = project.root;
  mkdirSync(join(root, 'docs'), { recursive: true });
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'docs/readme.md'), 'docs\n');
  symlinkSync('/etc', join(root, 'escape'));
  symlinkSync('docs', join(root, 'docs-link'));
  const home = scratchDir('home-');
  const dir = contract === 'forgeflare' ? '.forgeflare/hooks' : '.claude/hooks';
  return { root, home, script: join(root, dir, `${name}.sh`), contract };
}

function fill(value: unknown, project: GuardProject): unknown {
  if (typeof value === 'string') return value.replaceAll('{root}', project.root).replaceAll('{home}', project.home);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, project)]));
  return value;
}

/** The hook input for a case in the project's contract; each case gets its own session. */
export function caseInput(c: GuardCase, project: GuardProject, session = `case-${c.id}`): Record<string, unknown> {
  const tool = c.tool ?? 'Bash';
  const input = (c.command !== undefined ? { command: c.command } : fill(c.input ?? {}, project)) as Record<string, unknown>;
  if (project.contract === 'forgeflare') {
    // forgeflare's Edit says old_str/new_str; the guard reads only the path.
    return forgeflareGuardInput({ tool, input, cwd: project.root, tool_iterations: c.id });
  }
  return preToolUseInput({ tool_name: tool, tool_input: input, cwd: project.root, session_id: session });
}

/**
 * Run the project's guard on one call. `timeoutMs` (runHook's, 10 s by default) is how long the
 * test waits before it kills the guard: a test that sets the guard's own deadline (maxCheckMs)
 * far out, so that a busy machine cannot decide for it, waits as long.
 */
export function runGuard(project: GuardProject, input: unknown, env: Record<string, string | undefined> = {}, { timeoutMs }: { timeoutMs?: number } = {}): Promise<HookResult> {
  return runHook(project.script, input, {
    cwd: project.root,
    env: { HOME: project.home, CLAUDE_PROJECT_DIR: project.contract === 'forgeflare' ? undefined : project.root, ...env },
    timeoutMs,
  });
}

/** Map over items with at most `limit` promises running. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  }));
  return results;
}

/** The decision as one word plus the reason, for compact failure lists. */
export function verdict(result: HookResult): { kind: string; reason?: string } {
  const decision = guardDecision(result);
  return { kind: decision.kind, reason: decision.reason };
}
