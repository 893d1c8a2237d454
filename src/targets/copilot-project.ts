/**
 * GitHub Copilot CLI project hooks: `<repo>/.github/hooks/ralph-hooks.json` in Claude Code's
 * shape (Copilot reads every .json file there). Copilot also runs the hooks of
 * .claude/settings.json; ralph-hooks keeps its own handlers out of every file but the target's,
 * so no hook runs twice. Copilot skips a repository's hooks unless the folder is
 * trusted. Checked against the real `copilot -p` (1.0.102): see docs/agents.md.
 */
import { join } from 'node:path';
import type { Finding } from '../hook-types.js';
import { hookFileAt, jsonFilesIn, projectHookFile } from './hook-sources.js';
import { registerInSettings } from './claude-project.js';
import { folderAndParents, readHomeJson } from './home-settings.js';
import type { HookEventDeclaration, Target } from './types.js';

const FILE = '.github/hooks/ralph-hooks.json';

/** Put in front of a script's path in the registered command (and how our handlers are recognised). */
const COMMAND_ROOT = '"$COPILOT_PROJECT_DIR"/';

/** Copilot skips a repository's hooks, silently, unless the folder is trusted. */
function trustFinding(root: string): Finding {
  if (process.env.COPILOT_ALLOW_ALL === 'true') {
    return { code: 'RH21', ok: true, message: 'COPILOT_ALLOW_ALL=true: Copilot CLI trusts every folder and runs its hooks' };
  }
  const folders = new Set(folderAndParents(root));
  const listed = ['config.json', 'settings.json'].flatMap((file) => {
    const settings = readHomeJson('.copilot', file) as { trusted_folders?: unknown; trustedFolders?: unknown } | undefined;
    const list = settings?.trusted_folders ?? settings?.trustedFolders;
    return Array.isArray(list) ? list.filter((dir): dir is string => typeof dir === 'string') : [];
  });
  if (listed.some((dir) => folders.has(dir))) {
    return { code: 'RH21', ok: true, message: '~/.copilot lists this folder as trusted: Copilot CLI runs its hooks' };
  }
  return {
    code: 'RH21',
    ok: true,
    warning: true,
    message: 'Copilot CLI may not trust this folder yet: it skips the hooks of an untrusted folder without a word.',
    fix: 'Start copilot here and choose to trust the folder (it remembers); for headless runs pass --trust-folder to copilot -p, or set COPILOT_ALLOW_ALL=true.',
  };
}

/**
 * Copilot CLI's hook events (1.0.102: its native events, testkit/clients/agents/copilot.ts). In
 * Claude Code's file shape, which ralph-hooks writes, it takes Claude Code's names; in its own,
 * the names below (agentStop…).
 */
export const COPILOT_EVENTS = (
  [
    ['PreToolUse', 'preToolUse'],
    ['PostToolUse', 'postToolUse'],
    ['PostToolUseFailure', 'postToolUseFailure'],
    ['PermissionRequest', 'permissionRequest'],
    ['UserPromptSubmit', 'userPromptSubmitted'],
    ['Stop', 'agentStop'],
    ['SubagentStart', 'subagentStart'],
    ['SubagentStop', 'subagentStop'],
    ['SessionStart', 'sessionStart'],
    ['SessionEnd', 'sessionEnd'],
    ['Notification', 'notification'],
    ['PreCompact', 'preCompact'],
  ] as const
).map(([event, alsoNamed]): HookEventDeclaration => ({ event, alsoNamed }));

export const copilotProject = {
  id: 'copilot-project',
  summary: 'GitHub Copilot CLI project hooks: scripts in .github/hooks/, registered in .github/hooks/ralph-hooks.json',
  agent: 'copilot',
  agentName: 'Copilot CLI',
  contract: 'claude-code',
  registration: 'claude-settings',
  hooksDir: '.github/hooks',
  registrationFile: FILE,
  protectedPaths: ['.github/hooks/**'],
  commandRoot: COMMAND_ROOT,
  projectDirVariables: ['COPILOT_PROJECT_DIR'],
  commandsDir: null,
  agentDir: '.github',
  input: {
    shellTool: 'Bash',
    shellCommand: 'command',
    // The Stop input has no last message: the stop-watchers read Copilot's events.jsonl.
    lastAssistantMessage: false,
    transcript: 'copilot-events-jsonl',
  },
  // 8 blocks in a row end the turn ("blocked 8 consecutive times; ending turn").
  stop: { blockCap: 8, stopHookActiveReliable: true },
  hookEvents: COPILOT_EVENTS,
  // Copilot reads every .json file in .github/hooks/, and Claude Code's project settings too.
  hookSources: (root) => [...jsonFilesIn(join(root, '.github', 'hooks')).map((path) => hookFileAt('project', path, root)), projectHookFile(root, '.claude/settings.json')],
  startHint: 'Start Copilot CLI here and trust the folder when it asks (headless: copilot -p … --trust-folder): it skips the hooks of an untrusted folder',
  checks: (root) => [trustFinding(root)],
  // Copilot also runs .claude/settings.json: handlers ralph-hooks wrote there (under a Claude Code
  // target) leave it, as they leave every other target's file (plan.ts, deregisterElsewhere).
  register: registerInSettings(FILE, COMMAND_ROOT),
} as const satisfies Target;
