/**
 * Qwen Code project hooks. Qwen reads `<repo>/.qwen/settings.json` in Claude Code's shape and
 * rewrites the file to add `"$version": 4` when it is missing, so ralph-hooks writes it too and
 * the file stays as generate left it. Checked against the real `qwen` (0.24.4): see
 * docs/agents.md.
 */
import { join } from 'node:path';
import { hookFileAt, projectHookFile } from './hook-sources.js';
import { registerInSettings } from './claude-project.js';
import { homeFolder } from './home-settings.js';
import type { HookEventDeclaration, Target } from './types.js';
import { named } from './claude-code-events.js';

const FILE = '.qwen/settings.json';
/** The settings version Qwen Code 0.24 writes into a file without one. */
const SETTINGS_VERSION = 4;

/** Put in front of a script's path in the registered command (and how our handlers are recognised). */
const COMMAND_ROOT = '"$QWEN_PROJECT_DIR"/';

/** Qwen Code's hook events (0.24.4: the "Hook Events" table of its bundled docs/features/hooks.md). */
export const QWEN_CODE_EVENTS: readonly HookEventDeclaration[] = [
  ...named('PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'PermissionRequest', 'PermissionDenied', 'UserPromptSubmit', 'UserPromptExpansion'),
  ...named('Stop', 'StopFailure', 'SubagentStart', 'SubagentStop', 'SessionStart', 'SessionEnd', 'Notification', 'PreCompact', 'PostCompact', 'InstructionsLoaded', 'MessageDisplay'),
  // Qwen Code's own.
  { event: 'SessionDelete', matcher: 'none', summary: 'after a chosen session is deleted' },
  { event: 'TodoCreated', matcher: 'none', summary: 'when a todo item is created' },
  { event: 'TodoCompleted', matcher: 'none', summary: 'when a todo item is completed' },
];

export const qwenProject = {
  id: 'qwen-project',
  summary: 'Qwen Code project hooks: scripts in .qwen/hooks/, registered in .qwen/settings.json',
  agent: 'qwen-code',
  agentName: 'Qwen Code',
  contract: 'claude-code',
  registration: 'claude-settings',
  hooksDir: '.qwen/hooks',
  registrationFile: FILE,
  protectedPaths: ['.qwen/hooks/**', '.qwen/settings.json'],
  // QWEN_PROJECT_DIR names the project (QWEN_CODE_PROJECT_DIR is Qwen's own folder under ~/.qwen).
  commandRoot: COMMAND_ROOT,
  projectDirVariables: ['QWEN_PROJECT_DIR'],
  commandsDir: null,
  agentDir: '.qwen',
  input: {
    shellTool: 'run_shell_command',
    shellCommand: 'command',
    lastAssistantMessage: true,
    transcript: 'none',
    toolNames: { run_shell_command: 'Bash', write_file: 'Write', edit: 'Edit', read_file: 'Read', grep_search: 'Grep', glob: 'Glob' },
    // Its hook matchers take Claude Code's names as well as its own.
    matchesClaudeToolNames: true,
  },
  // 8 blocks in a row end the turn (QWEN_CODE_STOP_HOOK_BLOCK_CAP).
  stop: { blockCap: 8, stopHookActiveReliable: true },
  hookEvents: QWEN_CODE_EVENTS,
  // Qwen has no onFailure and lets a call through when a hook exits 1 or 127; exit 2 denies.
  guardFailure: 'exit-2',
  matcherSyntax: 'gemini',
  // Project, then user, then system (as Gemini CLI sorts them); the project's hooks are skipped in a folder Qwen does not trust.
  hookSources: (root, env) => [
    projectHookFile(root, FILE),
    hookFileAt('user', join(homeFolder(env), '.qwen', 'settings.json'), root),
    hookFileAt('system', env.QWEN_CODE_SYSTEM_DEFAULTS_PATH || '/etc/qwen-code/system-defaults.json', root),
    hookFileAt('system', env.QWEN_CODE_SYSTEM_SETTINGS_PATH || '/etc/qwen-code/settings.json', root),
  ],
  startHint: 'Start Qwen Code here (qwen): it reads .qwen/settings.json when a session starts; /hooks lists the hooks',
  register: registerInSettings(FILE, COMMAND_ROOT, (merged) => ('$version' in merged ? merged : { $version: SETTINGS_VERSION, ...merged })),
} as const satisfies Target;
