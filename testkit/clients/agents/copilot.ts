/**
 * Run the real GitHub Copilot CLI against a scripted model: `copilot -p PROMPT --output-format
 * json --allow-all-tools --no-auto-update --trust-folder` in a project, isolated (its own HOME,
 * XDG folders and so its own ~/.copilot, offline mode, the loopback model as a BYOK provider of
 * type "anthropic" with a dummy key, every GitHub and Copilot credential removed from the
 * environment), with the same tap on every hook the project registers as `runClaudeCode` has,
 * restored byte for byte afterwards.
 *
 * What Copilot 1.0.102 does, measured (see test/real-client/copilot-client.test.ts):
 * - Repo hooks are read from every `.github/hooks/*.json` and ALSO from `.claude/settings.json`
 *   and `.claude/settings.local.json` (in that order), in Copilot's native shape
 *   (`{"version":1,"hooks":{"agentStop":[{"type":"command","bash":…,"timeoutSec":…}]}}`) or in
 *   Claude Code's (`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":…,"timeout":…}]}]}}`,
 *   `version` optional). All of them are skipped silently unless the folder is trusted
 *   (`--trust-folder`, or COPILOT_ALLOW_ALL=true).
 * - The native binary unpacks ~235 MB into `$COPILOT_PKG_CACHE_HOME/pkg/<platform>/<version>`
 *   (default `$XDG_CACHE_HOME/copilot/pkg`) when that folder is missing. With a fresh HOME per
 *   session that would be every session: the runner points COPILOT_PKG_CACHE_HOME at one shared
 *   folder (node_modules/.cache/ralph-hooks-copilot beside the installed client) and unpacks it
 *   once, under a lock, before the first session (`prepareCopilot`).
 * - The session transcript is `$HOME/.copilot/session-state/<session id>/events.jsonl`; it is
 *   written behind the session (about 60–80 ms late): when a Stop hook starts, the current
 *   turn's `assistant.message` is usually NOT in the file yet. A hook waits for the line
 *   `{"type":"hook.start","data":{"hookType":"agentStop","input":{"timestamp":T,…}}}` whose T is
 *   its own input's `timestamp` (ISO there, epoch ms here): every event before it is written.
 * - The block cap (8 Stop blocks in a row, tool calls between do not reset it) is reported only
 *   in Copilot's log (`logs` of the run: "Agent stop hook blocked 8 consecutive times; ending turn").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { parseJsonl, runClientProcess, type RealClientOptions, type RealClientRun } from '../real-client.js';
import { messagesConversation, withDenialText } from '../model/conversation.js';
import { findBin, isolatedEnv, requireBin, runAgentSession, versionIn } from '../session.js';
import { isJsonObject } from '../../../src/util/json-text.js';
import { defineAgentClient } from '../agent-client.js';

export const COPILOT_INSTALL = 'npm i -D @github/copilot';

// Copilot speaks the Messages API to the scripted model: toolCalls/sentToModel read its runs like Claude Code's.

/** The model name the scripted provider is given (`COPILOT_MODEL`); Copilot knows its token limits. */
export const COPILOT_SCRIPTED_MODEL = 'claude-sonnet-4.5';
/** A key only the scripted model accepts. */
export const COPILOT_DUMMY_KEY = 'sk-ant-api03-scripted-model-offline-0000000000000000';

/**
 * Copilot's native hook event names and the names Claude Code uses for the same events. Tapped
 * runs are reported under Claude Code's names (hooks registered in Claude's shape already get
 * `hook_event_name` in Claude's spelling).
 */
export const COPILOT_EVENT_NAMES: Readonly<Record<string, string>> = {
  agentStop: 'Stop',
  subagentStop: 'SubagentStop',
  subagentStart: 'SubagentStart',
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  postToolUseFailure: 'PostToolUseFailure',
  userPromptSubmitted: 'UserPromptSubmit',
  sessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
  preCompact: 'PreCompact',
  notification: 'Notification',
  permissionRequest: 'PermissionRequest',
};

/** The settings files outside .github/hooks whose hooks Copilot also runs (Claude Code's). */
export const COPILOT_CLAUDE_SETTINGS = ['.claude/settings.json', '.claude/settings.local.json'];

