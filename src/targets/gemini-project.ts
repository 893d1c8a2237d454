/**
 * Gemini CLI project hooks: `hooks` in `<repo>/.gemini/settings.json`, in Claude Code's
 * shape under Gemini's event names (AfterAgent for Stop, BeforeTool for PreToolUse). Gemini
 * loads a project's hooks only in a trusted folder. Checked against the real `gemini -p`
 * (0.61.0): see docs/agents.md.
 */
import { join } from 'node:path';
import type { Finding } from '../hook-types.js';
import { hookFileAt, projectHookFile } from './hook-sources.js';
import { registerInSettings } from './claude-project.js';
import { folderAndParents, homeFolder, readHomeJson } from './home-settings.js';
import type { HookEventDeclaration, Target } from './types.js';
import { named } from './claude-code-events.js';

const FILE = '.gemini/settings.json';

/**
 * Put in front of a script's path in the registered command (and how our handlers are
 * recognised). Gemini pastes the project's path, shell-quoted, into the command text in place
 * of `$GEMINI_PROJECT_DIR`, which breaks `"$GEMINI_PROJECT_DIR"/x` for a path with a space;
 * the braced form survives it.
 */
const COMMAND_ROOT = '"${GEMINI_PROJECT_DIR}"/';

/** Gemini loads a project's hooks only in a trusted folder: GEMINI_CLI_TRUST_WORKSPACE, or ~/.gemini/trustedFolders.json. */
function trustFinding(root: string): Finding {
  if (process.env.GEMINI_CLI_TRUST_WORKSPACE === 'true') {
    return { code: 'RH21', ok: true, message: 'GEMINI_CLI_TRUST_WORKSPACE=true: Gemini CLI trusts this folder and runs its hooks' };
  }
  const trusted = readHomeJson('.gemini', 'trustedFolders.json') as Record<string, unknown> | undefined;
  const [folder, ...parents] = folderAndParents(root);
  const level = (dir: string) => (trusted && typeof trusted === 'object' ? trusted[dir] : undefined);
  if (level(folder) === 'TRUST_FOLDER' || parents.some((dir) => level(dir) === 'TRUST_PARENT' || level(dir) === 'TRUST_FOLDER')) {
    return { code: 'RH21', ok: true, message: '~/.gemini/trustedFolders.json trusts this folder: Gemini CLI runs its hooks' };
  }
  return {
    code: 'RH21',
    ok: true,
    warning: true,
    message: 'Gemini CLI does not trust this folder yet, and skips the hooks of an untrusted folder.',
    fix: `Start gemini here once and trust the folder, or add "${folder}": "TRUST_FOLDER" to ~/.gemini/trustedFolders.json; for headless runs (gemini -p) set GEMINI_CLI_TRUST_WORKSPACE=true.`,
  };
}

/** Without an auth method in ~/.gemini/settings.json, `gemini -p` stops at "Invalid auth method selected". */
function authFinding(): Finding {
  const settings = readHomeJson('.gemini', 'settings.json') as { security?: { auth?: { selectedType?: unknown } } } | undefined;
  const selected = settings?.security?.auth?.selectedType;
  if (typeof selected === 'string' && selected !== '') {
    return { code: 'RH22', ok: true, message: `~/.gemini/settings.json selects the auth method "${selected}"` };
  }
  return {
    code: 'RH22',
    ok: true,
    warning: true,
    message: '~/.gemini/settings.json selects no auth method: a headless run (gemini -p) stops at "Invalid auth method selected".',
    fix: 'Sign in once with gemini, or with an API key (GEMINI_API_KEY) set {"security":{"auth":{"selectedType":"gemini-api-key"}}} in ~/.gemini/settings.json.',
  };
}

/** Gemini CLI's hook events (0.61.0: its `HookEventName` enum), its own names beside Claude Code's. */
export const GEMINI_EVENTS: readonly HookEventDeclaration[] = [
  { event: 'PreToolUse', name: 'BeforeTool' },
  { event: 'PostToolUse', name: 'AfterTool' },
  { event: 'Stop', name: 'AfterAgent' },
  ...named('SessionStart', 'SessionEnd', 'Notification'),
  // Gemini CLI's own.
  { event: 'BeforeAgent', matcher: 'none', summary: 'after the prompt is submitted, before the agent plans' },
  { event: 'BeforeModel', matcher: 'other', matches: 'the request', summary: 'before each model request' },
  { event: 'AfterModel', matcher: 'other', matches: 'the response', summary: 'after each model response' },
  { event: 'BeforeToolSelection', matcher: 'other', matches: 'the request', summary: 'before the model chooses its tools' },
  { event: 'PreCompress', matcher: 'other', matches: 'the trigger', summary: 'before the history is compressed' },
];

export const geminiProject = {
  id: 'gemini-project',
  summary: 'Gemini CLI project hooks: scripts in .gemini/hooks/, registered in .gemini/settings.json (AfterAgent, BeforeTool, AfterTool)',
  agent: 'gemini',
  agentName: 'Gemini CLI',
  contract: 'gemini',
  registration: 'claude-settings',
  hooksDir: '.gemini/hooks',
  registrationFile: FILE,
  protectedPaths: ['.gemini/hooks/**', '.gemini/settings.json'],
  commandRoot: COMMAND_ROOT,
  projectDirVariables: ['GEMINI_PROJECT_DIR'],
  commandsDir: null,
  agentDir: '.gemini',
  input: {
    shellTool: 'run_shell_command',
    shellCommand: 'command',
    // prompt_response holds the answers since the prompt, joined by newlines.
    lastAssistantMessage: true,
    transcript: 'gemini-jsonl',
    toolNames: { run_shell_command: 'Bash', write_file: 'Write', replace: 'Edit', read_file: 'Read', grep_search: 'Grep', glob: 'Glob' },
  },
  // No block cap, and stop_hook_active is false again after tool calls: only the hook's own counting ends a loop.
  stop: { blockCap: null, stopHookActiveReliable: false },
  hookEvents: GEMINI_EVENTS,
  // A hook that exits with anything but 0 or 1 blocks: a guard that cannot run (127) denies,
  // but so would a missing stop-watcher block every stop, for ever.
  guardFailure: 'exit-2',
  hookFailure: 'exit-0',
  timeoutUnit: 'ms',
  events: { Stop: 'AfterAgent', PreToolUse: 'BeforeTool', PostToolUse: 'AfterTool', SessionStart: 'SessionStart', SessionEnd: 'SessionEnd' },
  matcherSyntax: 'gemini',
  // Project, then user, then system; the project's hooks are skipped in a folder Gemini does not trust.
  hookSources: (root, env) => [projectHookFile(root, FILE), hookFileAt('user', join(homeFolder(env), '.gemini', 'settings.json'), root), hookFileAt('system', env.GEMINI_CLI_SYSTEM_SETTINGS_PATH || '/etc/gemini-cli/settings.json', root)],
  startHint: 'Start Gemini CLI here in a trusted folder (gemini, then /permissions to trust it; headless: GEMINI_CLI_TRUST_WORKSPACE=true): it reads .gemini/settings.json when a session starts; /hooks lists the hooks',
  checks: (root) => [trustFinding(root), authFinding()],
  register: registerInSettings(FILE, COMMAND_ROOT),
} as const satisfies Target;
