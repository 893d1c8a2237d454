/**
 * Run the real Factory droid CLI against a scripted model: `droid exec --auto high -m
 * custom:<model> -o json PROMPT` in a project, isolated (a temporary HOME and XDG folders whose
 * ~/.factory/settings.json holds one `customModels` entry, provider "anthropic", pointing at the
 * loopback Messages API server with a dummy key; Factory and Anthropic credentials removed from
 * the environment; airgap mode on, so no auto-update, telemetry, OTEL export, org settings,
 * plugin or changelog fetch: the only connection is the one to 127.0.0.1), with the same tap on
 * every hook the project registers in .factory/settings.json as `runClaudeCode` has, restored
 * byte for byte afterwards.
 *
 * Measured with droid 0.215.0: hooks are read from the `hooks` key of .factory/settings.json
 * (Claude Code's shape and event names, `timeout` in seconds), looked up from the working
 * directory to the git root, and from ~/.factory/settings.json; never from .claude/settings.json,
 * settings.local.json or .factory/hooks.json. No trust prompt, no first-run prompt.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ClientNotFoundError, installTap, onPath, parseJsonl, projectFileReader, runClientProcess, upwards, type RealClientOptions, type RealClientRun, type TappedHookRun } from './claude-code.js';
import { startScriptedModel } from './model-server.js';

export const DROID_INSTALL = 'npm i -D droid';
/** The files the tap wraps in a droid project (droid reads no other project hook file). */
export const DROID_TAPPED_FILES = ['.factory/settings.json'];
/** The custom model's name: the run passes `-m custom:<name>`. */
export const DROID_MODEL = 'claude-scripted';
/** A key that only the scripted model accepts. */
export const DUMMY_DROID_KEY = 'sk-ant-api03-scripted-model-offline-droid-00000000';

/**
 * The environment that keeps droid on loopback (0.215.0): airgap mode skips auto-update, the
 * org settings and feature-flag fetches, telemetry and OTEL export; the others are belt and braces.
 */
export const DROID_OFFLINE_ENV: Readonly<Record<string, string>> = {
  FACTORY_AIRGAP_ENABLED: 'true',
  FACTORY_DROID_AUTO_UPDATE_ENABLED: 'false',
  FACTORY_DISABLE_DYNAMIC_CONFIG: 'true',
  OTEL_SDK_DISABLED: 'true',
};

/** droid's hook event names that differ from Claude Code's (none in 0.215.0: it sends Claude's names). */
const EVENT_NAMES: Record<string, string> = {};

export interface RunDroidOptions extends RealClientOptions {
  /** `--auto`. Default: high (the only level that runs `echo ok > file` without asking). */
  auto?: 'low' | 'medium' | 'high';
  /** Extra keys merged into $HOME/.factory/settings.json (user-level hooks, say); `customModels` is the runner's. */
  settings?: Record<string, unknown>;
  /** Ignored (Claude Code's option; scenarios pass it to every client). */
  allowedTools?: string[];
}

/** Where `droid` is: node_modules/.bin above `from` or the working directory, else PATH; null when missing. */
export function findDroid(from: string = process.cwd()): string | null {
  return upwards(from, 'node_modules/.bin/droid') ?? upwards(process.cwd(), 'node_modules/.bin/droid') ?? onPath('droid');
}

/** The installed droid's version ("0.215.0"), or null when it is missing or does not answer. */
export function droidVersion(bin: string | null = findDroid()): string | null {
  if (!bin) return null;
  // droid writes ~/.factory on any start, --version included: give it a home of its own.
  const home = mkdtempSync(join(tmpdir(), 'ralph-hooks-droid-version-'));
  try {
    const out = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env: clientEnv(home) });
    const match = /(\d+\.\d+\.\d+)/.exec(out.stdout ?? '');
    return match ? match[1] : null;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function requireDroid(projectDir: string, bin?: string): string {
  const found = bin ?? findDroid(projectDir);
  if (!found || !existsSync(found)) {
    throw new ClientNotFoundError(
      `Factory droid is not installed (looked for node_modules/.bin/droid and droid on PATH${bin ? `, and ${bin}` : ''}). Install it: ${DROID_INSTALL}`,
    );
  }
  return found;
}

/** $HOME/.factory/settings.json for a scripted run: one custom model on the loopback server. */
export function droidHomeSettings(modelUrl: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...extra,
    customModels: [
      {
        model: DROID_MODEL,
        displayName: 'Scripted model',
        baseUrl: modelUrl,
        apiKey: DUMMY_DROID_KEY,
        provider: 'anthropic',
        maxOutputTokens: 4096,
      },
    ],
  };
}