/** The hook files Copilot reads in a project, relative to it: every .github/hooks/*.json (sorted), then Claude Code's settings. */
export function copilotHookFiles(projectDir: string): string[] {
  const dir = join(projectDir, '.github/hooks');
  let own: string[] = [];
  try {
    own = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => `.github/hooks/${name}`);
  } catch {
    /* no .github/hooks */
  }
  return [...own, ...COPILOT_CLAUDE_SETTINGS];
}

export interface RunCopilotOptions extends RealClientOptions {
  /** `COPILOT_MODEL`. Default COPILOT_SCRIPTED_MODEL. */
  modelName?: string;
  /** `--trust-folder` (repo hooks run only in a trusted folder). Default true. */
  trustFolder?: boolean;
  /** The shared package cache (COPILOT_PKG_CACHE_HOME). Default: `copilotPackageCache(bin)`. */
  packageCache?: string;
  /** Ignored (Claude Code's option; scenarios pass it to every client). */
  allowedTools?: string[];
}

/** Where `copilot` is: node_modules/.bin above `from` or the working directory, else PATH; null when missing. */
export function findCopilot(from: string = process.cwd()): string | null {
  return findBin('copilot', from);
}

/** The installed Copilot CLI's version ("1.0.102"), or null when it is missing or does not answer (`--version` does not unpack). */
export function copilotVersion(bin: string | null = findCopilot()): string | null {
  return bin ? versionIn(spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, COPILOT_AUTO_UPDATE: 'false' } }).stdout) : null;
}

/**
 * The shared folder the runner unpacks Copilot's package into (COPILOT_PKG_CACHE_HOME):
 * RALPH_HOOKS_COPILOT_CACHE when set, else node_modules/.cache/ralph-hooks-copilot of the
 * node_modules the client is installed in, else a per-user folder in the temporary directory.
 * Copilot keys the contents by platform and version itself (`pkg/linux-x64/1.0.102`).
 */
export function copilotPackageCache(bin: string | null = findCopilot()): string {
  if (process.env.RALPH_HOOKS_COPILOT_CACHE) return resolve(process.env.RALPH_HOOKS_COPILOT_CACHE);
  const marker = `${sep}node_modules${sep}`;
  const at = bin ? resolve(bin).lastIndexOf(marker) : -1;
  if (bin && at !== -1) return join(resolve(bin).slice(0, at + marker.length - 1), '.cache', 'ralph-hooks-copilot');
  let user = 'user';
  try {
    user = String(userInfo().uid);
  } catch {
    /* no user database */
  }
  return join(tmpdir(), `ralph-hooks-copilot-${user}`);
}

const prepared = new Map<string, Promise<void>>();
const LOCK_STALE_MS = 10 * 60_000;

/**
 * Unpack Copilot's package into the shared cache once (`COPILOT_SEA_EXTRACT_ONLY=1`, which
 * returns at once when the version is already there). Concurrent callers wait: within a process
 * on one promise, across processes on a lock folder (mkdir is atomic). Copilot's own extraction
 * is atomic as well (a private `.extracting-*` folder renamed into place, the loser's copy
 * dropped), so a stale lock is only a lost optimisation, never a broken cache.
 */
export function prepareCopilot(bin: string, cacheDir: string = copilotPackageCache(bin)): Promise<void> {
  const key = `${bin}\0${cacheDir}`;
  let job = prepared.get(key);
  if (!job) {
    job = unpackOnce(bin, cacheDir);
    job.catch(() => prepared.delete(key));
    prepared.set(key, job);
  }
  return job;
}

