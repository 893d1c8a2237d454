import { formatJson } from '../json-text.js';
import { mergeHookSettings } from '../registration/claude-settings.js';
import { planMergedJson } from '../registration/merged-file.js';
import type { HookCommand } from '../hooks.js';
import type { InputFields, Target } from './types.js';

/** Claude Code's hook input (2.1.47+ sends last_assistant_message). */
export const CLAUDE_CODE_INPUT: InputFields = {
  shellTool: 'Bash',
  shellCommand: 'command',
  lastAssistantMessage: true,
  transcript: 'claude-code-jsonl',
};

/** settings.json and hooks/hooks.json: merged JSON, byte for byte untouched when nothing changes. */
export function registerInSettings(file: string, commandRoot: string) {
  return (root: string, commands: HookCommand[], ownedScripts: string[]) => [
    planMergedJson(root, file, (parsed) => mergeHookSettings(parsed, commands, ownedScripts, file, commandRoot), (_current, merged) => formatJson(merged)),
  ];
}

/** Put in front of a script's path in the registered command (and how our handlers are recognised). */
const COMMAND_ROOT = '"$CLAUDE_PROJECT_DIR"/';

export const claudeProject = {
  id: 'claude-project',
  summary: 'Claude Code project hooks: scripts in .claude/hooks/, registered in .claude/settings.json',
  agent: 'claude-code',
  contract: 'claude-code',
  registration: 'claude-settings',
  hooksDir: '.claude/hooks',
  registrationFile: '.claude/settings.json',
  commandRoot: COMMAND_ROOT,
  commandsDir: '.claude/commands',
  input: CLAUDE_CODE_INPUT,
  register: registerInSettings('.claude/settings.json', COMMAND_ROOT),
} as const satisfies Target;
