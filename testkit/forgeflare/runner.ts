/**
 * A TypeScript twin of forgeflare's HookRunner (the `hooks.rs` of forgeflare-hooks, which
 * implements the hook dispatch design): loads `.forgeflare/hooks.toml` with the real
 * acceptance rules, runs hooks as `bash -c <command>` with JSON on stdin, and turns their
 * answers into the results forgeflare's loop acts on, with the same fail-closed guard
 * messages, fail-open observers, 5120-byte result cap, convergence file and `[hooks]` log
 * lines.
 *
 * Its defaults are what the real runner does, where that differs from the design:
 * - `final` is written on every stop, also with no Stop hook configured (the design: once per
 *   session, and nothing without hooks; `writeFinal: 'once-per-session'`);
 * - a timed-out hook is not killed (`killOnTimeout: true` kills it);
 * - a guard that leaves its stdin unread may be blocked with a broken pipe (`unreadStdin`).
 */
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readForgeflareHooks, type HookConfigRecord } from '../../src/registration/forgeflare-load.js';
import type { ForgeflareStopReason } from '../inputs.js';
import { parseHookJson } from '../run-hook.js';
import { osError, runHookProcess, type HookProcessResult, type UnreadStdin } from './process.js';
import { parseJsonValue, parseStruct, sortKeysDeep, toSortedJson } from './serde-json.js';
import { isJsonObject } from '../../src/json-text.js';

export type ForgeflareHookConfig = HookConfigRecord;
export type { UnreadStdin };

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
  /** chrono's to_rfc3339: e.g. 2026-02-13T19:30:00.123456789+00:00. */
  timestamp: string;
}

/** `.forgeflare/convergence.json`. */
export interface ConvergenceFile {
  observations: ConvergenceObservation[];
  final?: ConvergenceFinal;
}

/** One hook process the runner started, with what it was given and what came of it. */
export interface HookInvocation {
  event: 'PreToolUse' | 'PostToolUse' | 'Stop';
  phase?: 'guard' | 'observe';
  command: string;
  /** The input, keys sorted as forgeflare serializes it. */
  input: Record<string, unknown>;
  /** The exact stdin text. */
  stdin: string;
  /** undefined when the process could not be started or its stdin write broke. */
  result?: {
    exitCode: number | null;
    stdout: string;
    stderr: string;
    json: Record<string, unknown> | undefined;
    timedOut: boolean;
    /** Bytes of stdin the hook never read. */
    unreadBytes?: number;
  };
  /** A timed-out hook that was left running: resolves when it exits. */
  detached?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the runner made of it: allow, block, continue, signal, or a failure message. */
  outcome: string;
}

export interface HookRunnerLogEntry {
  level: 'info' | 'warn';
  /** The text after forgeflare's `[hooks] ` prefix (a parse error spans several lines). */
  message: string;
}

export interface HookRunnerOptions {
  /** Extra environment for hook processes. forgeflare sets no CLAUDE_* variables; neither does the runner. */
  env?: Record<string, string | undefined>;
  /** Copy hook stderr and runner log lines to this process's stderr (forgeflare does). Default false: kept in `stderr`/`log`. */
  forwardStderr?: boolean;
  /** Stdin a hook leaves unread: when that is a broken pipe. Default 'pipe-capacity' (see process.ts). */
  unreadStdin?: UnreadStdin;
  /** Kill a timed-out hook's process group. Default false: forgeflare leaves it running. */
  killOnTimeout?: boolean;
  /**
   * When `final` is written. 'every-stop' (default, forgeflare): on every stop, hooks or not.
   * 'once-per-session' (the design): on the first stop after startup, and only when hooks are configured.
   */
  writeFinal?: 'every-stop' | 'once-per-session';
}

/** floor_char_boundary: the largest index ≤ i that does not split a UTF-8 character. */
export function floorCharBoundary(bytes: Uint8Array, index: number): number {
  let i = Math.min(Math.max(index, 0), bytes.length);
  while (i > 0 && i < bytes.length && (bytes[i]! & 0xc0) === 0x80) i--;
  return i;
}

/**
 * The PostToolUse `result` as hooks see it: up to 5120 bytes unchanged; longer, the first
 * 2560 bytes, a marker naming the full length, and the last 2560 bytes, both cut on UTF-8
 * character boundaries.
 */
