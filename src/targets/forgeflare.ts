import { join } from 'node:path';
import { projectHookFile } from './hook-sources.js';
import { forgeflareRecords, mergeForgeflareHooks } from '../registration/forgeflare-toml.js';
import { classifyMerged, readIfExists } from '../registration/merged-file.js';
import type { Target } from './types.js';
import { named } from './claude-code-events.js';

const FILE = '.forgeflare/hooks.toml';

/** forgeflare's hook events (its hooks.toml, seed 002). */
export const FORGEFLARE_EVENTS = named('PreToolUse', 'PostToolUse', 'Stop');

export const forgeflare = {
  id: 'forgeflare',
  summary: 'forgeflare, a coding agent with its own hook file: scripts in .forgeflare/hooks/, registered in .forgeflare/hooks.toml',
  agent: 'forgeflare',
  agentName: 'forgeflare',
  contract: 'forgeflare',
  registration: 'forgeflare-toml',
  hooksDir: '.forgeflare/hooks',
  registrationFile: FILE,
  protectedPaths: ['.forgeflare/**'],
  // forgeflare runs `bash -c <command>` in the project root and sets no project variable.
  commandRoot: '',
  projectDirVariables: [],
  commandsDir: null,
  agentDir: '.forgeflare',
  input: { shellTool: 'Bash', shellCommand: 'command', lastAssistantMessage: false, transcript: 'none' },
  stop: { blockCap: null, stopHookActiveReliable: false },
  hookEvents: FORGEFLARE_EVENTS,
  hookSources: (root) => [{ ...projectHookFile(root, FILE), format: 'forgeflare-toml' }],
  startHint: 'Start forgeflare here: it reads .forgeflare/hooks.toml when it starts',
  // Merged as text, so the user's entries keep their comments and layout.
  register: (root, commands, ownership) => [
    { ...classifyMerged(root, FILE, mergeForgeflareHooks(readIfExists(join(root, FILE), FILE), commands, ownership, FILE, '')), registered: forgeflareRecords(commands) },
  ],
} as const satisfies Target;
