/**
 * Run the real Claude Code headless against a scripted model: `claude -p PROMPT
 * --output-format json` in a project, isolated (its own HOME and config folder in a temporary
 * folder, no network but the loopback model, a dummy API key), with a tap on every hook the
 * project registers. The tap wraps each registered hook command for the length of the session,
 * records the input the hook received and what it answered, and puts the settings file back
 * byte for byte afterwards.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { startScriptedModel, type RecordedRequest, type ScriptedModel, type Turns } from './model-server.js';

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

export interface RunClaudeCodeOptions extends RealClientOptions {
  /** Tools allowed without a prompt (`--allowedTools`). Default: Bash, Edit, Write, Read, Glob, Grep. */
  allowedTools?: string[];
  /** `--permission-mode`. Default: "default" (the allowed tools run, nothing else asks). */
  permissionMode?: 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions' | 'dontAsk';
  /** `--max-turns`, when set. */
  maxTurns?: number;
}

/** The client is not installed. */
export class ClientNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientNotFoundError';
  }
}

export const CLAUDE_CODE_INSTALL = 'npm i -D @anthropic-ai/claude-code';
export const DEFAULT_ALLOWED_TOOLS = ['Bash', 'Edit', 'Write', 'Read', 'Glob', 'Grep'];
/** A key that only the scripted model accepts. */
export const DUMMY_ANTHROPIC_KEY = 'sk-ant-api03-scripted-model-offline-0000000000000000';

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

/** Where `claude` is: node_modules/.bin above `from` or the working directory, else PATH; null when missing. */
export function findClaudeCode(from: string = process.cwd()): string | null {
  return upwards(from, 'node_modules/.bin/claude') ?? upwards(process.cwd(), 'node_modules/.bin/claude') ?? onPath('claude');
}

/** The installed Claude Code's version ("2.1.328"), or null when it is missing or does not answer. */
export function claudeCodeVersion(bin: string | null = findClaudeCode()): string | null {
  if (!bin) return null;
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' } });
  const match = /(\d+\.\d+\.\d+)/.exec(out.stdout ?? '');
  return match ? match[1] : null;
}

function requireClaude(projectDir: string, bin?: string): string {
  const found = bin ?? findClaudeCode(projectDir);
  if (!found || !existsSync(found)) {
    throw new ClientNotFoundError(
      `Claude Code is not installed (looked for node_modules/.bin/claude and claude on PATH${bin ? `, and ${bin}` : ''}). Install it: ${CLAUDE_CODE_INSTALL}`,
    );
  }
  return found;
}

const shq = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The tap: runs the original handler with the same stdin and environment, records both sides. */
const TAP_SCRIPT = `import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:os';
const [configPath, id] = process.argv.slice(2);
const config = JSON.parse(readFileSync(configPath, 'utf8'));
const handler = config.handlers[id];
import { existsSync, readdirSync, statSync } from 'node:fs';
const started = process.hrtime.bigint();
const t0 = Date.now();
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const stdin = Buffer.concat(chunks);
let input = {};
try { const parsed = JSON.parse(stdin.toString('utf8')); if (parsed && typeof parsed === 'object') input = parsed; } catch {}
let filesBefore;
let transcriptBefore;
if (Array.isArray(config.capture) && config.capture.length) {
  filesBefore = {};
  let budget = 1000000;
  const add = (absolute, rel) => {
    try {
      const stat = statSync(absolute);
      if (stat.isDirectory()) { for (const entry of readdirSync(absolute)) add(join(absolute, entry), rel + '/' + entry); return; }
      if (stat.size > budget) return;
      budget -= stat.size;
      filesBefore[rel] = readFileSync(absolute, 'utf8');
    } catch {}
  };
  for (const rel of config.capture) add(join(config.projectDir, rel), rel.replace(/[/]+$/, ''));
  try { if (typeof input.transcript_path === 'string' && existsSync(input.transcript_path)) transcriptBefore = readFileSync(input.transcript_path, 'utf8'); } catch {}
}
const child = Array.isArray(handler.args)
  ? spawn(handler.command, handler.args, { stdio: ['pipe', 'pipe', 'pipe'] })
  : spawn(handler.shell === 'bash' ? 'bash' : 'sh', ['-c', handler.command], { stdio: ['pipe', 'pipe', 'pipe'] });
const out = [];
const err = [];
child.stdout.on('data', (c) => out.push(c));
child.stderr.on('data', (c) => err.push(c));
child.stdin.on('error', () => {});
child.stdin.end(stdin);
let spawnError = null;
child.on('error', (e) => { spawnError = e; });
child.on('close', (code, signal) => {
  const stdout = Buffer.concat(out);
  const stderrBuf = Buffer.concat(err);
  const stderr = spawnError ? Buffer.concat([stderrBuf, Buffer.from(String(spawnError.message) + '\\n')]) : stderrBuf;
  const exitCode = code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : spawnError ? 127 : 1);
  const record = {
    seq: started.toString(), hook: handler.original, event: typeof input.hook_event_name === 'string' ? input.hook_event_name : handler.event,
    matcher: handler.matcher, settingsFile: handler.settingsFile, input, stdin: stdin.toString('utf8'),
    stdout: stdout.toString('utf8'), stderr: stderr.toString('utf8'), exitCode, durationMs: Date.now() - t0,
  };
  if (filesBefore) {
    record.filesBefore = filesBefore;
    record.deletedAfter = Object.keys(filesBefore).filter((rel) => !existsSync(join(config.projectDir, rel)));
    if (transcriptBefore !== undefined) record.transcriptBefore = transcriptBefore;
  }
  writeFileSync(join(config.out, started.toString().padStart(24, '0') + '-' + process.pid + '.json'), JSON.stringify(record));
  process.stdout.write(stdout, () => {
    process.stderr.write(stderr, () => { process.exit(exitCode); });
  });
});
`;