export function truncateResult(result: string): string {
  const bytes = Buffer.from(result, 'utf8');
  if (bytes.length <= RESULT_TRUNCATION_LIMIT) return result;
  const firstEnd = floorCharBoundary(bytes, RESULT_HALF);
  const lastStart = floorCharBoundary(bytes, bytes.length - RESULT_HALF);
  return `${bytes.subarray(0, firstEnd).toString('utf8')}\n... (truncated for hook, full result: ${bytes.length} bytes)\n${bytes.subarray(lastStart).toString('utf8')}`;
}

/** chrono's `Utc::now().to_rfc3339()`: nanoseconds (3, 6 or 9 digits, none when zero) and `+00:00`. */
export function rfc3339Now(): string {
  const ms = Date.now();
  const subMs = Number(process.hrtime.bigint() % 1_000_000n);
  const nanos = (ms % 1000) * 1_000_000 + subMs;
  const base = new Date(ms).toISOString().slice(0, 19);
  let fraction = '';
  if (nanos !== 0) {
    const digits = String(nanos).padStart(9, '0');
    fraction = `.${nanos % 1_000_000 === 0 ? digits.slice(0, 3) : nanos % 1000 === 0 ? digits.slice(0, 6) : digits}`;
  }
  return `${base}${fraction}+00:00`;
}

type Failure = { kind: 'timeout'; ms: number } | { kind: 'exit'; code: number } | { kind: 'spawn'; message: string };

/** HookError's Display. */
function describeFailure(failure: Failure): string {
  switch (failure.kind) {
    case 'timeout': return `timed out after ${failure.ms}ms`;
    case 'exit': return `exited with code ${failure.code}`;
    case 'spawn': return `spawn error: ${failure.message}`;
  }
}

const GUARD_OUTPUT = [{ name: 'action', optional: false }, { name: 'reason', optional: true }];
const POST_OUTPUT = [{ name: 'action', optional: false }, { name: 'signal', optional: true }, { name: 'reason', optional: true }];

export class HookRunner {
  readonly hooks: readonly ForgeflareHookConfig[];
  readonly cwd: string;
  readonly convergenceDir: string;
  readonly convergencePath: string;
  readonly convergenceTmp: string;
  /** Runner messages, as forgeflare prints them after a `[hooks] ` prefix. */
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

  /**
   * HookRunner::load: a missing (or unreadable) file is an empty runner; a file forgeflare
   * rejects (see readForgeflareHooks) is logged with the `toml` crate's error and runs no hooks.
   * A relative `configPath` is read from `cwd`, as forgeflare reads it from the project root.
   */
  static load(configPath: string, cwd: string, options: HookRunnerOptions = {}): HookRunner {
    let text: string;
    try {
      // forgeflare runs in the project root and reads the relative `.forgeflare/hooks.toml`.
      text = readFileSync(resolve(cwd, configPath), 'utf8');
    } catch {
      return new HookRunner([], cwd, options);
    }
    const read = readForgeflareHooks(text);
    if (read.ok) return new HookRunner(read.hooks, cwd, options);
    const runner = new HookRunner([], cwd, options);
    runner.warn(`Failed to parse ${configPath}: ${read.error.display}`);
    return runner;
  }

  get hasHooks(): boolean {
    return this.hooks.length > 0;
  }

  /** Hooks that timed out and were left running; await it before removing their files. */
  async waitForDetached(): Promise<void> {
    await Promise.all(this.invocations.map((i) => i.detached));
  }

  /** A `[hooks] …` line (the main loop prints its block-limit lines through here too). */
  warn(message: string): void {
    this.log.push({ level: 'warn', message });
    if (this.options.forwardStderr) process.stderr.write(`[hooks] ${message}\n`);
  }

  /** Delete a stale convergence.json at startup; NotFound is normal, anything else a warning. */
  clearConvergenceState(): void {
    try {
      unlinkSync(this.convergencePath); // fs::remove_file
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.warn(`Warning: failed to remove ${this.convergencePath}: ${osError(error as NodeJS.ErrnoException)}`);
    }
    this.finalWritten = false;
  }

  private matching(event: string, tool?: string): ForgeflareHookConfig[] {
    return this.hooks.filter((h) => h.event === event && (tool === undefined || h.match_tool === undefined || h.match_tool === tool));
  }

