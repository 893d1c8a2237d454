/**
 * Factory droid project hooks: the `hooks` key of `<repo>/.factory/settings.json`, in Claude
 * Code's shape (droid ignores a .factory/hooks.json). Checked against the real `droid exec`
 * (0.215.0): see docs/agents.md.
 */
import { join } from 'node:path';
import { hookFileAt, projectHookFile } from './hook-sources.js';
import { registerInSettings } from './claude-project.js';
import { homeFolder } from './home-settings.js';
import type { Target } from './types.js';
import { named } from './claude-code-events.js';

const FILE = '.factory/settings.json';

/**
 * Put in front of a script's path in the registered command (and how our handlers are
 * recognised). Started in a subfolder of a git repository, droid reads the root's settings
 * but sets FACTORY_PROJECT_DIR (and the hook's working folder) to the subfolder: the root
 * comes from git.
 */
const COMMAND_ROOT = '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/';

/** Factory droid's hook events (0.215.0: the event names in its binary), by Claude Code's names. */
export const DROID_EVENTS = named('PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'SessionStart', 'SessionEnd', 'Notification', 'PreCompact');

export const droidProject = {
  id: 'droid-project',
  summary: 'Factory droid project hooks: scripts in .factory/hooks/, registered in .factory/settings.json',
  agent: 'droid',
  agentName: 'Factory droid',
  contract: 'claude-code',
  registration: 'claude-settings',
  hooksDir: '.factory/hooks',
  registrationFile: FILE,
  protectedPaths: ['.factory/hooks/**', '.factory/settings.json'],
  commandRoot: COMMAND_ROOT,
  projectDirVariables: ['FACTORY_PROJECT_DIR'],
  commandsDir: null,
  agentDir: '.factory',
  input: {
    shellTool: 'Execute',
    shellCommand: 'command',
    // The Stop input has no last message: the stop-watchers read droid's transcript.
    lastAssistantMessage: false,
    transcript: 'droid-jsonl',
    toolNames: { Execute: 'Bash', Create: 'Write' },
  },
  // No block cap: a hook that always blocks keeps droid going for ever.
  stop: { blockCap: null, stopHookActiveReliable: true },
  hookEvents: DROID_EVENTS,
  // droid lets a call through when a hook exits 1, 127 or is killed; exit 2 denies.
  guardFailure: 'exit-2',
  hookSources: (root, env) => [hookFileAt('user', join(homeFolder(env), '.factory', 'settings.json'), root), projectHookFile(root, FILE)],
  startHint: 'Start droid here (droid, or droid exec): it reads .factory/settings.json when a session starts',
  register: registerInSettings(FILE, COMMAND_ROOT),
} as const satisfies Target;