async function unpackOnce(bin: string, cacheDir: string): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  const lock = join(cacheDir, '.ralph-hooks-unpack.lock');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > LOCK_STALE_MS || Date.now() - started > LOCK_STALE_MS) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const home = mkdtempSync(join(tmpdir(), 'ralph-hooks-copilot-unpack-'));
    try {
      const env = clientEnv(home, cacheDir, { COPILOT_SEA_EXTRACT_ONLY: '1' });
      const run = await runClientProcess(bin, [], { cwd: home, env, timeoutMs: 300_000 });
      if (run.code !== 0) throw new Error(`copilot: unpacking into ${cacheDir} failed (exit ${run.code ?? run.signal}): ${run.stderr.trim()}`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The client's environment: no GitHub or Copilot account of the caller's, offline, the shared package cache. */
function clientEnv(home: string, cacheDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return isolatedEnv(home, /^(COPILOT_|GH_|GITHUB_|OTEL_|ANTHROPIC_|OPENAI_|AZURE_OPENAI|CLAUDE_|CLAUDECODE$)/, {
    COPILOT_PKG_CACHE_HOME: cacheDir,
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    ...extra,
  });
}

const shq = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * installTap wraps hooks in Claude Code's shape; this wraps the entries in Copilot's native
 * shape (`hooks.<event>: [{type: "command", bash|command: …}]`) the same way, adding them to
 * the tap's handler table. Returns the [wrapper, original] pairs.
 */
function tapNativeEntries(projectDir: string, workDir: string, files: readonly string[]): [string, string][] {
  const configPath = join(workDir, 'tap.json');
  const script = join(workDir, 'tap.mjs');
  if (!existsSync(configPath)) return [];
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as { handlers: Record<string, unknown> };
  const renames: [string, string][] = [];
  let n = 0;
  for (const relative of files) {
    if (!relative.startsWith('.github/')) continue;
    const path = join(projectDir, relative);
    if (!existsSync(path)) continue;
    let settings: unknown;
    try {
      settings = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      continue;
    }
    if (!isJsonObject(settings) || !isJsonObject(settings.hooks)) continue;
    let wrapped = false;
    for (const [event, entries] of Object.entries(settings.hooks)) {
      if (!Array.isArray(entries)) continue;
      for (const entry of entries) {
        if (!isJsonObject(entry) || Array.isArray(entry.hooks) || entry.type !== 'command') continue;
        const key = typeof entry.bash === 'string' ? 'bash' : typeof entry.command === 'string' ? 'command' : null;
        if (!key) continue;
        const id = `copilot${++n}`;
        const original = entry[key] as string;
        config.handlers[id] = { original, command: original, shell: 'bash', event, matcher: typeof entry.matcher === 'string' ? entry.matcher : undefined, settingsFile: relative };
        const wrapper = [process.execPath, script, configPath, id].map(shq).join(' ');
        entry[key] = wrapper;
        renames.push([wrapper, original]);
        wrapped = true;
      }
    }
    if (wrapped) writeFileSync(path, `${JSON.stringify(settings, null, 2)}\n`);
  }
  if (renames.length) writeFileSync(configPath, JSON.stringify(config));
  return renames;
}

/** The session's events.jsonl under $HOME/.copilot/session-state. */
function findEvents(home: string, sessionId: string | null): string | null {
  const state = join(home, '.copilot', 'session-state');
  if (sessionId && existsSync(join(state, sessionId, 'events.jsonl'))) return join(state, sessionId, 'events.jsonl');
  if (!existsSync(state)) return null;
  const found = readdirSync(state, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(state, entry.name, 'events.jsonl')))
    .map((entry) => join(state, entry.name, 'events.jsonl'))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
  return found.pop() ?? null;
}

/** The text of the last `assistant.message` event that has any, from parsed events. */
export function copilotLastAssistantText(events: unknown[]): string | null {
  let last: string | null = null;
  for (const event of events) {
    if (!isJsonObject(event) || event.type !== 'assistant.message' || !isJsonObject(event.data)) continue;
    if (typeof event.data.content === 'string' && event.data.content !== '') last = event.data.content;
  }
  return last;
}

/** The `--output-format json` event stream, summed up like Claude Code's result: the final assistant text, the session id, the usage. */
function resultOf(stdout: string): Record<string, unknown> | null {
  const events = parseJsonl(stdout).filter(isJsonObject);
  if (events.length === 0) return null;
  const final = events.filter((e) => e.type === 'result').pop();
  const errors = events.filter((e) => typeof e.type === 'string' && /error/i.test(e.type)).map((e) => JSON.stringify(e));
  return {
    type: 'result',
    session_id: typeof final?.sessionId === 'string' ? final.sessionId : null,
    result: copilotLastAssistantText(events),
    exit_code: final?.exitCode ?? null,
    usage: final?.usage ?? null,
    errors,
    events,
  };
}

/** Every hook file's bytes, to be put back whatever the tap (or the client) did to them; null when there is none. */
function keepBytes(root: string, files: string[]): { undo(): void } | null {
  const originals = files.filter((f) => existsSync(join(root, f))).map((f) => ({ path: join(root, f), bytes: readFileSync(join(root, f)) }));
  if (originals.length === 0) return null;
  return {
    undo: () => {
      for (const { path, bytes } of originals) {
        let now: Buffer | null = null;
        try {
          now = readFileSync(path);
        } catch {
          now = null;
        }
        if (!now || !now.equals(bytes)) {
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, bytes);
        }
      }
    },
  };
}