/** The client's environment: the caller's, minus anything that would reach a real account or another session. */
function clientEnv(home: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(FACTORY_|FACTORYD_|DROID_|ANTHROPIC_|CLAUDE_|CLAUDECODE$|OPENAI_|AZURE_OPENAI|GEMINI_|GOOGLE_|AWS_BEARER_TOKEN_BEDROCK|VERTEX_|OTEL_|WORKOS_)/.test(key)) continue;
    if (/^(HOME|XDG_CONFIG_HOME|XDG_DATA_HOME|XDG_STATE_HOME|XDG_CACHE_HOME)$/.test(key)) continue;
    env[key] = value;
  }
  const noProxy = ['127.0.0.1', 'localhost', env.NO_PROXY ?? env.no_proxy].filter(Boolean).join(',');
  Object.assign(env, {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    ...DROID_OFFLINE_ENV,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
  });
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** The session's JSONL: ~/.factory/sessions/<cwd with / as ->/<session id>.jsonl. */
function findTranscript(home: string, sessionId: string | null): string | null {
  const sessions = join(home, '.factory/sessions');
  if (!existsSync(sessions)) return null;
  const found: string[] = [];
  for (const dir of readdirSync(sessions, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const entry of readdirSync(join(sessions, dir.name))) if (entry.endsWith('.jsonl')) found.push(join(sessions, dir.name, entry));
  }
  return (sessionId ? found.find((p) => p.endsWith(`/${sessionId}.jsonl`)) : undefined) ?? found.sort().pop() ?? null;
}

/** `-o json` prints one result object: {type:"result", subtype, is_error, result, session_id, num_turns, usage…}. */
function resultOf(stdout: string): Record<string, unknown> | null {
  const lines = stdout.trim().split('\n').filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const parsed = JSON.parse(lines[i]) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      /* not the result line */
    }
  }
  return null;
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
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameStrings(v, renames)])) as T;
  }
  return value;
}

function normaliseEvent(run: TappedHookRun): TappedHookRun {
  const event = EVENT_NAMES[run.event];
  return event ? { ...run, event } : run;
}

/**
 * Run `droid exec` in `projectDir` against a scripted model and report what happened. The
 * project is used as it is (write its files first); .factory/settings.json is wrapped by the tap
 * during the session and restored byte for byte.
 */
export async function runDroid(projectDir: string, options: RunDroidOptions = {}): Promise<RealClientRun & { home?: string }> {
  const bin = requireDroid(projectDir, options.bin);
  const root = resolve(projectDir);
  const home = mkdtempSync(join(tmpdir(), 'ralph-hooks-droid-'));
  const ownModel = !options.model;
  const model = options.model ?? (await startScriptedModel({ protocol: 'messages', turns: options.turns ?? [] }));
  const requestsBefore = model.requests.length;
  const turnsBefore = model.modelTurns;
  mkdirSync(join(home, '.factory'), { recursive: true });
  writeFileSync(join(home, '.factory/settings.json'), `${JSON.stringify(droidHomeSettings(model.url, options.settings), null, 2)}\n`);
  mkdirSync(join(home, 'tap-work'), { recursive: true });
  const tap = options.tap === false ? null : installTap(root, join(home, 'tap-work'), options.capture, DROID_TAPPED_FILES);
  const started = Date.now();
  const args = ['exec', '--auto', options.auto ?? 'high', '-m', `custom:${DROID_MODEL}`, '-o', 'json', ...(options.args ?? []), options.prompt ?? 'Continue'];
  try {
    const { code, signal, stdout, stderr, timedOut } = await runClientProcess(bin, args, {
      cwd: root,
      env: clientEnv(home, options.env),
      timeoutMs: options.timeoutMs ?? 120_000,
    });
    const result = resultOf(stdout);
    const sessionId = typeof result?.session_id === 'string' ? result.session_id : null;
    const transcriptPath = findTranscript(home, sessionId);
    // droid writes each hook run into the transcript with its command: put the registered command back.
    const renames = tap?.renames ?? [];
    const transcript = transcriptPath ? renameStrings(parseJsonl(readFileSync(transcriptPath, 'utf8')), renames) : null;
    return {
      agent: 'droid',
      exitCode: code,
      signal,
      timedOut,
      stdout,
      stderr,
      result,
      requests: model.requests.slice(requestsBefore),
      modelTurns: model.modelTurns - turnsBefore,
      exhausted: model.exhausted,
      hookInputs: tap ? tap.collect().map(normaliseEvent) : [],
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
