/**
 * What every real-client session shares, whichever the agent: the options a runner takes, the
 * run it reports, the client process (run to its end in a process group of its own, killed at
 * its time limit), and where a client's CLI is found.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import type { RecordedRequest, ScriptedModel, Turns } from './model-server.js';

/** What a hook received and answered during a real-client session (recorded by the tap). */
export interface TappedHookRun {
  /** The registered command, as written in the settings file. */
  hook: string;
  /** The hook event (`hook_event_name` of the input, else the registration's event). */
  event: string;
  /** The registration's matcher, when it has one. */
  matcher?: string;
  /** The settings file that registered it, relative to the project. */
  settingsFile: string;
  /** The parsed hook input (an empty object when stdin was not JSON). */
  input: Record<string, unknown>;
  /** stdin as received. */
  stdin: string;
  stdout: string;
  stderr: string;
  /** The hook's exit code (128 + signal number when a signal ended it). */
  exitCode: number;
  durationMs: number;
  /** With `capture`: the captured project files as they were before the hook ran (relative path → text). */
  filesBefore?: Record<string, string>;
  /** With `capture`: captured files that were gone after the hook ran. */
  deletedAfter?: string[];
  /** With `capture`: the transcript's text when the hook ran. */
  transcriptBefore?: string;
}

/** What a real-client session left behind; `runClaudeCode` and `runCodex` both return it. */
export interface RealClientRun {
  /** Which client ran. */
  agent: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** The parsed JSON result (`--output-format json`), or null. */
  result: Record<string, unknown> | null;
  /** Every request the scripted model received, in order (model calls and the rest). */
  requests: RecordedRequest[];
  /** How many model calls the session made. */
  modelTurns: number;
  /** True when the scripted turns ran out and the model answered "(script exhausted)". */
  exhausted: boolean;
  /** Every hook run, in the order they started. */
  hookInputs: TappedHookRun[];
  /** The session transcript's JSONL lines, parsed, or null when none was found. */
  transcript: unknown[] | null;
  /** The session id, when the client reported one. */
  sessionId: string | null;
  /** Read a project file after the session (path relative to the project); null when absent. */
  files: (path: string) => string | null;
  /** The project directory. */
  projectDir: string;
  durationMs: number;
}

/** The options every real-client runner takes (runClaudeCode, runCodex). */
export interface RealClientOptions {
  /** The scripted model's turns. Ignored when `model` is given. */
  turns?: Turns;
  /** A scripted model you started yourself (you close it); its requests since the session began are reported. */
  model?: ScriptedModel;
  /** The prompt. Default: "Continue". */
  prompt?: string;
  /** Extra arguments for the client, placed before the prompt. */
  args?: string[];
  /** Extra environment for the client (and so for its hooks); `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Kill the session after this many ms. Default 120000. */
  timeoutMs?: number;
  /** The client binary. Default: node_modules/.bin/<client> above the project or the working directory, else PATH. */
  bin?: string;
  /** Record hook inputs through the tap. Default true. */
  tap?: boolean;
  /**
   * Project files or folders (relative paths) the tap snapshots before each hook runs, with the
   * transcript, so each hook run can become a replayable case (`recordedCases`).
   */
  capture?: string[];
  /** Keep the temporary home (transcripts, logs) and return its path in `home`. Default false. */
  keepHome?: boolean;
}

/** Read a project file after a session (path relative to the project); null when absent. */
export function projectFileReader(root: string): (path: string) => string | null {
  return (path) => {
    try {
      return readFileSync(join(root, path), 'utf8');
    } catch {
      return null;
    }
  };
}

/**
 * Where a client keeps its session transcripts: the files under `root`, at most `depth` folders
 * down, whose path relative to `root` matches `pattern`, in the order the folders list them.
 * [] when `root` does not exist (the session never started).
 */
export function transcriptFiles(root: string, pattern: RegExp, depth: number): string[] {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string, relative: string, level: number): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (level < depth) walk(path, rel, level + 1);
      } else if (pattern.test(rel)) {
        found.push(path);
      }
    }
  };
  walk(root, '', 0);
  return found;
}

/** The client is not installed. */
export class ClientNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientNotFoundError';
  }
}

export function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* not here */
    }
  }
  return null;
}

export function upwards(start: string, relative: string): string | null {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

export function parseJsonl(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        return [];
      }
    });
}

/** What a client process did: its exit, its output, and whether the time limit killed it. */
export interface ClientProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Run an agent CLI to its end in a process group of its own, collecting its output; at
 * `timeoutMs` the whole group (the client and the hooks it started) is killed.
 */
export function runClientProcess(bin: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<ClientProcessResult> {
  return new Promise((resolveRun, reject) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const child = spawn(bin, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolveRun({ code, signal, stdout, stderr, timedOut });
    });
  });
}

