import { CLAUDE_CODE_INPUT, registerInSettings } from './claude-project.js';
import type { Target } from './types.js';

export const claudePlugin = {
  id: 'claude-plugin',
  summary: 'A Claude Code plugin: scripts in hooks/scripts/, registered in hooks/hooks.json',
  agent: 'claude-code',
  contract: 'claude-code',
  hooksDir: 'hooks/scripts',
  registrationFile: 'hooks/hooks.json',
  commandRoot: '"${CLAUDE_PLUGIN_ROOT}"/',
  commandsDir: 'commands',
  input: CLAUDE_CODE_INPUT,
  register: registerInSettings('hooks/hooks.json'),
} as const satisfies Target;
