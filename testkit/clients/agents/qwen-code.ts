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
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonl, transcriptFiles, type RealClientOptions, type RealClientRun } from '../real-client.js';
import { chatCompletionsApi, withChatCompletions } from '../model/chat-completions-api.js';
import { messagesConversation, type ConversationReader } from '../model/conversation.js';
import { findBin, isolatedEnv, requireBin, runAgentSession, versionIn } from '../session.js';
import { isJsonObject } from '../../../src/util/json-text.js';
import { defineAgentClient } from '../agent-client.js';

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
  return findBin('qwen', from);
}

/** The installed Qwen Code's version ("0.24.4"), or null when it is missing or does not answer. */
export function qwenCodeVersion(bin: string | null = findQwenCode()): string | null {
  return bin ? versionIn(spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 }).stdout) : null;
}

/**
 * ~/.qwen/settings.json for a scripted run: nothing reaching out, and no managed memory (it
 * asks the model to extract memories after some turns: a model call no script foresees).
 * `$version` is written so Qwen Code leaves the file alone.
 */
export function qwenCodeUserSettings(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    $version: 4,
    general: { enableAutoUpdate: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    memory: { enableManagedAutoMemory: false },
    ...extra,
  };
}

/** Credentials and session state of any model provider or agent that must not reach the client. */
const FOREIGN_ENV =
  /^(ANTHROPIC_|OPENAI_|QWEN_|DASHSCOPE_|BAILIAN_|MODELSCOPE_|OPENROUTER_|GEMINI_|GOOGLE_|VERTEX_|AZURE_OPENAI|AWS_BEARER_TOKEN_BEDROCK|CLAUDE_|CLAUDECODE$|CODEX_|OTEL_|TRACEPARENT$)/;

/** The client's environment: nothing of the caller's accounts, no machine-wide settings, the scripted model on the chosen wire. */
function clientEnv(home: string, url: string, wire: QwenCodeWire): NodeJS.ProcessEnv {
  return isolatedEnv(home, FOREIGN_ENV, {
    // No machine-wide settings (/etc/qwen-code/…): only the temporary user settings and the project's.
    QWEN_CODE_SYSTEM_SETTINGS_PATH: join(home, 'system-settings.json'),
    QWEN_CODE_SYSTEM_DEFAULTS_PATH: join(home, 'system-defaults.json'),
    QWEN_CODE_TRUSTED_FOLDERS_PATH: join(home, '.qwen/trustedFolders.json'),
    QWEN_USAGE_STATISTICS_ENABLED: 'false',
    QWEN_TELEMETRY_ENABLED: 'false',
    QWEN_CODE_DISABLE_PRECONNECT: '1',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    ...(wire === 'chat-completions'
      ? { OPENAI_BASE_URL: `${url}/v1`, OPENAI_API_KEY: QWEN_CODE_DUMMY_KEY, OPENAI_MODEL: QWEN_CODE_MODEL }
      : { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: QWEN_CODE_DUMMY_KEY }),
  });
}

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
  const objects = events.filter(isJsonObject);
  const result = [...objects].reverse().find((event) => event.type === 'result');
  if (result) return result;
  if (objects.length === 0) return null;
  // No result event: sum up what there is, like Codex's runner does.
  let sessionId: string | null = null;
  let last: string | null = null;
  for (const event of objects) {
    if (typeof event.session_id === 'string') sessionId = event.session_id;
    const message = isJsonObject(event.message) ? event.message : null;
    if (event.type === 'assistant' && message && Array.isArray(message.content)) {
      const text = message.content
        .filter((block): block is Record<string, unknown> => isJsonObject(block) && block.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text as string)
        .join('');
      if (text) last = text;
    }
  }
  return { type: 'result', subtype: 'incomplete', session_id: sessionId, result: last, events: objects };
}

