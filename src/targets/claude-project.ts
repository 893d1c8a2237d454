import { formatJson } from '../util/json-text.js';
import { mergeHookSettings } from '../registration/claude-settings.js';
import { planMergedJson } from '../registration/merged-file.js';
import type { FileChange, HookCommand, Ownership } from '../hook-types.js';
import { recordOf } from '../registration/ownership.js';
import { claudeCodeHookSources } from './claude-code-sources.js';
import type { InputFields, StopBehaviour, Target } from './types.js';
import { CLAUDE_CODE_EVENTS } from './claude-code-events.js';

/** Claude Code's hook input (2.1.47+ sends last_assistant_message). */
export const CLAUDE_CODE_INPUT: InputFields = {
  shellTool: 'Bash',
  shellCommand: 'command',
  lastAssistantMessage: true,
  transcript: 'claude-code-jsonl',
};

/** Claude Code ends a turn after 8 Stop blocks in a row (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP). */
export const CLAUDE_CODE_STOP: StopBehaviour = { blockCap: 8, stopHookActiveReliable: true };

/** settings.json and hooks/hooks.json: merged JSON, byte for byte untouched when nothing changes. */
export function registerInSettings(file: string, commandRoot: string, finish: (merged: Record<string, unknown>) => Record<string, unknown> = (merged) => merged) {
  return (root: string, commands: HookCommand[], ownership: Ownership): FileChange[] => [
    {
      ...planMergedJson(root, file, (parsed) => finish(mergeHookSettings(parsed, commands, ownership, file, commandRoot)), (_current, merged) => formatJson(merged)),
      registered: commands.map(recordOf),
    },
  ];
}

/** Put in front of a script's path in the registered command (and how our handlers are recognised). */
const COMMAND_ROOT = '"$CLAUDE_PROJECT_DIR"/';


export const claudeProject = {
  id: 'claude-project',
  summary: 'Claude Code project hooks: scripts in .claude/hooks/, registered in .claude/settings.json',
  agent: 'claude-code',
  agentName: 'Claude Code',
  contract: 'claude-code',
  registration: 'claude-settings',
  hooksDir: '.claude/hooks',
  registrationFile: '.claude/settings.json',
  protectedPaths: ['.claude/hooks/**', '.claude/settings.json', '.claude/settings.local.json'],
  commandRoot: COMMAND_ROOT,
  projectDirVariables: ['CLAUDE_PROJECT_DIR'],
  commandsDir: '.claude/commands',
  agentDir: '.claude',
  input: CLAUDE_CODE_INPUT,
  stop: CLAUDE_CODE_STOP,
  hookEvents: CLAUDE_CODE_EVENTS,
  hookSources: claudeCodeHookSources,
  startHint: 'Start (or restart) Claude Code here: it reads hooks when a session starts; /hooks lists them',
  register: registerInSettings('.claude/settings.json', COMMAND_ROOT),
} as const satisfies Target;
