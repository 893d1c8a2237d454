/**
 * Runs one hook process the way Claude Code and forgeflare do: JSON on stdin, stdout and
 * stderr captured apart, the exit code returned. Built on node:child_process alone: the replay
 * runner starts thousands of hooks and needs the process-group kill. The hook runs in its own
 * process group, so a timeout kills it and everything it started.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';

/**
 * What to run: a script path (its interpreter picked from the extension, bash by default),
 * `{ script, interpreter }`, `{ command }` (through `sh -c`, as Claude Code runs a hook
 * command without `args`), or `{ argv }` (exec form, no shell).
 */
export type HookSpec =
  | string
  | { script: string; interpreter?: string | string[] }
  | { command: string }
  | { argv: string[] };

export interface RunHookOptions {
  /** Working directory; also the default `CLAUDE_PROJECT_DIR`. Default: process.cwd(). */
  cwd?: string;
  /** Extra environment; `undefined` removes a variable. The process environment is inherited. */
  env?: Record<string, string | undefined>;
  /** Kill the hook's process group after this many ms. Default 10000. */
  timeoutMs?: number;
}

export interface HookResult {
  /** The exit code, or null when the hook was killed by a signal (including a timeout). */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON when its first non-blank character is `{` (Claude Code's rule, §1.3). */
  json: Record<string, unknown> | undefined;
  /** Why stdout that starts with `{` did not parse. */
  jsonError?: string;
  durationMs: number;
  timedOut: boolean;
  /** The command line, for messages. */
  command: string;
}

/** A hook that could not be started: missing script or interpreter. */
export class HookRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HookRunError';
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;

const INTERPRETERS: Record<string, string[]> = {
  '.sh': ['bash'],
  '.bash': ['bash'],
  '.js': [process.execPath],
  '.mjs': [process.execPath],
  '.cjs': [process.execPath],
  '.py': ['python3'],
};

/** Turn a HookSpec into an argv, checking that a script exists. */
export function hookArgv(hook: HookSpec, cwd: string = process.cwd()): string[] {
  if (typeof hook === 'string') return hookArgv({ script: hook }, cwd);
  if ('command' in hook) return ['sh', '-c', hook.command];
  if ('argv' in hook) {
    if (hook.argv.length === 0) throw new HookRunError('runHook: argv is empty');
    return hook.argv;
  }
  const script = resolve(cwd, hook.script);
  if (!existsSync(script)) throw new HookRunError(`hook script not found: ${script}`);
  const interpreter = hook.interpreter ?? INTERPRETERS[extname(script)] ?? ['bash'];
  return [...(Array.isArray(interpreter) ? interpreter : [interpreter]), script];
}

/** Serialize a hook input: objects become one line of JSON, strings and Buffers pass as-is. */
export function toStdin(input: unknown): string | Buffer {
  if (input === undefined) return '';
  if (typeof input === 'string' || Buffer.isBuffer(input)) return input;
  return JSON.stringify(input);
}

/** Parse stdout the way Claude Code does: JSON only if it starts with `{`. */
export function parseHookJson(stdout: string): Pick<HookResult, 'json' | 'jsonError'> {
  if (!stdout.trimStart().startsWith('{')) return { json: undefined };
  try {
    const value: unknown = JSON.parse(stdout);
    if (value && typeof value === 'object' && !Array.isArray(value)) return { json: value as Record<string, unknown> };
    return { json: undefined, jsonError: 'stdout is JSON but not an object' };
  } catch (error) {
    return { json: undefined, jsonError: (error as Error).message };
  }
}

/**
 * Run a hook with `input` on stdin. Resolves with its result (also on non-zero exit and on
 * timeout, where `timedOut` is true); rejects with HookRunError when it cannot start.
 */
export function runHook(hook: HookSpec, input?: unknown, options: RunHookOptions = {}): Promise<HookResult> {
  const cwd = resolve(options.cwd ?? process.cwd());
  let argv: string[];
  try {
    argv = hookArgv(hook, cwd);
  } catch (error) {
    return Promise.reject(error);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const env = buildEnv(cwd, options.env);
  const command = argv.join(' ');
  const started = performance.now();

  return new Promise((resolvePromise, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);

    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A hook that exits without reading stdin closes the pipe under us: EPIPE is expected.
    child.stdin.on('error', () => {});
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new HookRunError(`cannot run hook: interpreter '${argv[0]}' was not found on PATH (command: ${command})`)
          : new HookRunError(`cannot run hook '${command}': ${error.message}`),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const out = Buffer.concat(stdout).toString('utf8');
      resolvePromise({
        exitCode: code,
        signal,
        stdout: out,
        stderr: Buffer.concat(stderr).toString('utf8'),
        ...parseHookJson(out),
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        timedOut,
        command,
      });
    });
    child.stdin.end(toStdin(input));
  });
}

function buildEnv(cwd: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CLAUDE_PROJECT_DIR: cwd, CLAUDECODE: '1', ...extra };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/** Kill a whole process group; the hook may already be gone. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group has already exited
  }
}
