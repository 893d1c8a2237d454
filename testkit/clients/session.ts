/**
 * One real-client session, whichever the agent: find its CLI, give it a home of its own, start
 * the scripted model, wrap the project's hooks in the tap, run the CLI headless to its end, and
 * report what happened as a RealClientRun. Each agent's file (testkit/clients/agents/) says
 * only what differs: its command line, the files it reads, where it writes its transcript.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ClientNotFoundError, onPath, parseJsonl, projectFileReader, runClientProcess, upwards, type RealClientOptions, type RealClientRun, type TappedHookRun } from './real-client.js';
import { installTap } from './tap.js';
import { startScriptedModel, type ProtocolAdapter, type ScriptedModel } from './model/model-server.js';
import { isJsonObject } from '../../src/util/json-text.js';

/** Where an agent's CLI is: node_modules/.bin above `from` or the working directory, else PATH; null when missing. */
export function findBin(name: string, from: string = process.cwd()): string | null {
  return upwards(from, `node_modules/.bin/${name}`) ?? upwards(process.cwd(), `node_modules/.bin/${name}`) ?? onPath(name);
}

/** The CLI to run, or a ClientNotFoundError that says how to install it. */
export function requireBin(name: string, label: string, install: string, projectDir: string, bin?: string): string {
  const found = bin ?? findBin(name, projectDir);
  if (!found || !existsSync(found)) {
    throw new ClientNotFoundError(`${label} is not installed (looked for node_modules/.bin/${name} and ${name} on PATH${bin ? `, and ${bin}` : ''}). Install it: ${install}`);
  }
  return found;
}

/** The first x.y.z in a text (a CLI's `--version`), or null. */
export function versionIn(text: string | null | undefined): string | null {
  return /(\d+\.\d+\.\d+)/.exec(text ?? '')?.[1] ?? null;
}

/**
 * A client's environment: the caller's, without `foreign` (credentials, another session's
 * variables) and without its home, which becomes `home` (and XDG folders in it); loopback
 * bypasses any proxy; then `set`, then the caller's `extra` (`undefined` removes a variable).
 */
export function isolatedEnv(home: string, foreign: RegExp, set: Record<string, string>, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (foreign.test(key) || /^(HOME|XDG_CONFIG_HOME|XDG_DATA_HOME|XDG_STATE_HOME|XDG_CACHE_HOME)$/.test(key)) continue;
    env[key] = value;
  }
  const noProxy = ['127.0.0.1', 'localhost', env.NO_PROXY ?? env.no_proxy].filter(Boolean).join(',');
  Object.assign(env, {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    NO_PROXY: noProxy,
    no_proxy: noProxy,
    ...set,
  });
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** Replace every occurrence of each `from` by its `to` in every string of a JSON-like value. */
export function renameStrings<T>(value: T, renames: [string, string][]): T {
  if (renames.length === 0) return value;
  if (typeof value === 'string') {
    let out: string = value;
    for (const [from, to] of renames) if (out.includes(from)) out = out.split(from).join(to);
    return out as T;
  }
  if (Array.isArray(value)) return value.map((item) => renameStrings(item, renames)) as T;
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameStrings(v, renames)])) as T;
  return value;
}

/** The last line of a CLI's output that is a JSON object (its result), or null. */
export function lastJsonObject(stdout: string): Record<string, unknown> | null {
  const lines = stdout.trim().split('\n').filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const parsed = JSON.parse(lines[i]!) as unknown;
      if (isJsonObject(parsed)) return parsed;
    } catch {
      /* not the result line */
    }
  }
  return null;
}

/** What a finished session left for the agent's file to read: its output and its home. */
export interface SessionOutput {
  home: string;
  root: string;
  stdout: string;
  stderr: string;
  /** [tap command, registered command] pairs. */
  renames: [string, string][];
}

/** What an agent's file reads from a finished session. */
export interface SessionFindings {
  result: Record<string, unknown> | null;
  sessionId: string | null;
  /** The transcript's path, read as JSONL (tap commands put back to the registered ones). */
  transcriptPath: string | null;
  /** stderr as the report shows it (default: as printed). */
  stderr?: string;
  /** Extra fields of the run (a client's own logs, say). */
  extra?: Record<string, unknown>;
}