interface TapHandler {
  original: string;
  command: string;
  args?: unknown[];
  shell?: string;
  event: string;
  matcher?: string;
  settingsFile: string;
}

/** The settings files of a project whose hooks the tap wraps. */
export const TAPPED_SETTINGS = ['.claude/settings.json', '.claude/settings.local.json'];

/** A project holding this manifest is a Claude Code plugin; its hooks are in PLUGIN_HOOKS. */
const PLUGIN_MANIFEST = '.claude-plugin/plugin.json';
const PLUGIN_HOOKS = 'hooks/hooks.json';

export interface InstalledTap {
  restore(): void;
  collect(): TappedHookRun[];
  /** [tap command, registered command] pairs, to put the registered commands back into what was recorded. */
  renames: [string, string][];
}

/** Replace every occurrence of each `from` by its `to` in every string of a JSON-like value. */
function renameStrings<T>(value: T, renames: [string, string][]): T {
  if (renames.length === 0) return value;
  if (typeof value === 'string') {
    let out: string = value;
    for (const [from, to] of renames) if (out.includes(from)) out = out.split(from).join(to);
    return out as T;
  }
  if (Array.isArray(value)) return value.map((item) => renameStrings(item, renames)) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameStrings(v, renames)])) as T;
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Wrap every command hook registered in the project's settings; `restore()` puts the bytes back. */
export function installTap(projectDir: string, workDir: string, capture: string[] = [], settingsFiles: readonly string[] = TAPPED_SETTINGS): InstalledTap {
  const out = join(workDir, 'tap');
  mkdirSync(out, { recursive: true });
  const script = join(workDir, 'tap.mjs');
  const configPath = join(workDir, 'tap.json');
  writeFileSync(script, TAP_SCRIPT);
  const handlers: Record<string, TapHandler> = {};
  const originals: { path: string; bytes: Buffer }[] = [];
  const renames: [string, string][] = [];
  let n = 0;
  for (const relative of settingsFiles) {
    const path = join(projectDir, relative);
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    let settings: unknown;
    try {
      settings = JSON.parse(bytes.toString('utf8'));
    } catch {
      continue; // the client reports a broken settings file itself
    }
    if (!isObject(settings) || !isObject(settings.hooks)) continue;
    let wrapped = false;
    for (const [event, groups] of Object.entries(settings.hooks)) {
      if (!Array.isArray(groups)) continue;
      for (const group of groups) {
        if (!isObject(group) || !Array.isArray(group.hooks)) continue;
        for (const handler of group.hooks) {
          if (!isObject(handler) || handler.type !== 'command' || typeof handler.command !== 'string') continue;
          const id = `h${++n}`;
          handlers[id] = {
            original: handler.command,
            command: handler.command,
            args: Array.isArray(handler.args) ? handler.args : undefined,
            shell: typeof handler.shell === 'string' ? handler.shell : undefined,
            event,
            matcher: typeof group.matcher === 'string' ? group.matcher : undefined,
            settingsFile: relative,
          };
          const wrapper = [process.execPath, script, configPath, id].map(shq).join(' ');
          handler.command = wrapper;
          renames.push([wrapper, handlers[id].original]);
          delete handler.args;
          delete handler.shell;
          wrapped = true;
        }
      }
    }
    if (!wrapped) continue;
    originals.push({ path, bytes });
    writeFileSync(path, `${JSON.stringify(settings, null, 2)}\n`);
  }
  writeFileSync(configPath, JSON.stringify({ out, handlers, capture, projectDir }));
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    for (const { path, bytes } of originals) writeFileSync(path, bytes);
    process.removeListener('exit', restore);
  };
  process.on('exit', restore);
  return {
    restore,
    renames,
    collect: () =>
      readdirSync(out)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => {
          const { seq: _seq, ...record } = JSON.parse(readFileSync(join(out, f), 'utf8')) as TappedHookRun & { seq: string };
          if (record.matcher === undefined || record.matcher === null) delete record.matcher;
          return record;
        }),
  };
}

