/**
 * Run the real Qwen Code CLI headless against a scripted model: `qwen --yolo --output-format
 * json PROMPT` in a project, isolated (its own HOME and XDG folders in a temporary folder whose
 * ~/.qwen/settings.json turns off update checks, usage statistics and telemetry, no system
 * settings, no credentials from the caller's environment, a dummy key), with the same tap on
 * every hook the project registers in .qwen/settings.json as `runClaudeCode` has, restored byte
 * for byte afterwards (Qwen Code adds `"$version": 4` to a settings file that lacks it; the
 * restore undoes that too).
 *
 * Wire protocols: 'messages' (default): `--auth-type anthropic -m <model>` with
 * ANTHROPIC_BASE_URL/ANTHROPIC_API_KEY, the Messages API; 'chat-completions': `--auth-type
 * openai` with OPENAI_BASE_URL/OPENAI_API_KEY/OPENAI_MODEL, streaming Chat Completions.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ClientNotFoundError, installTap, onPath, parseJsonl, projectFileReader, runClientProcess, upwards, type RealClientOptions, type RealClientRun, type TappedHookRun } from './claude-code.js';
import { chatCompletionsApi, withChatCompletions } from './chat-completions-api.js';
import { messagesConversation, registerConversationReader, type ConversationReader } from './conversation.js';
import { startScriptedModel } from './model-server.js';

export const QWEN_CODE_INSTALL = 'npm i -D @qwen-code/qwen-code';
/** The files the tap wraps in a Qwen Code project. */
export const QWEN_CODE_TAPPED_FILES = ['.qwen/settings.json'];
/** The model name the session asks for. */
export const QWEN_CODE_MODEL = 'scripted';
/** A key that only the scripted model accepts. */
export const QWEN_CODE_DUMMY_KEY = 'sk-scripted-model-offline-0000000000000000';

/** The model wire protocol a Qwen Code session uses. */
export type QwenCodeWire = 'messages' | 'chat-completions';

export interface RunQwenCodeOptions extends RealClientOptions {
  /** 'messages' (default): `--auth-type anthropic`, the Messages API; 'chat-completions': `--auth-type openai`. */
  wire?: QwenCodeWire;
  /** Extra keys merged into the temporary ~/.qwen/settings.json (user scope). */
  userSettings?: Record<string, unknown>;
  /** `--approval-mode`. Default: yolo (every tool runs without asking, like Claude Code's allowed tools). */
  approvalMode?: 'plan' | 'default' | 'auto-edit' | 'auto' | 'yolo';
  /** Ignored (Claude Code's option; scenarios pass it to every client). */
  allowedTools?: string[];
}

/** Where `qwen` is: node_modules/.bin above `from` or the working directory, else PATH; null when missing. */
export function findQwenCode(from: string = process.cwd()): string | null {
  return upwards(from, 'node_modules/.bin/qwen') ?? upwards(process.cwd(), 'node_modules/.bin/qwen') ?? onPath('qwen');
}

/** The installed Qwen Code's version ("0.24.4"), or null when it is missing or does not answer. */
export function qwenCodeVersion(bin: string | null = findQwenCode()): string | null {
  if (!bin) return null;
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const match = /(\d+\.\d+\.\d+)/.exec(out.stdout ?? '');
  return match ? match[1] : null;
}

function requireQwenCode(projectDir: string, bin?: string): string {
  const found = bin ?? findQwenCode(projectDir);
  if (!found || !existsSync(found)) {
    throw new ClientNotFoundError(
      `Qwen Code is not installed (looked for node_modules/.bin/qwen and qwen on PATH${bin ? `, and ${bin}` : ''}). Install it: ${QWEN_CODE_INSTALL}`,
    );
  }
  return found;
}

/** ~/.qwen/settings.json for a scripted run: nothing reaching out. `$version` is written so Qwen Code leaves the file alone. */
export function qwenCodeUserSettings(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    $version: 4,
    general: { enableAutoUpdate: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    ...extra,
  };
}