/**
 * Run `copilot -p` in `projectDir` against a scripted model (Anthropic Messages API) and report
 * what happened. The project is used as it is (write its files first); every hook file Copilot
 * reads (.github/hooks/*.json, .claude/settings.json, .claude/settings.local.json) is wrapped
 * by the tap during the session and restored byte for byte.
 */
export async function runCopilot(projectDir: string, options: RunCopilotOptions = {}): Promise<RealClientRun & { home?: string; logs: string }> {
  const bin = requireBin('copilot', 'GitHub Copilot CLI', COPILOT_INSTALL, projectDir, options.bin);
  const cacheDir = options.packageCache ? resolve(options.packageCache) : copilotPackageCache(bin);
  await prepareCopilot(bin, cacheDir);
  const run = await runAgentSession(projectDir, options, {
    agent: 'copilot',
    bin,
    protocol: 'messages',
    homePrefix: 'ralph-hooks-copilot-',
    tappedFiles: copilotHookFiles,
    eventNames: COPILOT_EVENT_NAMES,
    prepare: (home, _root, model) => ({
      args: [
        ...(options.args ?? []),
        '-p',
        options.prompt ?? 'Continue',
        '--output-format',
        'json',
        '--allow-all-tools',
        '--no-auto-update',
        '--no-ask-user',
        '--disable-client-telemetry',
        ...(options.trustFolder === false ? [] : ['--trust-folder']),
      ],
      env: clientEnv(home, cacheDir, {
        COPILOT_PROVIDER_BASE_URL: model.url,
        COPILOT_PROVIDER_TYPE: 'anthropic',
        COPILOT_PROVIDER_API_KEY: COPILOT_DUMMY_KEY,
        COPILOT_MODEL: options.modelName ?? COPILOT_SCRIPTED_MODEL,
      }),
    }),
    beforeTap: (root) => keepBytes(root, copilotHookFiles(root)),
    afterTap: (root, workDir) => tapNativeEntries(root, workDir, copilotHookFiles(root)),
    collect: ({ home, stdout }) => {
      const result = resultOf(stdout);
      const sessionId = typeof result?.session_id === 'string' ? result.session_id : null;
      return { result, sessionId, transcriptPath: findEvents(home, sessionId), extra: { logs: copilotLogs(home) } };
    },
  });
  return run as RealClientRun & { home?: string; logs: string };
}

/** The text of Copilot's logs in a home ($HOME/.copilot/logs): warnings such as the block cap ("blocked 8 consecutive times") and hook failures are reported only there. */
export function copilotLogs(home: string): string {
  const dir = join(home, '.copilot', 'logs');
  if (!existsSync(dir)) return '';
  return readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('');
}

/** This agent's client, the file's default export, found by the agent's name from the target registry (agent-client.ts). */
const client = defineAgentClient({
  agent: 'copilot',
  command: 'copilot',
  package: '@github/copilot',
  install: COPILOT_INSTALL,
  find: findCopilot,
  version: copilotVersion,
  // Copilot CLI sends a denial as a plain tool result.
  reader: withDenialText(messagesConversation, ['Denied by preToolUse hook']),
  run: runCopilot,
});
export default client;
