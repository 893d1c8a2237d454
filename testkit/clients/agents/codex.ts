/**
 * Run the real Codex CLI against a scripted model: `codex exec --json PROMPT` in a project,
 * isolated ($CODEX_HOME in a temporary folder whose config.toml points the model provider at the
 * loopback Responses API server, `wire_api = "responses"`, a dummy key through `env_key`, the
 * project trusted, the hooks feature on), with the same tap on every hook the project
 * registers in .codex/hooks.json as `runClaudeCode` has, restored byte for byte afterwards.
 *
 * Hook trust: Codex runs a project hook only once it is trusted. By default the run passes
 * `--dangerously-bypass-hook-trust` (this invocation only: the hooks are the ones under test);
 * `hookTrust: 'app-server'` gives persisted trust first, the way Codex's own /hooks screen
 * does (`trustCodexHooks`), and runs without the flag; `'none'` runs without either, so only
 * hooks already trusted in `config` run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseJsonl, transcriptFiles, type RealClientOptions, type RealClientRun } from '../real-client.js';
import { findBin, isolatedEnv, requireBin, runAgentSession, versionIn } from '../session.js';
import { defineAgentClient } from '../agent-client.js';
import { responsesConversation } from '../model/responses-api.js';

export const CODEX_INSTALL = 'npm i -D @openai/codex';
/** The environment variable the scripted provider reads its key from (`env_key`). */
export const CODEX_KEY_VARIABLE = 'RALPH_HOOKS_SCRIPTED_MODEL_KEY';
/** The files the tap wraps in a Codex project. */
export const CODEX_TAPPED_FILES = ['.codex/hooks.json'];

export interface RunCodexOptions extends RealClientOptions {
  /** `--sandbox`. Default: workspace-write (Codex's own default for a trusted project). */
  sandbox?: 'read-only' | 'workspace-write' | 'danger-full-access';
  /** 'bypass' (default): `--dangerously-bypass-hook-trust`; 'app-server': trust recorded in config.toml first (trustCodexHooks); 'none': neither. */
  hookTrust?: 'bypass' | 'app-server' | 'none';
  /** Extra lines appended to $CODEX_HOME/config.toml (hook trust entries, say). */
  config?: string;
  /** Ignored (Claude Code's option; scenarios pass it to every client). */
  allowedTools?: string[];
}

/** Where `codex` is: node_modules/.bin above `from` or the working directory, else PATH; null when missing. */
export function findCodex(from: string = process.cwd()): string | null {
  return findBin('codex', from);
}

/** The installed Codex CLI's version ("0.169.0"), or null when it is missing or does not answer. */
export function codexVersion(bin: string | null = findCodex()): string | null {
  return bin ? versionIn(spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 }).stdout) : null;
}

function requireCodex(projectDir: string, bin?: string): string {
  return requireBin('codex', 'Codex CLI', CODEX_INSTALL, projectDir, bin);
}

const tomlString = (value: string) => JSON.stringify(value);

/** $CODEX_HOME/config.toml for a scripted run: the loopback provider, the project trusted, hooks on, nothing else reaching out. */
export function codexHomeConfig(modelUrl: string, projectDir: string, extra = ''): string {
  return [
    'model = "scripted"',
    'model_provider = "scripted"',
    'check_for_update_on_startup = false',
    'web_search = "disabled"',
    '',
    '[model_providers.scripted]',
    'name = "scripted model"',
    `base_url = ${tomlString(`${modelUrl}/v1`)}`,
    'wire_api = "responses"',
    `env_key = ${tomlString(CODEX_KEY_VARIABLE)}`,
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    '[features]',
    'hooks = true',
    '',
    `[projects.${tomlString(projectDir)}]`,
    'trust_level = "trusted"',
    '',
    extra,
  ].join('\n');
}

/** The client's environment: the caller's, minus anything that would reach a real account or another session. */
function clientEnv(home: string): NodeJS.ProcessEnv {
  // Codex keeps everything under CODEX_HOME; HOME stays the caller's, as it was.
  const env = isolatedEnv(home, /^(OPENAI_|CODEX_|AZURE_OPENAI|OTEL_)/, { CODEX_HOME: home, [CODEX_KEY_VARIABLE]: 'scripted-model-offline' });
  for (const name of ['HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME']) {
    if (process.env[name] === undefined) delete env[name];
    else env[name] = process.env[name];
  }
  return env;
}

function findRollout(home: string, threadId: string | null): string | null {
  const found = transcriptFiles(join(home, 'sessions'), /(^|\/)rollout-[^/]*\.jsonl$/, 4);
  return (threadId ? found.find((p) => p.endsWith(`-${threadId}.jsonl`)) : undefined) ?? found.sort().pop() ?? null;
}

/** The `--json` event stream, summed up like Claude Code's result: the last agent message, the thread id, the usage. */
function resultOf(stdout: string): Record<string, unknown> | null {
  const events = parseJsonl(stdout).filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null);
  if (events.length === 0) return null;
  let threadId: string | null = null;
  let last: string | null = null;
  let usage: unknown = null;
  const errors: string[] = [];
  for (const event of events) {
    if (event.type === 'thread.started' && typeof event.thread_id === 'string') threadId = event.thread_id;
    const item = event.item as Record<string, unknown> | undefined;
    if (event.type === 'item.completed' && item?.type === 'agent_message' && typeof item.text === 'string') last = item.text;
    if (event.type === 'turn.completed') usage = event.usage ?? null;
    if (event.type === 'turn.failed' || event.type === 'error') errors.push(JSON.stringify(event));
  }
  return { type: 'result', session_id: threadId, result: last, usage, errors, events };
}