function findTranscript(configDir: string, sessionId: string | null): string | null {
  const projects = join(configDir, 'projects');
  if (!existsSync(projects)) return null;
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 4) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, depth + 1);
      else if (entry.name.endsWith('.jsonl')) found.push(path);
    }
  };
  walk(projects, 0);
  if (sessionId) {
    const exact = found.find((p) => p.endsWith(`/${sessionId}.jsonl`));
    if (exact) return exact;
  }
  return found.find((p) => !p.includes('/subagents/')) ?? null;
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

/** The client's environment: the caller's, minus anything that would reach a real account or another session. */
function clientEnv(home: string, url: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(ANTHROPIC_|CLAUDE_|CLAUDECODE$|AWS_BEARER_TOKEN_BEDROCK|VERTEX_|OTEL_)/.test(key)) continue;
    if (/^(HOME|XDG_CONFIG_HOME|XDG_DATA_HOME|XDG_STATE_HOME|XDG_CACHE_HOME)$/.test(key)) continue;
    env[key] = value;
  }
  const noProxy = ['127.0.0.1', 'localhost', env.NO_PROXY ?? env.no_proxy].filter(Boolean).join(',');
  Object.assign(env, {
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: DUMMY_ANTHROPIC_KEY,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    NO_PROXY: noProxy,
    no_proxy: noProxy,
  });
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
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

/**
 * Run `claude -p` in `projectDir` against a scripted model and report what happened. The
 * project is used as it is (write its files first); its settings files are wrapped by the tap
 * during the session and restored byte for byte.
 */
export async function runClaudeCode(projectDir: string, options: RunClaudeCodeOptions = {}): Promise<RealClientRun & { home?: string }> {
  const bin = requireClaude(projectDir, options.bin);
  const root = resolve(projectDir);
  const home = mkdtempSync(join(tmpdir(), 'ralph-hooks-claude-'));
  mkdirSync(join(home, '.claude'), { recursive: true });
  const ownModel = !options.model;
  const model = options.model ?? (await startScriptedModel({ protocol: 'messages', turns: options.turns ?? [] }));
  const requestsBefore = model.requests.length;
  const turnsBefore = model.modelTurns;
  // A Claude Code plugin (target claude-plugin) registers its hooks in hooks/hooks.json, which
  // the client reads only for a loaded plugin: load the project as one.
  const plugin = existsSync(join(root, PLUGIN_MANIFEST));
  const tap = options.tap === false ? null : installTap(root, home, options.capture, plugin ? [...TAPPED_SETTINGS, PLUGIN_HOOKS] : TAPPED_SETTINGS);
  const started = Date.now();
  const args = [
    ...(options.args ?? []),
    ...(plugin ? ['--plugin-dir', root] : []),
    '-p',
    options.prompt ?? 'Continue',
    '--output-format',
    'json',
    '--permission-mode',
    options.permissionMode ?? 'default',
    '--allowedTools',
    (options.allowedTools ?? DEFAULT_ALLOWED_TOOLS).join(' ') || '""',
  ];
  if (options.maxTurns !== undefined) args.push('--max-turns', String(options.maxTurns));
  try {
    const { code, signal, stdout, stderr, timedOut } = await runClientProcess(bin, args, {
      cwd: root,
      env: clientEnv(home, model.url, options.env),
      timeoutMs: options.timeoutMs ?? 120_000,
    });
    let result: Record<string, unknown> | null = null;
    try {
      const parsed = JSON.parse(stdout.trim().split('\n').filter(Boolean).pop() ?? '') as unknown;
      if (isObject(parsed)) result = parsed;
    } catch {
      result = null;
    }
    const sessionId = typeof result?.session_id === 'string' ? result.session_id : null;
    const transcriptPath = findTranscript(join(home, '.claude'), sessionId);
    // Claude Code names the hook command in some messages ("hook blocking error from command: …");
    // the tap's wrapper is put back to the registered command so what is read matches a run without the tap.
    const renames = tap?.renames ?? [];
    const transcript = transcriptPath ? renameStrings(parseJsonl(readFileSync(transcriptPath, 'utf8')), renames) : null;
    const hookInputs = tap ? tap.collect() : [];
    const requests = model.requests.slice(requestsBefore).map((request) =>
      renames.length === 0
        ? request
        : { ...request, body: renameStrings(request.body, renames), raw: renameStrings(request.raw, renames.map(([a, b]) => [JSON.stringify(a).slice(1, -1), JSON.stringify(b).slice(1, -1)])) },
    );
    return {
      agent: 'claude-code',
      exitCode: code,
      signal,
      timedOut,
      stdout,
      stderr,
      result,
      requests,
      modelTurns: model.modelTurns - turnsBefore,
      exhausted: model.exhausted,
      hookInputs,
      transcript,
      sessionId,
      files: projectFileReader(root),
      projectDir: root,
      durationMs: Date.now() - started,
      ...(options.keepHome ? { home } : {}),
    };
  } finally {
    tap?.restore();
    if (ownModel) await model.close();
    if (!options.keepHome) rmSync(home, { recursive: true, force: true });
  }
}
