/**
 * Run the real Claude Code headless against a scripted model: `claude -p PROMPT
 * --output-format json` in a project, isolated (its own HOME and config folder in a temporary
 * folder, no network but the loopback model, a dummy API key), with the tap on every hook the
 * project registers (a Claude Code plugin's hooks/hooks.json included), restored byte for byte
 * afterwards.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { transcriptFiles, type RealClientOptions, type RealClientRun } from '../real-client.js';
import { findBin, isolatedEnv, lastJsonObject, requireBin, runAgentSession, versionIn } from '../session.js';
import { TAPPED_SETTINGS } from '../tap.js';
import { defineAgentClient } from '../agent-client.js';
import { messagesConversation } from '../model/conversation.js';

// The shared pieces lived here first; they stay importable from here.
export * from '../real-client.js';
export * from '../tap.js';

export interface RunClaudeCodeOptions extends RealClientOptions {
  /** Tools allowed without a prompt (`--allowedTools`). Default: Bash, Edit, Write, Read, Glob, Grep. */
  allowedTools?: string[];
  /** `--permission-mode`. Default: "default" (the allowed tools run, nothing else asks). */
  permissionMode?: 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions' | 'dontAsk';
  /** `--max-turns`, when set. */
  maxTurns?: number;
  /**
   * Stream the session (`--output-format stream-json --verbose --include-hook-events`): stdout
   * then holds one JSON line per message, with a `hook_started` line for each hook the client
   * starts, in the order it starts them. Default: one JSON result (`--output-format json`).
   */
  includeHookEvents?: boolean;
}

export const CLAUDE_CODE_INSTALL = 'npm i -D @anthropic-ai/claude-code';
export const DEFAULT_ALLOWED_TOOLS = ['Bash', 'Edit', 'Write', 'Read', 'Glob', 'Grep'];
/** A key that only the scripted model accepts. */
export const DUMMY_ANTHROPIC_KEY = 'sk-ant-api03-scripted-model-offline-0000000000000000';

/** A project holding this manifest is a Claude Code plugin; its hooks are in PLUGIN_HOOKS. */
const PLUGIN_MANIFEST = '.claude-plugin/plugin.json';
const PLUGIN_HOOKS = 'hooks/hooks.json';

/** Where `claude` is: node_modules/.bin above `from` or the working directory, else PATH; null when missing. */
export function findClaudeCode(from: string = process.cwd()): string | null {
  return findBin('claude', from);
}

/** The installed Claude Code's version ("2.1.328"), or null when it is missing or does not answer. */
export function claudeCodeVersion(bin: string | null = findClaudeCode()): string | null {
  if (!bin) return null;
  return versionIn(spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' } }).stdout);
}

function findTranscript(configDir: string, sessionId: string | null): string | null {
  const found = transcriptFiles(join(configDir, 'projects'), /\.jsonl$/, 4);
  if (sessionId) {
    const exact = found.find((p) => p.endsWith(`/${sessionId}.jsonl`));
    if (exact) return exact;
  }
  return found.find((p) => !p.includes('/subagents/')) ?? null;
}

/** The client's environment: no Anthropic account or Claude session of the caller's, the scripted model, nothing else reaching out. */
function clientEnv(home: string, url: string): NodeJS.ProcessEnv {
  return isolatedEnv(home, /^(ANTHROPIC_|CLAUDE_|CLAUDECODE$|AWS_BEARER_TOKEN_BEDROCK|VERTEX_|OTEL_)/, {
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: DUMMY_ANTHROPIC_KEY,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  });
}

/**
 * Run `claude -p` in `projectDir` against a scripted model and report what happened. The
 * project is used as it is (write its files first); its settings files are wrapped by the tap
 * during the session and restored byte for byte. Claude Code names the hook command in some
 * messages ("hook blocking error from command: …"): the tap's wrapper is put back to the
 * registered command there, so what is read matches a run without the tap.
 */
export async function runClaudeCode(projectDir: string, options: RunClaudeCodeOptions = {}): Promise<RealClientRun & { home?: string }> {
  // A Claude Code plugin (target claude-plugin) registers its hooks in hooks/hooks.json, which
  // the client reads only for a loaded plugin: load the project as one.
  const plugin = (root: string) => existsSync(join(root, PLUGIN_MANIFEST));
  return runAgentSession(projectDir, options, {
    agent: 'claude-code',
    bin: requireBin('claude', 'Claude Code', CLAUDE_CODE_INSTALL, projectDir, options.bin),
    protocol: 'messages',
    homePrefix: 'ralph-hooks-claude-',
    tappedFiles: (root) => (plugin(root) ? [...TAPPED_SETTINGS, PLUGIN_HOOKS] : TAPPED_SETTINGS),
    prepare: (home, root, model) => {
      mkdirSync(join(home, '.claude'), { recursive: true });
      const args = [
        ...(options.args ?? []),
        ...(plugin(root) ? ['--plugin-dir', root] : []),
        '-p',
        options.prompt ?? 'Continue',
        ...(options.includeHookEvents ? ['--output-format', 'stream-json', '--verbose', '--include-hook-events'] : ['--output-format', 'json']),
        '--permission-mode',
        options.permissionMode ?? 'default',
        '--allowedTools',
        (options.allowedTools ?? DEFAULT_ALLOWED_TOOLS).join(' ') || '""',
        ...(options.maxTurns !== undefined ? ['--max-turns', String(options.maxTurns)] : []),
      ];
      return { args, env: clientEnv(home, model.url) };
    },
    collect: ({ home, stdout }) => {
      const result = lastJsonObject(stdout.trim().split('\n').filter(Boolean).pop() ?? '');
      const sessionId = typeof result?.session_id === 'string' ? result.session_id : null;
      return { result, sessionId, transcriptPath: findTranscript(join(home, '.claude'), sessionId) };
    },
  });
}

/** This agent's client, the file's default export, found by the agent's name from the target registry (agent-client.ts). */
const client = defineAgentClient({
  agent: 'claude-code',
  command: 'claude',
  package: '@anthropic-ai/claude-code',
  install: CLAUDE_CODE_INSTALL,
  find: findClaudeCode,
  version: claudeCodeVersion,
    reader: messagesConversation,
  run: runClaudeCode,
});
export default client;