/** How one agent's CLI runs a headless session. */
export interface AgentSession {
  agent: string;
  /** The CLI, found already. */
  bin: string;
  /** The scripted model's wire protocol (when the caller brings no model). */
  protocol: string | ProtocolAdapter;
  /** Prefix of the temporary home's name. */
  homePrefix: string;
  /** The folder the temporary home is made in (default: the system's temporary folder). */
  homeParent?: string;
  /** Project files whose hooks the tap wraps (Claude Code's shape), relative to the project. */
  tappedFiles: readonly string[] | ((root: string) => string[]);
  /** The agent's event names, reported under Claude Code's (AfterAgent → Stop). */
  eventNames?: Readonly<Record<string, string>>;
  /**
   * Before the tap: write the home's own files, get ready. Returns the command line (with the
   * caller's `args` where the agent takes them) and the environment (the caller's `env` goes over it).
   */
  prepare(home: string, root: string, model: ScriptedModel): { args: string[]; env: NodeJS.ProcessEnv } | Promise<{ args: string[]; env: NodeJS.ProcessEnv }>;
  /**
   * Around the tap: before it, for hook files the tap cannot wrap as they are (returns what to
   * undo afterwards); after it (tap or not), a step that needs the hooks as the session sees them,
   * returning more [tap, registered] pairs.
   */
  beforeTap?(root: string): { undo(): void; renameHook?(hook: string): string } | null;
  afterTap?(root: string, workDir: string, home: string): [string, string][] | Promise<[string, string][]>;
  /** Read the result, the session id and the transcript. */
  collect(output: SessionOutput): SessionFindings;
}

/**
 * Run one session of an agent in `projectDir` against a scripted model and report what
 * happened. The project is used as it is (write its files first); the hook files are wrapped by
 * the tap during the session and restored byte for byte.
 */
export async function runAgentSession(projectDir: string, options: RealClientOptions, session: AgentSession): Promise<RealClientRun & { home?: string }> {
  const root = resolve(projectDir);
  if (session.homeParent) mkdirSync(session.homeParent, { recursive: true });
  const home = mkdtempSync(join(session.homeParent ?? tmpdir(), session.homePrefix));
  const ownModel = !options.model;
  const model = options.model ?? (await startScriptedModel({ protocol: session.protocol, turns: options.turns ?? [] }));
  const requestsBefore = model.requests.length;
  const turnsBefore = model.modelTurns;
  const workDir = join(home, 'tap-work');
  mkdirSync(workDir, { recursive: true });
  let prepared: ReturnType<NonNullable<AgentSession['beforeTap']>> = null;
  let tap: ReturnType<typeof installTap> | null = null;
  try {
    const { args, env } = await session.prepare(home, root, model);
    if (options.tap !== false) {
      prepared = session.beforeTap?.(root) ?? null;
      const files = typeof session.tappedFiles === 'function' ? session.tappedFiles(root) : session.tappedFiles;
      tap = installTap(root, workDir, options.capture, files);
    }
    const renames = [...(tap?.renames ?? []), ...((await session.afterTap?.(root, workDir, home)) ?? [])];
    const started = Date.now();
    const run = await runClientProcess(session.bin, args, {
      cwd: root,
      env: withOverrides(env, options.env),
      timeoutMs: options.timeoutMs ?? 120_000,
    });
    const durationMs = Date.now() - started;
    const found = session.collect({ home, root, stdout: run.stdout, stderr: run.stderr, renames });
    const transcript = found.transcriptPath ? renameStrings(parseJsonl(readFileSync(found.transcriptPath, 'utf8')), renames) : null;
    const renameHook = prepared?.renameHook ?? ((hook: string) => hook);
    const eventNames = session.eventNames ?? {};
    const hookInputs = (tap?.collect() ?? []).map((hookRun): TappedHookRun => ({ ...hookRun, event: eventNames[hookRun.event] ?? hookRun.event, hook: renameHook(hookRun.hook) }));
    return {
      agent: session.agent,
      exitCode: run.code,
      signal: run.signal,
      timedOut: run.timedOut,
      stdout: run.stdout,
      stderr: found.stderr ?? run.stderr,
      result: renameStrings(found.result, renames),
      requests: model.requests.slice(requestsBefore).map((request) => renameRequest(request, renames)),
      modelTurns: model.modelTurns - turnsBefore,
      exhausted: model.exhausted,
      hookInputs,
      transcript,
      sessionId: found.sessionId,
      files: projectFileReader(root),
      projectDir: root,
      durationMs,
      ...found.extra,
      ...(options.keepHome ? { home } : {}),
    };
  } finally {
    tap?.restore();
    prepared?.undo();
    if (ownModel) await model.close();
    if (!options.keepHome) rmSync(home, { recursive: true, force: true });
  }
}

/** `env` with the caller's variables over it; `undefined` removes one. */
function withOverrides(env: NodeJS.ProcessEnv, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

/** A request with the tap's commands put back to the registered ones (clients quote hook commands to the model). */
function renameRequest<T extends { body: unknown; raw: string }>(request: T, renames: [string, string][]): T {
  if (renames.length === 0) return request;
  const inJson = renames.map(([a, b]): [string, string] => [JSON.stringify(a).slice(1, -1), JSON.stringify(b).slice(1, -1)]);
  return { ...request, body: renameStrings(request.body, renames), raw: renameStrings(request.raw, inJson) };
}