/** ~/.qwen/projects/<project slug>/chats/<session id>.jsonl (0.24.4); the newest chat when the id is unknown. */
export function findQwenCodeTranscript(home: string, sessionId: string | null): string | null {
  const found = transcriptFiles(join(home, '.qwen/projects'), /^[^/]+\/chats\/[^/]+\.jsonl$/, 2);
  if (sessionId) {
    const exact = found.find((path) => path.endsWith(`/${sessionId}.jsonl`));
    if (exact) return exact;
  }
  return found.sort().pop() ?? null;
}

/** What the model saw in a Qwen Code session, over either wire (registered for agent "qwen-code"). */
export const qwenCodeConversation: ConversationReader = withChatCompletions(messagesConversation);

/** The text of the last assistant message of a Qwen Code transcript (`{type: "assistant", message: {role: "model", parts: [{text}]}}`), or null. */
export function qwenCodeLastAssistantText(transcript: unknown[]): string | null {
  for (let i = transcript.length - 1; i >= 0; i--) {
    const record = transcript[i];
    if (!isJsonObject(record) || record.type !== 'assistant' || !isJsonObject(record.message) || !Array.isArray(record.message.parts)) continue;
    const texts = record.message.parts.filter((part): part is { text: string } => isJsonObject(part) && typeof part.text === 'string' && part.thought !== true);
    if (texts.length) return texts.map((part) => part.text).join('');
  }
  return null;
}

/**
 * Run `qwen --yolo` in `projectDir` against a scripted model and report what happened. The
 * project is used as it is (write its files first); .qwen/settings.json is wrapped by the tap
 * during the session and restored byte for byte. Qwen Code uses Claude Code's event names.
 */
export async function runQwenCode(projectDir: string, options: RunQwenCodeOptions = {}): Promise<RealClientRun & { home?: string }> {
  const wire = options.wire ?? 'messages';
  return runAgentSession(projectDir, options, {
    agent: 'qwen-code',
    bin: requireBin('qwen', 'Qwen Code', QWEN_CODE_INSTALL, projectDir, options.bin),
    protocol: wire === 'chat-completions' ? chatCompletionsApi : 'messages',
    homePrefix: 'ralph-hooks-qwen-',
    tappedFiles: QWEN_CODE_TAPPED_FILES,
    prepare: (home, _root, model) => {
      mkdirSync(join(home, '.qwen'), { recursive: true });
      writeFileSync(join(home, '.qwen/settings.json'), `${JSON.stringify(qwenCodeUserSettings(options.userSettings), null, 2)}\n`);
      const auth = wire === 'chat-completions' ? 'openai' : 'anthropic';
      const args = ['--auth-type', auth, '-m', QWEN_CODE_MODEL, '--approval-mode', options.approvalMode ?? 'yolo', '--output-format', 'json', ...(options.args ?? []), options.prompt ?? 'Continue'];
      return { args, env: clientEnv(home, model.url, wire) };
    },
    collect: ({ home, stdout }) => {
      let result = qwenCodeResult(stdout);
      const sessionId = typeof result?.session_id === 'string' ? result.session_id : null;
      const transcriptPath = findQwenCodeTranscript(home, sessionId);
      // Qwen Code's result joins every assistant text since the last tool call (a Stop hook's
      // continuations included: "answer 1answer 2"); `result` is the final message, as Claude Code's is.
      const last = transcriptPath ? qwenCodeLastAssistantText(parseJsonl(readFileSync(transcriptPath, 'utf8'))) : null;
      if (result && last !== null && last !== result.result) result = { ...result, result: last, qwen_result: result.result };
      return { result, sessionId, transcriptPath };
    },
  });
}

/** This agent's client, the file's default export, found by the agent's name from the target registry (agent-client.ts). */
const client = defineAgentClient({
  agent: 'qwen-code',
  command: 'qwen',
  package: '@qwen-code/qwen-code',
  install: QWEN_CODE_INSTALL,
  find: findQwenCode,
  version: qwenCodeVersion,
  // Qwen Code speaks either wire (the Messages API or Chat Completions).
  reader: qwenCodeConversation,
  run: runQwenCode,
});
export default client;
