/**
 * Run the real Gemini CLI against a scripted model: `gemini -p PROMPT -m MODEL --yolo
 * --output-format json` in a project, isolated (its own HOME and XDG folders in a temporary
 * folder whose ~/.gemini/settings.json selects API-key auth and turns off update checks and usage
 * statistics, the loopback Gemini API through GOOGLE_GEMINI_BASE_URL, a dummy GEMINI_API_KEY,
 * no GEMINI_/GOOGLE_ credentials of the caller), the project trusted, with the same tap on every
 * hook of .gemini/settings.json as `runClaudeCode` has, restored byte for byte afterwards.
 *
 * Gemini CLI names its hook events its own way (AfterAgent, BeforeTool, AfterTool…); the tapped
 * runs are reported under Claude Code's names (Stop, PreToolUse, PostToolUse) so scenario checks
 * read every client alike. The hook input keeps Gemini's `hook_event_name`.
 *
 * Trust: a project's hooks run only in a trusted folder. By default the run trusts the project
 * the way a user does in Gemini's trust dialog (an entry in ~/.gemini/trustedFolders.json);
 * `trust: 'env'` uses GEMINI_CLI_TRUST_WORKSPACE=true instead, `'none'` neither (a headless run
 * in an untrusted folder then exits with an error).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transcriptFiles, type RealClientOptions, type RealClientRun } from '../real-client.js';
import { geminiApi, geminiConversation } from '../model/gemini-api.js';
import { findBin, isolatedEnv, requireBin, runAgentSession, versionIn } from '../session.js';
import { isJsonObject } from '../../../src/util/json-text.js';
import { defineAgentClient } from '../agent-client.js';

export const GEMINI_INSTALL = 'npm i -D @google/gemini-cli';
/** The files the tap wraps in a Gemini project. */
export const GEMINI_TAPPED_FILES = ['.gemini/settings.json'];
/** The model name passed with `-m` unless told otherwise (the scripted model answers any name). */
export const GEMINI_DEFAULT_MODEL = 'gemini-2.5-flash';
/** A key that only the scripted model accepts. */
export const DUMMY_GEMINI_KEY = 'scripted-model-offline';

/** Gemini CLI's hook events under Claude Code's names; the others keep their own. */
export const GEMINI_EVENT_NAMES: Readonly<Record<string, string>> = {
  AfterAgent: 'Stop',
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
};

export interface RunGeminiOptions extends RealClientOptions {
  /** The model name Gemini CLI asks for (`-m`). Default: gemini-2.5-flash. */
  geminiModel?: string;
  /** 'folder' (default): ~/.gemini/trustedFolders.json trusts the project; 'env': GEMINI_CLI_TRUST_WORKSPACE=true; 'none': neither. */
  trust?: 'folder' | 'env' | 'none';
  /** `--output-format`. Default: json (the final answer becomes `result.result`). */
  outputFormat?: 'json' | 'text' | 'stream-json';
  /** Extra user settings, merged over the defaults written to ~/.gemini/settings.json. */
  settings?: Record<string, unknown>;
  /** Ignored (Claude Code's option; scenarios pass it to every client). */
  allowedTools?: string[];
}

/** Where `gemini` is: node_modules/.bin above `from` or the working directory, else PATH; null when missing. */
export function findGemini(from: string = process.cwd()): string | null {
  return findBin('gemini', from);
}

/**
 * The installed Gemini CLI's version ("0.61.0"), or null when it is missing or does not answer.
 * Read from its package.json when it sits in node_modules (`gemini --version` takes seconds).
 */