  /** run_hook_subprocess: bash -c, stdin the sorted-key JSON, stderr passed on. */
  private async run(hook: ForgeflareHookConfig, input: Record<string, unknown>, defaultMs: number, meta: Pick<HookInvocation, 'event' | 'phase'>): Promise<{ stdout?: string; failure?: Failure; invocation: HookInvocation }> {
    const timeoutMs = hook.timeout_ms ?? defaultMs;
    const stdin = toSortedJson(input);
    const invocation: HookInvocation = { ...meta, command: hook.command, input: sortKeysDeep(input) as Record<string, unknown>, stdin, outcome: '' };
    this.invocations.push(invocation);
    const env: NodeJS.ProcessEnv = { ...process.env, CLAUDE_PROJECT_DIR: undefined, CLAUDECODE: undefined, ...this.options.env };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
    const done: HookProcessResult = await runHookProcess(hook.command, stdin, {
      cwd: this.cwd,
      env,
      timeoutMs,
      unreadStdin: this.options.unreadStdin ?? 'pipe-capacity',
      killOnTimeout: this.options.killOnTimeout ?? false,
    });
    if (done.stderr !== '') {
      this.stderr.push({ command: hook.command, text: done.stderr });
      if (this.options.forwardStderr) process.stderr.write(done.stderr);
    }
    switch (done.kind) {
      case 'timeout':
        invocation.detached = done.detached;
        invocation.result = { exitCode: null, stdout: '', stderr: done.stderr, json: undefined, timedOut: true };
        return { failure: { kind: 'timeout', ms: timeoutMs }, invocation };
      case 'spawn':
        return { failure: { kind: 'spawn', message: done.message }, invocation };
      case 'exit':
        invocation.result = { exitCode: done.code, stdout: done.stdout, stderr: done.stderr, json: parseHookJson(done.stdout).json, timedOut: false, unreadBytes: done.unreadBytes };
        return { failure: { kind: 'exit', code: done.code }, invocation };
      case 'ok':
        invocation.result = { exitCode: 0, stdout: done.stdout, stderr: done.stderr, json: parseHookJson(done.stdout).json, timedOut: false, unreadBytes: done.unreadBytes };
        return { stdout: done.stdout, invocation };
    }
  }

  /**
   * Guard hooks in declaration order, fail-closed, the first block short-circuits; then
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
      const answer = parseStruct(stdout!, 'GuardOutput', GUARD_OUTPUT);
      if (!answer.ok) {
        blocked = true;
        blockedBy = hook.command;
        blockReason = `hook failed: ${hook.command} returned invalid JSON (tool blocked by default)`;
        invocation.outcome = blockReason;
        break;
      }
      if (answer.value.action === 'block') {
        blocked = true;
        blockedBy = hook.command;
        blockReason = answer.value.reason ?? 'no reason provided';
        invocation.outcome = 'block';
        break;
      }
      // "allow" or anything else: the next guard decides (forgeflare logs nothing).
      invocation.outcome = answer.value.action === 'allow' ? 'allow' : `action "${answer.value.action}" treated as allow`;
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
   * PostToolUse hooks in declaration order, fail-open; every signal becomes an observation,
   * the first decides the return value; one read-modify-write at the end.
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
      const answer = parseStruct(stdout!, 'PostOutput', POST_OUTPUT);
      if (!answer.ok) {
        invocation.outcome = `invalid JSON (continue): ${answer.error}`;
        this.warn(`PostToolUse hook ${hook.command} returned invalid JSON: ${answer.error}`);
        continue;
      }
      if (answer.value.action === 'signal') {
        const signal = answer.value.signal ?? 'unknown';
        const reason = answer.value.reason ?? 'no reason';
        observations.push({ signal, reason, tool_iterations: toolIterations });
        first ??= { kind: 'signal', signal, reason };
        invocation.outcome = `signal ${signal}`;
      } else {
        invocation.outcome = answer.value.action!;
      }
    }
    if (observations.length > 0) {
      try {
        this.writeConvergence((state) => state.observations.push(...observations));
      } catch (error) {
        this.warn(`Warning: failed to write convergence observations: ${osError(error as NodeJS.ErrnoException)}`);
      }
    }
    return first ?? { kind: 'continue' };
  }

  /** Stop hooks (fail-open; their output only parsed for a log line), then the `final` record. */
  async runStop(reason: ForgeflareStopReason, toolIterations: number, totalTokens: number): Promise<void> {
    const design = this.options.writeFinal === 'once-per-session';
    if (design && !this.hasHooks) return; // the design: a no-op without hooks
    for (const hook of this.matching('Stop')) {
      const hookInput = { event: 'Stop', reason, tool_iterations: toolIterations, total_tokens: totalTokens, cwd: this.cwd };
      const { stdout, failure, invocation } = await this.run(hook, hookInput, DEFAULT_STOP_TIMEOUT_MS, { event: 'Stop' });
      if (failure) {
        invocation.outcome = `failed (ignored): ${describeFailure(failure)}`;
        this.warn(`Stop hook ${hook.command} failed: ${describeFailure(failure)}`);
        continue;
      }
      // Parsed for logging only; output that is not JSON is not logged at all.
      const parsed = parseJsonValue(stdout!);
      if (!parsed.ok) {
        invocation.outcome = 'not JSON (ignored, nothing logged)';
        continue;
      }
      const json = parsed.value;
      const action = json !== null && typeof json === 'object' && !Array.isArray(json) && typeof (json as Record<string, unknown>).action === 'string' ? (json as Record<string, string>).action! : 'unknown';
      invocation.outcome = action === 'continue' ? 'continue' : `unrecognized action "${action}" treated as continue`;
      if (action !== 'continue') this.warn(`Stop hook ${hook.command} returned unrecognized action: ${action}`);
    }
    if (design && this.finalWritten) return;
    try {
      this.writeConvergence((state) => {
        state.final = { reason, tool_iterations: toolIterations, total_tokens: totalTokens, timestamp: rfc3339Now() };
      });
      this.finalWritten = true;
    } catch (error) {
      this.warn(`Warning: failed to write convergence final state: ${osError(error as NodeJS.ErrnoException)}`);
    }
  }