/** Credentials and session state of any model provider or agent that must not reach the client. */
const FOREIGN_ENV =
  /^(ANTHROPIC_|OPENAI_|QWEN_|DASHSCOPE_|BAILIAN_|MODELSCOPE_|OPENROUTER_|GEMINI_|GOOGLE_|VERTEX_|AZURE_OPENAI|AWS_BEARER_TOKEN_BEDROCK|CLAUDE_|CLAUDECODE$|CODEX_|OTEL_|TRACEPARENT$)/;

/** The client's environment: the caller's, minus anything that would reach a real account or another session. */
function clientEnv(home: string, url: string, wire: QwenCodeWire, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (FOREIGN_ENV.test(key)) continue;
    if (/^(HOME|XDG_CONFIG_HOME|XDG_DATA_HOME|XDG_STATE_HOME|XDG_CACHE_HOME|XDG_RUNTIME_DIR)$/.test(key)) continue;
    env[key] = value;
  }
  const noProxy = ['127.0.0.1', 'localhost', env.NO_PROXY ?? env.no_proxy].filter(Boolean).join(',');
  Object.assign(env, {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    // No machine-wide settings (/etc/qwen-code/…): only the temporary user settings and the project's.
    QWEN_CODE_SYSTEM_SETTINGS_PATH: join(home, 'system-settings.json'),
    QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(home, 'system-defaults.json'),
    QWEN_CODE_TRUSTED_FOLDERS_PATH: join(home, '.qwen/trustedFolders.json'),
    QWEN_USAGE_STATISTICS_ENABLED: 'false',
    QWEN_TELEMETRY_ENABLED: 'false',
    QWEN_CODE_DISABLE_PRECONNECT: '1',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    NO_PROXY: noProxy,
    no_proxy: noProxy,
  });
  if (wire === 'chat-completions') {
    Object.assign(env, { OPENAI_BASE_URL: `${url}/v1`, OPENAI_API_KEY: QWEN_CODE_DUMMY_KEY, OPENAI_MODEL: QWEN_CODE_MODEL });
  } else {
    Object.assign(env, { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: QWEN_CODE_DUMMY_KEY });
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `--output-format json` answer: an array of events whose last is `{type: "result", result, session_id, …}`. */
export function qwenCodeResult(stdout: string): Record<string, unknown> | null {
  const trimmed = stdout.trim();
  if (trimmed === '') return null;
  let events: unknown[] = [];
  try {
    const parsed = JSON.parse(trimmed) as unknown;
    events = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    // Cut short (killed) or printed line by line: take what parses.
    events = parseJsonl(trimmed).flatMap((line) => (Array.isArray(line) ? line : [line]));
  }
  const objects = events.filter(isObject);
  const result = [...objects].reverse().find((event) => event.type === 'result');
  if (result) return result;
  if (objects.length === 0) return null;
  // No result event: sum up what there is, like Codex's runner does.
  let sessionId: string | null = null;
  let last: string | null = null;
  for (const event of objects) {
    if (typeof event.session_id === 'string') sessionId = event.session_id;
    const message = isObject(event.message) ? event.message : null;
    if (event.type === 'assistant' && message && Array.isArray(message.content)) {
      const text = message.content
        .filter((block): block is Record<string, unknown> => isObject(block) && block.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text as string)
        .join('');
      if (text) last = text;
    }
  }
  return { type: 'result', subtype: 'incomplete', session_id: sessionId, result: last, events: objects };
}

/** ~/.qwen/projects/<project slug>/chats/<session id>.jsonl (0.24.4); the newest chat when the id is unknown. */
export function findQwenCodeTranscript(home: string, sessionId: string | null): string | null {
  const projects = join(home, '.qwen/projects');
  if (!existsSync(projects)) return null;
  const found: string[] = [];
  for (const project of readdirSync(projects)) {
    const chats = join(projects, project, 'chats');
    if (!existsSync(chats)) continue;
    for (const file of readdirSync(chats)) if (file.endsWith('.jsonl')) found.push(join(chats, file));
  }
  if (sessionId) {
    const exact = found.find((path) => path.endsWith(`/${sessionId}.jsonl`));
    if (exact) return exact;
  }
  return found.sort().pop() ?? null;
}

/** What the model saw in a Qwen Code session, over either wire (registered for agent "qwen-code"). */
export const qwenCodeConversation: ConversationReader = withChatCompletions(messagesConversation);
registerConversationReader('qwen-code', qwenCodeConversation);

/** The text of the last assistant message of a Qwen Code transcript (`{type: "assistant", message: {role: "model", parts: [{text}]}}`), or null. */
export function qwenCodeLastAssistantText(transcript: unknown[]): string | null {
  for (let i = transcript.length - 1; i >= 0; i--) {
    const record = transcript[i];
    if (!isObject(record) || record.type !== 'assistant' || !isObject(record.message) || !Array.isArray(record.message.parts)) continue;
    const texts = record.message.parts.filter((part): part is { text: string } => isObject(part) && typeof part.text === 'string' && part.thought !== true);
    if (texts.length) return texts.map((part) => part.text).join('');
  }
  return null;
}

/** Qwen Code's hook event names, where they differ from Claude Code's (none in 0.24.4: it uses Claude's). */
const EVENT_NAMES: Record<string, string> = {};

function normaliseEvent(run: TappedHookRun): TappedHookRun {
  const event = EVENT_NAMES[run.event];
  return event ? { ...run, event } : run;
}

/**
 * Run `qwen --yolo` in `projectDir` against a scripted model and report what happened. The
 * project is used as it is (write its files first); .qwen/settings.json is wrapped by the tap
 * during the session and restored byte for byte.
 */
export async function runQwenCode(projectDir: string, options: RunQwenCodeOptions = {}): Promise<RealClientRun & { home?: string }> {
  const bin = requireQwenCode(projectDir, options.bin);
  const root = resolve(projectDir);
  const wire = options.wire ?? 'messages';
  const home = mkdtempSync(join(tmpdir(), 'ralph-hooks-qwen-'));
  mkdirSync(join(home, '.qwen'), { recursive: true });
  writeFileSync(join(home, '.qwen/settings.json'), `${JSON.stringify(qwenCodeUserSettings(options.userSettings), null, 2)}\n`);
  const ownModel = !options.model;
  const model = options.model ?? (await startScriptedModel({ protocol: wire === 'chat-completions' ? chatCompletionsApi : 'messages', turns: options.turns ?? [] }));
  const requestsBefore = model.requests.length;
  const turnsBefore = model.modelTurns;
  mkdirSync(join(home, 'tap-work'), { recursive: true });
  const tap = options.tap === false ? null : installTap(root, join(home, 'tap-work'), options.capture, QWEN_CODE_TAPPED_FILES);
  const started = Date.now();
  const args = [
    '--auth-type',
    wire === 'chat-completions' ? 'openai' : 'anthropic',
    '-m',
    QWEN_CODE_MODEL,
    '--approval-mode',
    options.approvalMode ?? 'yolo',
    '--output-format',
    'json',
    ...(options.args ?? []),
    options.prompt ?? 'Continue',
  ];
  try {
    const { code, signal, stdout, stderr, timedOut } = await runClientProcess(bin, args, {
      cwd: root,
      env: clientEnv(home, model.url, wire, options.env),
      timeoutMs: options.timeoutMs ?? 120_000,
    });
    let result = qwenCodeResult(stdout);
    const sessionId = typeof result?.session_id === 'string' ? result.session_id : null;
    const transcriptPath = findQwenCodeTranscript(home, sessionId);
    const transcript = transcriptPath ? parseJsonl(readFileSync(transcriptPath, 'utf8')) : null;
    // Qwen Code's result joins every assistant text since the last tool call (a Stop hook's
    // continuations included: "answer 1answer 2"); `result` is the final message, as Claude Code's is.
    const last = transcript ? qwenCodeLastAssistantText(transcript) : null;
    if (result && last !== null && last !== result.result) result = { ...result, result: last, qwen_result: result.result };
    return {
      agent: 'qwen-code',
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