export function geminiVersion(bin: string | null = findGemini()): string | null {
  if (!bin) return null;
  try {
    const pkg = JSON.parse(readFileSync(join(realpathSync(bin), '../../package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    if (pkg.name === '@google/gemini-cli' && typeof pkg.version === 'string') return pkg.version;
  } catch {
    /* not an npm install: ask the binary */
  }
  const home = mkdtempSync(join(tmpdir(), 'ralph-hooks-gemini-version-'));
  try {
    return versionIn(spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env: clientEnv(home, 'http://127.0.0.1:9') }).stdout);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

type Json = Record<string, unknown>;

function merge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = isJsonObject(value) && isJsonObject(out[key]) ? merge(out[key] as Json, value) : value;
  return out;
}

/** ~/.gemini/settings.json for a scripted run: API-key auth, no update checks, no usage statistics or telemetry. */
export function geminiUserSettings(extra: Json = {}): Json {
  return merge(
    {
      security: { auth: { selectedType: 'gemini-api-key' } },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
    },
    extra,
  );
}

/** The client's environment: nothing of the caller's Google accounts, the scripted model with a dummy key. */
function clientEnv(home: string, url: string): NodeJS.ProcessEnv {
  return isolatedEnv(home, /^(GEMINI_|GOOGLE_|GCLOUD_|CLOUDSDK_|VERTEX_|OTEL_|CLOUD_SHELL$)/, {
    GOOGLE_GEMINI_BASE_URL: url,
    GEMINI_API_KEY: DUMMY_GEMINI_KEY,
    GEMINI_TELEMETRY_ENABLED: 'false',
    // One process instead of a launcher that starts the CLI again with a bigger heap.
    GEMINI_CLI_NO_RELAUNCH: 'true',
  });
}

/**
 * Gemini CLI replaces `$GEMINI_PROJECT_DIR`, `$GEMINI_CWD` and `$CLAUDE_PROJECT_DIR` in a hook's
 * command text with the shell-quoted project path before `bash -c` runs it (0.61.0); the tap
 * does the same so a tapped hook runs the very command line Gemini would have run.
 */
export function expandGeminiCommand(command: string, projectDir: string): string {
  const quoted = shellQuote(projectDir);
  return command.replace(/\$(GEMINI_PROJECT_DIR|GEMINI_CWD|CLAUDE_PROJECT_DIR)/g, () => quoted);
}

/** shell-quote's `quote([value])`, which Gemini CLI uses for the path (a plain path stays as it is). */
function shellQuote(value: string): string {
  if (value === '') return "''";
  if (/["\s\\]/.test(value) && !/'/.test(value)) return `'${value}'`;
  if (/["'\s]/.test(value)) return `"${value.replace(/(["\\$`!])/g, '\\$1')}"`;
  return value.replace(/([A-Za-z]:)?([#!"$&'()*,:;<=>?@[\\\]^`{|}])/g, '$1\\$2');
}

/**
 * Prepare .gemini/settings.json for the tap: every command hook runs under bash (as Gemini runs
 * it) with the command text expanded as Gemini expands it. Returns the original bytes and the
 * expanded → registered command map, or null when there is nothing to tap.
 */
function prepareForTap(root: string): { path: string; bytes: Buffer; registered: Map<string, string> } | null {
  const path = join(root, '.gemini/settings.json');
  if (!existsSync(path)) return null;
  const bytes = readFileSync(path);
  let settings: unknown;
  try {
    settings = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null; // Gemini reports a broken settings file itself
  }
  if (!isJsonObject(settings) || !isJsonObject(settings.hooks)) return null;
  const registered = new Map<string, string>();
  for (const groups of Object.values(settings.hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      if (!isJsonObject(group) || !Array.isArray(group.hooks)) continue;
      for (const handler of group.hooks) {
        if (!isJsonObject(handler) || handler.type !== 'command' || typeof handler.command !== 'string') continue;
        const expanded = expandGeminiCommand(handler.command, root);
        registered.set(expanded, handler.command);
        handler.command = expanded;
        handler.shell = 'bash';
      }
    }
  }
  if (registered.size === 0) return null;
  writeFileSync(path, `${JSON.stringify(settings, null, 2)}\n`);
  return { path, bytes, registered };
}

/** The session id in a transcript's first line, or null. */
function sessionOf(transcriptPath: string): string | null {
  try {
    const header = JSON.parse(readFileSync(transcriptPath, 'utf8').split('\n', 1)[0]!) as { sessionId?: unknown };
    return typeof header.sessionId === 'string' ? header.sessionId : null;
  } catch {
    return null;
  }
}

/** The session transcripts under ~/.gemini/tmp/<project>/chats/session-*.jsonl. */
function findTranscript(home: string, sessionId: string | null): string | null {
  const found = transcriptFiles(join(home, '.gemini/tmp'), /^[^/]+\/chats\/session-[^/]*\.jsonl$/, 2);
  if (sessionId) {
    const exact = found.find((file) => sessionOf(file) === sessionId);
    if (exact) return exact;
  }
  return found.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs).pop() ?? null;
}

/** `--output-format json` prints one object: {session_id, response, stats, warnings?, error?}. */
function resultOf(stdout: string): Record<string, unknown> | null {
  const text = stdout.trim();
  const start = text.indexOf('{');
  if (start === -1) return null;
  try {
    const parsed = JSON.parse(text.slice(start)) as unknown;
    if (!isJsonObject(parsed)) return null;
    return { type: 'result', result: typeof parsed.response === 'string' ? parsed.response : null, ...parsed };
  } catch {
    return null;
  }
}

/**
 * Run `gemini -p` in `projectDir` against a scripted model and report what happened. The
 * project is used as it is (write its files first); .gemini/settings.json is wrapped by the tap
 * during the session and restored byte for byte.
 */
export async function runGemini(projectDir: string, options: RunGeminiOptions = {}): Promise<RealClientRun & { home?: string }> {
  const trust = options.trust ?? 'folder';
  const outputFormat = options.outputFormat ?? 'json';
  let registered = new Map<string, string>();
  return runAgentSession(projectDir, options, {
    agent: 'gemini',
    bin: requireBin('gemini', 'Gemini CLI', GEMINI_INSTALL, projectDir, options.bin),
    protocol: geminiApi,
    homePrefix: 'ralph-hooks-gemini-',
    tappedFiles: GEMINI_TAPPED_FILES,
    eventNames: GEMINI_EVENT_NAMES,
    prepare: (home, root, model) => {
      mkdirSync(join(home, '.gemini'), { recursive: true });
      writeFileSync(join(home, '.gemini/settings.json'), `${JSON.stringify(geminiUserSettings(options.settings), null, 2)}\n`);
      if (trust === 'folder') writeFileSync(join(home, '.gemini/trustedFolders.json'), `${JSON.stringify({ [realpathSync(root)]: 'TRUST_FOLDER' }, null, 2)}\n`);
      const args = [...(options.args ?? []), '-p', options.prompt ?? 'Continue', '-m', options.geminiModel ?? GEMINI_DEFAULT_MODEL, '--yolo', '--output-format', outputFormat];
      return { args, env: { ...clientEnv(home, model.url), ...(trust === 'env' ? { GEMINI_CLI_TRUST_WORKSPACE: 'true' } : {}) } };
    },
    beforeTap: (root) => {
      const prepared = prepareForTap(root);
      if (!prepared) return null;
      registered = prepared.registered;
      // On 'exit' too, after the tap's own restore: the original bytes are written last.
      const undo = () => writeFileSync(prepared.path, prepared.bytes);
      process.once('exit', undo);
      return {
        undo: () => {
          undo();
          process.removeListener('exit', undo);
        },
        renameHook: (hook) => registered.get(hook) ?? hook,
      };
    },
    collect: ({ home, stdout, stderr, renames }) => {
      // Gemini names a failing hook by its command in its warnings: put the registered command back.
      let shown = stderr;
      for (const [wrapper, expanded] of renames) shown = shown.split(wrapper).join(registered.get(expanded) ?? expanded);
      const result = outputFormat === 'json' ? resultOf(stdout) : null;
      const transcriptPath = findTranscript(home, typeof result?.session_id === 'string' ? result.session_id : null);
      const sessionId = typeof result?.session_id === 'string' ? result.session_id : transcriptPath ? sessionOf(transcriptPath) : null;
      return { result, sessionId, transcriptPath, stderr: shown };
    },
  });
}

/** This agent's client, the file's default export, found by the agent's name from the target registry (agent-client.ts). */
const client = defineAgentClient({
  agent: 'gemini',
  command: 'gemini',
  package: '@google/gemini-cli',
  install: GEMINI_INSTALL,
  find: findGemini,
  version: geminiVersion,
    reader: geminiConversation,
  run: runGemini,
});
export default client;
