/**
 * Run the real Factory droid CLI against a scripted model: `droid exec --auto high -m
 * custom:<model> -o json PROMPT` in a project, isolated (a temporary HOME and XDG folders whose
 * ~/.factory/settings.json holds one `customModels` entry, provider "anthropic", pointing at the
 * loopback Messages API server with a dummy key; Factory and Anthropic credentials removed from
 * the environment; airgap mode on, so no auto-update, telemetry, OTEL export, org settings,
 * plugin or changelog fetch: the only connection is the one to 127.0.0.1), with the tap on every
 * hook the project registers in .factory/settings.json, restored byte for byte afterwards.
 *
 * Measured with droid 0.215.0: hooks are read from the `hooks` key of .factory/settings.json
 * (Claude Code's shape and event names, `timeout` in seconds), looked up from the working
 * directory to the git root, and from ~/.factory/settings.json; never from .claude/settings.json,
 * settings.local.json or .factory/hooks.json. No trust prompt, no first-run prompt.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transcriptFiles, type RealClientOptions, type RealClientRun } from '../real-client.js';
import { findBin, isolatedEnv, lastJsonObject, requireBin, runAgentSession, versionIn } from '../session.js';
import { defineAgentClient } from '../agent-client.js';
import { messagesConversation } from '../model/conversation.js';

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

/** Credentials and session variables of the caller that must not reach droid. */
const FOREIGN_ENV = /^(FACTORY_|FACTORYD_|DROID_|ANTHROPIC_|CLAUDE_|CLAUDECODE$|OPENAI_|AZURE_OPENAI|GEMINI_|GOOGLE_|AWS_BEARER_TOKEN_BEDROCK|VERTEX_|OTEL_|WORKOS_)/;

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
  return findBin('droid', from);
}

/** The installed droid's version ("0.215.0"), or null when it is missing or does not answer. */
export function droidVersion(bin: string | null = findDroid()): string | null {
  if (!bin) return null;
  // droid writes ~/.factory on any start, --version included: give it a home of its own.
  const home = mkdtempSync(join(tmpdir(), 'ralph-hooks-droid-version-'));
  try {
    return versionIn(spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env: isolatedEnv(home, FOREIGN_ENV, DROID_OFFLINE_ENV) }).stdout);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** $HOME/.factory/settings.json for a scripted run: one custom model on the loopback server. */
export function droidHomeSettings(modelUrl: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...extra,
    customModels: [{ model: DROID_MODEL, displayName: 'Scripted model', baseUrl: modelUrl, apiKey: DUMMY_DROID_KEY, provider: 'anthropic', maxOutputTokens: 4096 }],
  };
}

/** The session's JSONL: ~/.factory/sessions/<cwd with / as ->/<session id>.jsonl. */
function findTranscript(home: string, sessionId: string | null): string | null {
  const found = transcriptFiles(join(home, '.factory/sessions'), /^[^/]+\/[^/]+\.jsonl$/, 1);
  return (sessionId ? found.find((p) => p.endsWith(`/${sessionId}.jsonl`)) : undefined) ?? found.sort().pop() ?? null;
}

/**
 * Run `droid exec` in `projectDir` against a scripted model and report what happened. droid
 * writes each hook run into its transcript with its command: the tap's wrapper is put back to
 * the registered command there.
 */
export async function runDroid(projectDir: string, options: RunDroidOptions = {}): Promise<RealClientRun & { home?: string }> {
  return runAgentSession(projectDir, options, {
    agent: 'droid',
    bin: requireBin('droid', 'Factory droid', DROID_INSTALL, projectDir, options.bin),
    protocol: 'messages',
    homePrefix: 'ralph-hooks-droid-',
    tappedFiles: DROID_TAPPED_FILES,
    prepare: (home, _root, model) => {
      mkdirSync(join(home, '.factory'), { recursive: true });
      writeFileSync(join(home, '.factory/settings.json'), `${JSON.stringify(droidHomeSettings(model.url, options.settings), null, 2)}\n`);
      return {
        args: ['exec', '--auto', options.auto ?? 'high', '-m', `custom:${DROID_MODEL}`, '-o', 'json', ...(options.args ?? []), options.prompt ?? 'Continue'],
        env: isolatedEnv(home, FOREIGN_ENV, DROID_OFFLINE_ENV),
      };
    },
    // `-o json` prints one result object: {type:"result", subtype, is_error, result, session_id, num_turns, usage…}.
    collect: ({ home, stdout }) => {
      const result = lastJsonObject(stdout);
      const sessionId = typeof result?.session_id === 'string' ? result.session_id : null;
      return { result, sessionId, transcriptPath: findTranscript(home, sessionId) };
    },
  });
}

/** This agent's client, the file's default export, found by the agent's name from the target registry (agent-client.ts). */
const client = defineAgentClient({
  agent: 'droid',
  command: 'droid',
  package: 'droid',
  install: DROID_INSTALL,
  find: findDroid,
  version: droidVersion,
    reader: messagesConversation,
  run: runDroid,
});
export default client;
