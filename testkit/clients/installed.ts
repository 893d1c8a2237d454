/**
 * Which agent CLIs are installed where a project runs (its node_modules/.bin, else PATH), and
 * their versions: what the contract test records under and what `doctor --clients` runs.
 */
import { claudeCodeVersion, CLAUDE_CODE_INSTALL, findClaudeCode } from './agents/claude-code.js';
import { CODEX_INSTALL, codexVersion, findCodex } from './agents/codex.js';
import { COPILOT_INSTALL, copilotVersion, findCopilot } from './agents/copilot.js';
import { DROID_INSTALL, droidVersion, findDroid } from './agents/droid.js';
import { findGemini, GEMINI_INSTALL, geminiVersion } from './agents/gemini.js';
import { findQwenCode, QWEN_CODE_INSTALL, qwenCodeVersion } from './agents/qwen-code.js';

/** How to find one agent's CLI, ask its version, and install it. */
export interface ClientProbe {
  agent: string;
  find(from?: string): string | null;
  version(bin: string): string | null;
  /** The command it installs (what is looked for in node_modules/.bin and on PATH). */
  command: string;
  /** The npm package that installs it. */
  package: string;
  install: string;
}

/** Every agent with a real-client runner, in the order reports list them. */
export const CLIENT_PROBES: readonly ClientProbe[] = [
  { agent: 'claude-code', command: 'claude', package: '@anthropic-ai/claude-code', find: findClaudeCode, version: claudeCodeVersion, install: CLAUDE_CODE_INSTALL },
  { agent: 'codex', command: 'codex', package: '@openai/codex', find: findCodex, version: codexVersion, install: CODEX_INSTALL },
  { agent: 'qwen-code', command: 'qwen', package: '@qwen-code/qwen-code', find: findQwenCode, version: qwenCodeVersion, install: QWEN_CODE_INSTALL },
  { agent: 'copilot', command: 'copilot', package: '@github/copilot', find: findCopilot, version: copilotVersion, install: COPILOT_INSTALL },
  { agent: 'gemini', command: 'gemini', package: '@google/gemini-cli', find: findGemini, version: geminiVersion, install: GEMINI_INSTALL },
  { agent: 'droid', command: 'droid', package: 'droid', find: findDroid, version: droidVersion, install: DROID_INSTALL },
];

/** An agent CLI found on this machine. */
export interface InstalledClient {
  agent: string;
  bin: string;
  /** Its version, or null when it did not answer `--version`. */
  version: string | null;
}

/** The agent CLIs installed for a project at `from` (its node_modules/.bin or PATH), with their versions. */
export function installedClients(from: string = process.cwd(), agents?: readonly string[]): InstalledClient[] {
  return CLIENT_PROBES.filter((probe) => !agents || agents.includes(probe.agent)).flatMap((probe) => {
    const bin = probe.find(from);
    return bin ? [{ agent: probe.agent, bin, version: probe.version(bin) }] : [];
  });
}
