/**
 * A target is one agent's way of running hooks: where the scripts go, how they are
 * registered, which hook contract they answer in, and what its hook input calls things.
 * Each target is a file of its own in src/targets/; src/targets/index.ts lists them.
 */
import type { Finding } from '../doctor.js';
import type { HookCommand } from '../hooks.js';
import type { FileChange } from '../plan.js';
import type { HookContract } from '../presets/types.js';

/** The agent a target's hooks run under (scenario files name these). */
export type AgentId = 'claude-code' | 'codex' | 'forgeflare';

/** How the agent's hook input names the things the presets read. */
export interface InputFields {
  /** tool_name of the agent's shell tool in PreToolUse/PostToolUse input. */
  shellTool: string;
  /** The key of the command line inside tool_input. */
  shellCommand: string;
  /** Does the Stop input carry last_assistant_message? */
  lastAssistantMessage: boolean;
  /** Transcript format behind transcript_path. */
  transcript: 'claude-code-jsonl' | 'codex-rollout-jsonl' | 'none';
}

export interface Target {
  id: string;
  summary: string;
  agent: AgentId;
  /** Which answers the generated scripts print (presets branch on it). */
  contract: HookContract;
  hooksDir: string;
  /** The registration file's format: Claude Code's hooks JSON (settings.json shape) or forgeflare's hooks.toml. */
  registration: 'claude-settings' | 'forgeflare-toml';
  /** The file our hook commands are registered in (doctor checks it). */
  registrationFile: string;
  /** Put in front of a script's project-relative path in the registered command. */
  commandRoot: string;
  /** Where slash-command files of the loop preset go. */
  commandsDir: string;
  input: InputFields;
  /** Target-specific doctor findings (the agent's own switches, say). */
  checks?(root: string): Finding[];
  /** Plan the registration files: every file it touches, merged, never a conflict. */
  register(root: string, commands: HookCommand[], ownedScripts: string[]): FileChange[];
}
