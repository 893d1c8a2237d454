/**
 * A TypeScript twin of forgeflare's HookRunner (seed 002, R1–R8): loads
 * `.forgeflare/hooks.toml`, runs hooks as `bash -c <command>` with JSON on stdin, and turns
 * their answers into the results forgeflare's loop acts on — with the same fail-closed
 * guard messages, fail-open observers, 5120-byte result cap and atomic convergence file.
 *
 * Where the seed and forgeflare-hooks' implementation differ, the seed wins, and the
 * difference is noted: the Stop record is written under `final` (the implementation writes
 * `final_state`), once per session (the implementation overwrites it on every stop), and
 * not at all when no hooks are configured.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHooksToml, type ForgeflareHookConfig } from '../../src/registration/forgeflare-toml.js';
import type { ForgeflareStopReason } from '../inputs.js';
import { HookRunError, runHook, type HookResult } from '../run-hook.js';

export type { ForgeflareHookConfig };

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_STOP_TIMEOUT_MS = 3000;
export const RESULT_TRUNCATION_LIMIT = 5120;
export const RESULT_HALF = 2560;

export type PreToolResult = { kind: 'allow' } | { kind: 'block'; reason: string; blockedBy: string };
export type PostToolResult = { kind: 'continue' } | { kind: 'signal'; signal: string; reason: string };

export interface ConvergenceObservation {
  signal: string;
  reason: string;
  tool_iterations: number;
}

export interface ConvergenceFinal {
  reason: string;
  tool_iterations: number;
  total_tokens: number;
  timestamp: string;
}

/** `.forgeflare/convergence.json` (R8). */
export interface ConvergenceFile {
  observations: ConvergenceObservation[];
  final?: ConvergenceFinal;
}

/** One hook process the runner started, with what it was given and what came of it. */
export interface HookInvocation {
  event: 'PreToolUse' | 'PostToolUse' | 'Stop';
  phase?: 'guard' | 'observe';
  command: string;
  input: Record<string, unknown>;
  /** undefined when the process could not be started. */
  result?: HookResult;
  /** What the runner made of it: allow, block, continue, signal, or a failure message. */
  outcome: string;
}

export interface HookRunnerLogEntry {
  level: 'info' | 'warn';
  message: string;
}

export interface HookRunnerOptions {
  /** Extra environment for hook processes. forgeflare sets no CLAUDE_* variables; neither does the runner. */
  env?: Record<string, string | undefined>;
  /** Copy hook stderr and runner warnings to this process's stderr (forgeflare does). Default false: kept in `stderr`/`log`. */
  forwardStderr?: boolean;
}

/** floor_char_boundary: the largest index ≤ i that does not split a UTF-8 character. */
export function floorCharBoundary(bytes: Uint8Array, index: number): number {
  let i = Math.min(Math.max(index, 0), bytes.length);
  while (i > 0 && i < bytes.length && (bytes[i]! & 0xc0) === 0x80) i--;
  return i;
}

/**
 * The PostToolUse `result` as hooks see it (R3): up to 5120 bytes unchanged; longer, the
 * first 2560 bytes, a marker naming the full length, and the last 2560 bytes, both cut on
 * UTF-8 character boundaries.
 */
export function truncateResult(result: string): string {
  const bytes = Buffer.from(result, 'utf8');
  if (bytes.length <= RESULT_TRUNCATION_LIMIT) return result;
  const firstEnd = floorCharBoundary(bytes, RESULT_HALF);
  const lastStart = floorCharBoundary(bytes, bytes.length - RESULT_HALF);
  return `${bytes.subarray(0, firstEnd).toString('utf8')}\n... (truncated for hook, full result: ${bytes.length} bytes)\n${bytes.subarray(lastStart).toString('utf8')}`;
}

type HookFailure = { kind: 'timeout'; ms: number } | { kind: 'exit'; code: number } | { kind: 'spawn'; message: string };