  /**
   * Read-modify-write of convergence.json through a temp file in the same folder, then
   * rename. A file that does not deserialize (not JSON, or a field of the wrong type) is
   * replaced by an empty state (serde's unwrap_or_default): its `final` and unknown keys go too.
   */
  private writeConvergence(modify: (state: ConvergenceFile) => void): void {
    mkdirSync(this.convergenceDir, { recursive: true });
    const state = readConvergenceState(this.convergencePath);
    modify(state);
    const out: Record<string, unknown> = { observations: state.observations };
    if (state.final) out.final = state.final;
    writeFileSync(this.convergenceTmp, JSON.stringify(out, null, 2));
    renameSync(this.convergenceTmp, this.convergencePath);
  }
}

const isUsize = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** serde's ConvergenceState from a file's text, or the default when any part of it does not fit. */
function convergenceFromText(text: string): ConvergenceFile | undefined {
  const parsed = parseJsonValue(text);
  if (!parsed.ok || !isJsonObject(parsed.value)) return undefined;
  const data = parsed.value;
  const observations = data.observations ?? [];
  if (!Array.isArray(observations)) return undefined;
  for (const o of observations) {
    if (!isJsonObject(o) || typeof o.signal !== 'string' || typeof o.reason !== 'string' || !isUsize(o.tool_iterations)) return undefined;
  }
  const state: ConvergenceFile = { observations: observations.map((o) => ({ signal: o.signal, reason: o.reason, tool_iterations: o.tool_iterations })) as ConvergenceObservation[] };
  if (data.final !== undefined && data.final !== null) {
    const f = data.final;
    if (!isJsonObject(f) || typeof f.reason !== 'string' || !isUsize(f.tool_iterations) || !isUsize(f.total_tokens) || typeof f.timestamp !== 'string') return undefined;
    state.final = { reason: f.reason, tool_iterations: f.tool_iterations as number, total_tokens: f.total_tokens as number, timestamp: f.timestamp };
  }
  return state;
}

function readConvergenceState(path: string): ConvergenceFile {
  try {
    return convergenceFromText(readFileSync(path, 'utf8')) ?? { observations: [] };
  } catch {
    return { observations: [] };
  }
}

/** The convergence file of a project as forgeflare would read it, or undefined when it is missing or does not deserialize. */
export function readConvergence(cwd: string): ConvergenceFile | undefined {
  try {
    return convergenceFromText(readFileSync(join(cwd, '.forgeflare', 'convergence.json'), 'utf8'));
  } catch {
    return undefined;
  }
}
