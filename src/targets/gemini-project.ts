/**
 * Gemini CLI project hooks: `hooks` in `<repo>/.gemini/settings.json`, in Claude Code's
 * shape under Gemini's event names (AfterAgent for Stop, BeforeTool for PreToolUse). Gemini
 * loads a project's hooks only in a trusted folder. Checked against the real `gemini -p`
 * (0.61.0): see docs/agents.md.
 */
import { registerInSettings } from './claude-project.js';
import type { Target } from './types.js';

const FILE = '.gemini/settings.json';

/** Put in front of a script's path in the registered command (and how our handlers are recognised). */
const COMMAND_ROOT = '"$GEMINI_PROJECT_DIR"/';

export const geminiProject = {
  id: 'gemini-project',
  summary: 'Gemini CLI project hooks: scripts in .gemini/hooks/, registered in .gemini/settings.json (AfterAgent, BeforeTool, AfterTool)',
  agent: 'gemini',
  agentName: 'Gemini CLI',
  contract: 'gemini',
  registration: 'claude-settings',
  hooksDir: '.gemini/hooks',
  registrationFile: FILE,
  commandRoot: COMMAND_ROOT,
  commandsDir: null,
  agentDir: '.gemini',
  input: {
    shellTool: 'run_shell_command',
    shellCommand: 'command',
    // prompt_response holds the last answer.
    lastAssistantMessage: true,
    transcript: 'gemini-jsonl',
    toolNames: { run_shell_command: 'Bash', write_file: 'Write', replace: 'Edit', read_file: 'Read', search_file_content: 'Grep', glob: 'Glob' },
  },
  // No block cap, and stop_hook_active is false again after tool calls: only the hook's own counting ends a loop.
  stop: { blockCap: null, stopHookActiveReliable: false },
  events: { Stop: 'AfterAgent', PreToolUse: 'BeforeTool', PostToolUse: 'AfterTool', SessionStart: 'SessionStart', SessionEnd: 'SessionEnd' },
  startHint: 'Start Gemini CLI here in a trusted folder (gemini, then /permissions to trust it; headless: GEMINI_CLI_TRUST_WORKSPACE=true): it reads .gemini/settings.json when a session starts; /hooks lists the hooks',
  register: registerInSettings(FILE, COMMAND_ROOT),
} as const satisfies Target;