function describeFailure(failure: HookFailure): string {
  switch (failure.kind) {
    case 'timeout': return `timed out after ${failure.ms}ms`;
    case 'exit': return `exited with code ${failure.code}`;
    case 'spawn': return `spawn error: ${failure.message}`;
  }
}

function parseObject(stdout: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(stdout);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** serde's view of a guard or post answer: an object with a string `action`. */
function parseAction(stdout: string): { action: string; reason?: string; signal?: string } | undefined {
  const json = parseObject(stdout);
  if (!json || typeof json.action !== 'string') return undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { action: json.action, reason: str(json.reason), signal: str(json.signal) };
}

export class HookRunner {
  readonly hooks: readonly ForgeflareHookConfig[];
  readonly cwd: string;
  readonly convergenceDir: string;
  readonly convergencePath: string;
  readonly convergenceTmp: string;
  /** Runner messages, as forgeflare prints them with a `[hooks]` prefix. */
  readonly log: HookRunnerLogEntry[] = [];
  /** Hook stderr, in order (forgeflare forwards it to its own stderr). */
  readonly stderr: { command: string; text: string }[] = [];
  readonly invocations: HookInvocation[] = [];
  private finalWritten = false;

  constructor(hooks: readonly ForgeflareHookConfig[], cwd: string, private readonly options: HookRunnerOptions = {}) {
    this.hooks = hooks;
    this.cwd = cwd;
    this.convergenceDir = join(cwd, '.forgeflare');
    this.convergencePath = join(this.convergenceDir, 'convergence.json');
    this.convergenceTmp = join(this.convergenceDir, 'convergence.json.tmp');
  }

  /** HookRunner::load: a missing file is an empty runner; a file that does not parse is logged and runs no hooks (as forgeflare does). */
  static load(configPath: string, cwd: string, options: HookRunnerOptions = {}): HookRunner {
    if (!existsSync(configPath)) return new HookRunner([], cwd, options);
    try {
      return new HookRunner(parseHooksToml(readFileSync(configPath, 'utf8')), cwd, options);
    } catch (error) {
      const runner = new HookRunner([], cwd, options);
      runner.warn(`Failed to parse ${configPath}: ${(error as Error).message}`);
      return runner;
    }
  }

  get hasHooks(): boolean {
    return this.hooks.length > 0;
  }

  private warn(message: string): void {
    this.log.push({ level: 'warn', message });
    if (this.options.forwardStderr) process.stderr.write(`[hooks] ${message}\n`);
  }

  /** Delete a stale convergence.json at startup; NotFound is normal, anything else a warning. */
  clearConvergenceState(): void {
    try {
      rmSync(this.convergencePath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.warn(`Warning: failed to remove ${this.convergencePath}: ${(error as Error).message}`);
    }
    this.finalWritten = false;
  }

  private matching(event: string, tool?: string): ForgeflareHookConfig[] {
    return this.hooks.filter((h) => h.event === event && (tool === undefined || h.match_tool === undefined || h.match_tool === tool));
  }

  /** Run one hook the way run_hook_subprocess does: bash -c, stdin JSON, stderr kept, timeout kills it. */
  private async run(hook: ForgeflareHookConfig, input: Record<string, unknown>, defaultMs: number, meta: Pick<HookInvocation, 'event' | 'phase'>): Promise<{ stdout?: string; failure?: HookFailure; invocation: HookInvocation }> {
    const timeoutMs = hook.timeout_ms ?? defaultMs;
    const invocation: HookInvocation = { ...meta, command: hook.command, input, outcome: '' };
    this.invocations.push(invocation);
    let result: HookResult;
    try {
      result = await runHook({ argv: ['bash', '-c', hook.command] }, input, {
        cwd: this.cwd,
        timeoutMs,
        env: { CLAUDE_PROJECT_DIR: undefined, CLAUDECODE: undefined, ...this.options.env },
      });
    } catch (error) {
      const message = error instanceof HookRunError ? error.message : String(error);
      return { failure: { kind: 'spawn', message }, invocation };
    }
    invocation.result = result;
    if (result.stderr !== '') {
      this.stderr.push({ command: hook.command, text: result.stderr });
      if (this.options.forwardStderr) process.stderr.write(result.stderr);
    }
    if (result.timedOut) return { failure: { kind: 'timeout', ms: timeoutMs }, invocation };
    if (result.exitCode !== 0) return { failure: { kind: 'exit', code: result.exitCode ?? -1 }, invocation };
    return { stdout: result.stdout, invocation };
  }

  /**
   * R4: guard hooks in declaration order, fail-closed, the first block short-circuits; then
   * observe hooks, always, with the guard outcome in their input, fail-open.
   */
  async runPreToolUse(tool: string, input: unknown, toolIterations: number): Promise<PreToolResult> {
    let blocked = false;
    let blockedBy = '';
    let blockReason = '';
    const guards = this.matching('PreToolUse', tool).filter((h) => (h.phase ?? 'guard') === 'guard');
    for (const hook of guards) {
      const hookInput = { event: 'PreToolUse', phase: 'guard', tool, input, tool_iterations: toolIterations, cwd: this.cwd };
      const { stdout, failure, invocation } = await this.run(hook, hookInput, DEFAULT_TIMEOUT_MS, { event: 'PreToolUse', phase: 'guard' });
      if (failure) {
        blocked = true;
        blockedBy = hook.command;
        blockReason = `hook failed: ${hook.command} ${describeFailure(failure)} (tool blocked by default)`;
        invocation.outcome = blockReason;
        break;
      }
      const answer = parseAction(stdout!);
      if (!answer) {
        blocked = true;
        blockedBy = hook.command;
        blockReason = `hook failed: ${hook.command} returned invalid JSON (tool blocked by default)`;
        invocation.outcome = blockReason;
        break;
      }
      if (answer.action === 'block') {
        blocked = true;
        blockedBy = hook.command;
        blockReason = answer.reason ?? 'no reason provided';
        invocation.outcome = 'block';
        break;
      }
      // "allow" — and, as in forgeflare, any other action — lets the next guard decide.
      invocation.outcome = answer.action === 'allow' ? 'allow' : `unrecognised action "${answer.action}" treated as allow`;
      if (answer.action !== 'allow') this.warn(`Guard hook ${hook.command} returned unrecognized action: ${answer.action}`);
    }

    for (const hook of this.matching('PreToolUse', tool).filter((h) => h.phase === 'observe')) {
      const hookInput: Record<string, unknown> = { event: 'PreToolUse', phase: 'observe', tool, input, blocked, tool_iterations: toolIterations, cwd: this.cwd };
      if (blocked) {
        hookInput.blocked_by = blockedBy;
        hookInput.block_reason = blockReason;
      }
      const { failure, invocation } = await this.run(hook, hookInput, DEFAULT_TIMEOUT_MS, { event: 'PreToolUse', phase: 'observe' });
      invocation.outcome = failure ? `failed (ignored): ${describeFailure(failure)}` : 'ran (output ignored)';
      if (failure) this.warn(`Observe hook ${hook.command} failed: ${describeFailure(failure)}`);
    }

    if (!blocked) return { kind: 'allow' };
    const reason = blockReason.startsWith('hook failed:') ? blockReason : `blocked by ${blockedBy}: ${blockReason}`;
    return { kind: 'block', reason, blockedBy };
  }

  /**
   * R5/R7: PostToolUse hooks in declaration order, fail-open; every signal becomes an
   * observation, the first decides the return value; one read-modify-write at the end.
   */
  async runPostToolUse(tool: string, input: unknown, result: string, isError: boolean, toolIterations: number): Promise<PostToolResult> {
    const hooks = this.matching('PostToolUse', tool);
    if (hooks.length === 0) return { kind: 'continue' };
    const truncated = truncateResult(result);
    let first: PostToolResult | undefined;
    const observations: ConvergenceObservation[] = [];
    for (const hook of hooks) {
      const hookInput = { event: 'PostToolUse', tool, input, result: truncated, is_error: isError, tool_iterations: toolIterations, cwd: this.cwd };
      const { stdout, failure, invocation } = await this.run(hook, hookInput, DEFAULT_TIMEOUT_MS, { event: 'PostToolUse' });
      if (failure) {
        invocation.outcome = `failed (continue): ${describeFailure(failure)}`;
        this.warn(`PostToolUse hook ${hook.command} failed: ${describeFailure(failure)}`);
        continue;
      }
      const answer = parseAction(stdout!);
      if (!answer) {
        invocation.outcome = 'invalid JSON (continue)';
        this.warn(`PostToolUse hook ${hook.command} returned invalid JSON`);
        continue;
      }
      if (answer.action === 'signal') {
        const signal = answer.signal ?? 'unknown';
        const reason = answer.reason ?? 'no reason';
        observations.push({ signal, reason, tool_iterations: toolIterations });
        first ??= { kind: 'signal', signal, reason };
        invocation.outcome = `signal ${signal}`;
      } else {
        invocation.outcome = answer.action;
      }
    }
    if (observations.length > 0) {
      try {
        this.writeConvergence((state) => state.observations.push(...observations));
      } catch (error) {
        this.warn(`Warning: failed to write convergence observations: ${(error as Error).message}`);
      }
    }
    return first ?? { kind: 'continue' };
  }

  /** R3/R5/R8: Stop hooks (fail-open, output only logged), then the `final` record, once per session. */
  async runStop(reason: ForgeflareStopReason, toolIterations: number, totalTokens: number): Promise<void> {
    if (!this.hasHooks) return; // unconfigured: a no-op (seed), though forgeflare-hooks writes `final` anyway
    for (const hook of this.matching('Stop')) {
      const hookInput = { event: 'Stop', reason, tool_iterations: toolIterations, total_tokens: totalTokens, cwd: this.cwd };
      const { stdout, failure, invocation } = await this.run(hook, hookInput, DEFAULT_STOP_TIMEOUT_MS, { event: 'Stop' });
      if (failure) {
        invocation.outcome = `failed (ignored): ${describeFailure(failure)}`;
        this.warn(`Stop hook ${hook.command} failed: ${describeFailure(failure)}`);
        continue;
      }
      const json = parseObject(stdout!);
      const action = typeof json?.action === 'string' ? json.action : 'unknown';
      invocation.outcome = action === 'continue' ? 'continue' : `unrecognized action "${action}" treated as continue`;
      if (action !== 'continue') this.warn(`Stop hook ${hook.command} returned unrecognized action: ${action}`);
    }
    if (this.finalWritten) return;
    try {
      this.writeConvergence((state) => {
        state.final = { reason, tool_iterations: toolIterations, total_tokens: totalTokens, timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
      });
      this.finalWritten = true;
    } catch (error) {
      this.warn(`Warning: failed to write convergence final state: ${(error as Error).message}`);
    }
  }

  /** Read-modify-write of convergence.json through a temp file in the same folder, then rename. */
  private writeConvergence(modify: (state: ConvergenceFile) => void): void {
    mkdirSync(this.convergenceDir, { recursive: true });
    const state = readConvergence(this.cwd) ?? { observations: [] };
    modify(state);
    writeFileSync(this.convergenceTmp, JSON.stringify(state, null, 2));
    renameSync(this.convergenceTmp, this.convergencePath);
  }
}

/** The convergence file of a project, or undefined when it is missing or not JSON (as forgeflare's unwrap_or_default). */
export function readConvergence(cwd: string): ConvergenceFile | undefined {
  try {
    const data = JSON.parse(readFileSync(join(cwd, '.forgeflare', 'convergence.json'), 'utf8')) as Partial<ConvergenceFile>;
    if (!data || typeof data !== 'object') return undefined;
    return { ...data, observations: Array.isArray(data.observations) ? data.observations : [] } as ConvergenceFile;
  } catch {
    return undefined;
  }
}
