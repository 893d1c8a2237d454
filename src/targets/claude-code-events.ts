/**
 * Claude Code's hook events, and when each fires: read from the event table in its binary
 * (Claude Code 2.1.332, `strings claude.exe`: each event's `summary` and, when its matcher is
 * used, `matcherMetadata`; 2.1.328's table is the same without PreSkillShellCommand). Most
 * agents copy these names: their targets name the events they fire, and src/hook-events.ts
 * joins every target's list into one table.
 */
import type { HookEventDeclaration } from './types.js';

/** The first Claude Code that runs PreSkillShellCommand hooks; older ones ignore the event. */
export const SKILL_SHELL_MIN_CLAUDE_CODE = '2.1.332';

export const CLAUDE_CODE_EVENTS: readonly HookEventDeclaration[] = [
  { event: 'PreToolUse', matcher: 'tool', summary: 'before a tool call; can deny it' },
  { event: 'PostToolUse', matcher: 'tool', summary: 'after a tool call succeeds' },
  { event: 'PostToolUseFailure', matcher: 'tool', summary: 'after a tool call fails' },
  { event: 'PostToolBatch', matcher: 'none', summary: 'once every tool call of a batch has resolved' },
  { event: 'PreSkillShellCommand', matcher: 'tool', summary: 'before a shell line of a skill or custom slash command runs (tool_name Bash or PowerShell); PreToolUse does not see these lines', since: SKILL_SHELL_MIN_CLAUDE_CODE },
  { event: 'PermissionRequest', matcher: 'tool', summary: 'when a permission dialog is shown' },
  { event: 'PermissionDenied', matcher: 'tool', summary: 'after auto mode denies a tool call' },
  { event: 'UserPromptSubmit', matcher: 'none', summary: 'when a prompt is submitted' },
  { event: 'UserPromptExpansion', matcher: 'other', matches: 'the slash command', summary: 'when a slash command expands into a prompt' },
  { event: 'Stop', matcher: 'none', summary: 'when the agent is about to end its turn; can keep it going' },
  // invalid_request: Claude Code 2.1.328, a context still too long after a compaction.
  { event: 'StopFailure', matcher: 'other', matches: 'the error type', summary: 'instead of Stop, when an API error ends the turn; its output is ignored', seen: ['invalid_request'] },
  { event: 'SubagentStart', matcher: 'other', matches: 'the agent type', summary: 'when a subagent starts' },
  { event: 'SubagentStop', matcher: 'other', matches: 'the agent type', summary: 'when a subagent is about to end' },
  // compact: after an automatic compaction (test/real-client/compaction*.test.ts).
  { event: 'SessionStart', matcher: 'other', matches: 'the source (startup, resume, clear, compact…)', summary: 'when a session starts, resumes or is compacted', seen: ['startup', 'compact'] },
  { event: 'SessionEnd', matcher: 'other', matches: 'the reason', summary: 'when a session ends' },
  { event: 'Notification', matcher: 'other', matches: 'the notification type', summary: 'when the agent sends a notification' },
  { event: 'PreCompact', matcher: 'other', matches: 'the trigger (manual, auto)', summary: 'before the conversation is compacted' },
  { event: 'PostCompact', matcher: 'other', matches: 'the trigger (manual, auto)', summary: 'after the conversation is compacted' },
  { event: 'PreModelSwitch', matcher: 'other', matches: 'the model', summary: 'before a requested model switch' },
  { event: 'PostModelSwitch', matcher: 'other', matches: 'the model', summary: 'after the session model changes' },
  { event: 'Setup', matcher: 'other', matches: 'init or maintenance', summary: 'repository setup hooks' },
  { event: 'TeammateIdle', matcher: 'none', summary: 'when a teammate is about to go idle' },
  { event: 'TaskCreated', matcher: 'none', summary: 'when a task is being created' },
  { event: 'TaskCompleted', matcher: 'none', summary: 'when a task is being marked as completed' },
  { event: 'Elicitation', matcher: 'other', matches: 'the MCP server', summary: 'when an MCP server asks the user for input' },
  { event: 'ElicitationResult', matcher: 'other', matches: 'the MCP server', summary: 'after the user answers an MCP elicitation' },
  { event: 'ConfigChange', matcher: 'other', matches: 'the settings source', summary: 'when a settings file changes during a session' },
  { event: 'InstructionsLoaded', matcher: 'other', matches: 'why the file was loaded', summary: 'when an instruction file (CLAUDE.md, QWEN.md, a rule) is loaded' },
  { event: 'WorktreeCreate', matcher: 'none', summary: 'to create an isolated worktree' },
  { event: 'WorktreeRemove', matcher: 'none', summary: 'to remove a worktree' },
  { event: 'CwdChanged', matcher: 'none', summary: 'after the working directory changes' },
  { event: 'FileChanged', matcher: 'other', matches: 'the file names to watch', summary: 'when a watched file changes' },
  { event: 'DirectoryAdded', matcher: 'other', matches: 'how the folder was added', summary: 'after a working directory is added mid-session' },
  { event: 'MessageDisplay', matcher: 'none', summary: 'while the reply is shown; display only' },
];

/** Events by Claude Code's names alone: `named('PreToolUse', 'Stop')`, for agents that copy them as they are. */
export const named = (...events: string[]): HookEventDeclaration[] => events.map((event) => ({ event }));