/**
 * Run `codex exec` in `projectDir` against a scripted model and report what happened. The
 * project is used as it is (write its files first); .codex/hooks.json is wrapped by the tap
 * during the session and restored byte for byte.
 */
export async function runCodex(projectDir: string, options: RunCodexOptions = {}): Promise<RealClientRun & { home?: string }> {
  const bin = requireCodex(projectDir, options.bin);
  let trusted: Error | null = null;
  return runAgentSession(projectDir, options, {
    agent: 'codex',
    bin,
    protocol: 'responses',
    homePrefix: 'ralph-hooks-codex-',
    // Not under /tmp: where bubblewrap is installed, Codex's workspace-write shell runs through
    // a helper it links into its home, and it refuses to make that helper under /tmp (every
    // shell call then fails: "bwrap: execvp codex-linux-sandbox").
    homeParent: join(homedir(), '.cache', 'ralph-hooks-codex'),
    tappedFiles: CODEX_TAPPED_FILES,
    prepare: (home, root, model) => {
      writeFileSync(join(home, 'config.toml'), codexHomeConfig(model.url, root, options.config));
      const args = [
        'exec',
        '--json',
        '--skip-git-repo-check',
        '--sandbox',
        options.sandbox ?? 'workspace-write',
        ...((options.hookTrust ?? 'bypass') === 'bypass' ? ['--dangerously-bypass-hook-trust'] : []),
        ...(options.args ?? []),
        options.prompt ?? 'Continue',
      ];
      return { args, env: clientEnv(home) };
    },
    // After the tap: trust is keyed to each hooks.json entry as it is when the session starts.
    afterTap: async (root, _workDir, home) => {
      if (options.hookTrust === 'app-server') trusted = await trustCodexHooks({ codexHome: home, cwd: root, bin }).then(() => null, (error: Error) => error);
      return [];
    },
    collect: ({ home, stdout, stderr }) => {
      const result = resultOf(stdout);
      const sessionId = typeof result?.session_id === 'string' ? result.session_id : null;
      const failed = trusted as Error | null;
      return { result, sessionId, transcriptPath: findRollout(home, sessionId), stderr: failed ? `trustCodexHooks failed: ${failed.message}\n${stderr}` : stderr };
    },
  });
}

/** A hook as Codex's app server lists it (`hooks/list`, 0.169.0). */
export interface CodexHookListing {
  key: string;
  eventName: string;
  command?: string;
  sourcePath: string;
  currentHash: string;
  trustStatus: 'managed' | 'untrusted' | 'trusted' | 'modified';
}

/**
 * Give persisted trust to every untrusted or modified hook Codex finds for `cwd`, the way its
 * /hooks screen does: ask `codex app-server` for the hooks (`hooks/list`, which reports each
 * hook's key and current hash) and write `[hooks.state."<key>"] trusted_hash = "<hash>"` into
 * $CODEX_HOME/config.toml through the same server (`config/batchWrite`). ralph-hooks never
 * computes a hash itself. Returns the hooks as listed after the write.
 */
export async function trustCodexHooks(options: { codexHome: string; cwd: string; bin?: string; timeoutMs?: number }): Promise<CodexHookListing[]> {
  const bin = options.bin ?? requireCodex(options.cwd);
  const child = spawn(bin, ['app-server'], { cwd: options.cwd, env: clientEnv(options.codexHome), stdio: ['pipe', 'pipe', 'ignore'] });
  const pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  let buffer = '';
  let next = 0;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue;
      }
      const waiter = typeof message.id === 'number' ? pending.get(message.id) : undefined;
      if (!waiter) continue;
      pending.delete(message.id as number);
      if (message.error) waiter.reject(new Error(`codex app-server: ${JSON.stringify(message.error)}`));
      else waiter.resolve((message.result ?? {}) as Record<string, unknown>);
    }
  });
  const call = (method: string, params: unknown) =>
    new Promise<Record<string, unknown>>((resolveCall, reject) => {
      const id = ++next;
      pending.set(id, { resolve: resolveCall, reject });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  const list = async () =>
    ((await call('hooks/list', { cwds: [options.cwd] })).data as { hooks: CodexHookListing[] }[]).flatMap((entry) => entry.hooks);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  const exited = new Promise<never>((_, reject) => child.on('close', (code) => reject(new Error(`codex app-server exited (${code}) before answering`))));
  try {
    const work = (async () => {
      await call('initialize', { clientInfo: { name: 'ralph-hooks', title: null, version: '0' }, capabilities: { experimentalApi: true, requestAttestation: false } });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'initialized' })}\n`);
      const untrusted = (await list()).filter((hook) => hook.trustStatus === 'untrusted' || hook.trustStatus === 'modified');
      if (untrusted.length > 0) {
        const state = Object.fromEntries(untrusted.map((hook) => [hook.key, { trusted_hash: hook.currentHash }]));
        await call('config/batchWrite', { edits: [{ keyPath: 'hooks.state', value: state, mergeStrategy: 'upsert' }] });
      }
      return list();
    })();
    return await Promise.race([work, exited]);
  } finally {
    clearTimeout(timer);
    child.kill();
  }
}

/** This agent's client, the file's default export, found by the agent's name from the target registry (agent-client.ts). */
const client = defineAgentClient({
  agent: 'codex',
  command: 'codex',
  package: '@openai/codex',
  install: CODEX_INSTALL,
  find: findCodex,
  version: codexVersion,
    reader: responsesConversation,
  run: runCodex,
});
export default client;
