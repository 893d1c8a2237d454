/**
 * Every hook event the agents define, in one table: what its matcher is compared with, and
 * which agents fire it, under which name, from which version. `explain`, the lint (RH16,
 * RH24), doctor (RH11) and the registration of optional events (hooks.ts) read it from here.
 *
 * Where each agent's list was read, in the version this project pins:
 * - Claude Code 2.1.332: the event table in its binary (`strings claude.exe`: each event's
 *   `summary` and, when its matcher is used, `matcherMetadata`). 2.1.328's table is the same
 *   without PreSkillShellCommand.
 * - Codex 0.169.0: the hook wire types in its binary (`PreToolUseCommandOutputWire`…).
 * - Qwen Code 0.24.4: the "Hook Events" table of its bundled docs/features/hooks.md.
 * - Copilot CLI 1.0.102: its native events (testkit/clients/agents/copilot.ts). In Claude Code's
 *   file shape, which ralph-hooks writes, it takes Claude Code's names; in its own, agentStop…
 * - Gemini CLI 0.61.0: its `HookEventName` enum.
 * - Factory droid 0.215.0: the event names in its binary.
 * - forgeflare: its hooks.toml (seed 002): PreToolUse, PostToolUse, Stop.
 */
import type { AgentId } from './targets/index.js';

/**
 * What an event's matcher is compared with. 'tool': the tool's name (Bash, Edit…); 'other':
 * something else the event names (SessionStart's source, PreCompact's trigger…); 'none': the
 * agent ignores a matcher on this event and runs every handler.
 */
export type MatcherKind = 'tool' | 'other' | 'none';

/** How one agent has an event: its own name when it differs, and the first version that fires it. */
export interface EventSupport {
  /** The agent's name for the event, where it is not the row's (Gemini CLI: BeforeTool). */
  name?: string;
  /** Another name the agent takes for it (Copilot CLI's own file shape: agentStop). */
  alsoNamed?: string;
  /** The first version known to fire it; absent: every version this project runs. */
  since?: string;
  /**
   * What the event's matcher was seen to match in the agent's real client, where a hook
   * depends on one value (SessionStart's `compact` source, StopFailure's `invalid_request`
   * error). The stop-watchers register for such a value only where it is listed here.
   */
  seen?: readonly string[];
}

export interface HookEventSpec {
  /** Claude Code's name, or the agent's own for an event Claude Code does not have. */
  name: string;
  matcher: MatcherKind;
  /** For 'other': what the matcher is compared with. */
  matches?: string;
  /** One line: when it fires. */
  summary: string;
  agents: Partial<Record<AgentId, EventSupport>>;
}

const ALL: EventSupport = {};
/** Claude Code and every agent that copies its names for the same event. */
const everywhere = (...agents: AgentId[]): Partial<Record<AgentId, EventSupport>> => Object.fromEntries(agents.map((agent) => [agent, ALL]));

/** The first Claude Code that runs PreSkillShellCommand hooks; older ones ignore the event. */
export const SKILL_SHELL_MIN_CLAUDE_CODE = '2.1.332';

export const HOOK_EVENTS: readonly HookEventSpec[] = [
  { name: 'PreToolUse', matcher: 'tool', summary: 'before a tool call; can deny it', agents: { ...everywhere('claude-code', 'codex', 'qwen-code', 'droid', 'forgeflare'), copilot: { alsoNamed: 'preToolUse' }, gemini: { name: 'BeforeTool' } } },
  { name: 'PostToolUse', matcher: 'tool', summary: 'after a tool call succeeds', agents: { ...everywhere('claude-code', 'codex', 'qwen-code', 'droid', 'forgeflare'), copilot: { alsoNamed: 'postToolUse' }, gemini: { name: 'AfterTool' } } },
  { name: 'PostToolUseFailure', matcher: 'tool', summary: 'after a tool call fails', agents: { ...everywhere('claude-code', 'qwen-code'), copilot: { alsoNamed: 'postToolUseFailure' } } },
  { name: 'PostToolBatch', matcher: 'none', summary: 'once every tool call of a batch has resolved', agents: everywhere('claude-code', 'qwen-code') },
  { name: 'PreSkillShellCommand', matcher: 'tool', summary: "before a shell line of a skill or custom slash command runs (tool_name Bash or PowerShell); PreToolUse does not see these lines", agents: { 'claude-code': { since: SKILL_SHELL_MIN_CLAUDE_CODE } } },
  { name: 'PermissionRequest', matcher: 'tool', summary: 'when a permission dialog is shown', agents: { ...everywhere('claude-code', 'codex', 'qwen-code'), copilot: { alsoNamed: 'permissionRequest' } } },
  { name: 'PermissionDenied', matcher: 'tool', summary: 'after auto mode denies a tool call', agents: everywhere('claude-code', 'qwen-code') },
  { name: 'UserPromptSubmit', matcher: 'none', summary: 'when a prompt is submitted', agents: { ...everywhere('claude-code', 'codex', 'qwen-code', 'droid'), copilot: { alsoNamed: 'userPromptSubmitted' } } },
  { name: 'UserPromptExpansion', matcher: 'other', matches: 'the slash command', summary: 'when a slash command expands into a prompt', agents: everywhere('claude-code', 'qwen-code') },
  { name: 'Stop', matcher: 'none', summary: 'when the agent is about to end its turn; can keep it going', agents: { ...everywhere('claude-code', 'codex', 'qwen-code', 'droid', 'forgeflare'), copilot: { alsoNamed: 'agentStop' }, gemini: { name: 'AfterAgent' } } },
  // invalid_request: Claude Code 2.1.328, a context still too long after a compaction. Codex 0.171.0 has no such event: a full context ends `codex exec` with no hook at all.
  { name: 'StopFailure', matcher: 'other', matches: 'the error type', summary: 'instead of Stop, when an API error ends the turn; its output is ignored', agents: { ...everywhere('qwen-code'), 'claude-code': { seen: ['invalid_request'] } } },
  { name: 'SubagentStart', matcher: 'other', matches: 'the agent type', summary: 'when a subagent starts', agents: { ...everywhere('claude-code', 'codex', 'qwen-code'), copilot: { alsoNamed: 'subagentStart' } } },
  { name: 'SubagentStop', matcher: 'other', matches: 'the agent type', summary: 'when a subagent is about to end', agents: { ...everywhere('claude-code', 'codex', 'qwen-code', 'droid'), copilot: { alsoNamed: 'subagentStop' } } },
  // compact: Claude Code 2.1.328 and Codex 0.171.0, after an automatic compaction (test/real-client/compaction*.test.ts).
  { name: 'SessionStart', matcher: 'other', matches: 'the source (startup, resume, clear, compact…)', summary: 'when a session starts, resumes or is compacted', agents: { ...everywhere('qwen-code', 'droid', 'gemini'), 'claude-code': { seen: ['startup', 'compact'] }, codex: { seen: ['startup', 'compact'] }, copilot: { alsoNamed: 'sessionStart' } } },
  { name: 'SessionEnd', matcher: 'other', matches: 'the reason', summary: 'when a session ends', agents: { ...everywhere('claude-code', 'codex', 'qwen-code', 'droid', 'gemini'), copilot: { alsoNamed: 'sessionEnd' } } },
  { name: 'Notification', matcher: 'other', matches: 'the notification type', summary: 'when the agent sends a notification', agents: { ...everywhere('claude-code', 'qwen-code', 'droid', 'gemini'), copilot: { alsoNamed: 'notification' } } },
  { name: 'PreCompact', matcher: 'other', matches: 'the trigger (manual, auto)', summary: 'before the conversation is compacted', agents: { ...everywhere('claude-code', 'codex', 'qwen-code', 'droid'), copilot: { alsoNamed: 'preCompact' } } },
  { name: 'PostCompact', matcher: 'other', matches: 'the trigger (manual, auto)', summary: 'after the conversation is compacted', agents: everywhere('claude-code', 'codex', 'qwen-code') },
  { name: 'PreModelSwitch', matcher: 'other', matches: 'the model', summary: 'before a requested model switch', agents: everywhere('claude-code') },
  { name: 'PostModelSwitch', matcher: 'other', matches: 'the model', summary: 'after the session model changes', agents: everywhere('claude-code') },
  { name: 'Setup', matcher: 'other', matches: 'init or maintenance', summary: 'repository setup hooks', agents: everywhere('claude-code') },
  { name: 'TeammateIdle', matcher: 'none', summary: 'when a teammate is about to go idle', agents: everywhere('claude-code') },
  { name: 'TaskCreated', matcher: 'none', summary: 'when a task is being created', agents: everywhere('claude-code') },
  { name: 'TaskCompleted', matcher: 'none', summary: 'when a task is being marked as completed', agents: everywhere('claude-code') },
  { name: 'Elicitation', matcher: 'other', matches: 'the MCP server', summary: 'when an MCP server asks the user for input', agents: everywhere('claude-code') },
  { name: 'ElicitationResult', matcher: 'other', matches: 'the MCP server', summary: 'after the user answers an MCP elicitation', agents: everywhere('claude-code') },
  { name: 'ConfigChange', matcher: 'other', matches: 'the settings source', summary: 'when a settings file changes during a session', agents: everywhere('claude-code') },
  { name: 'InstructionsLoaded', matcher: 'other', matches: 'why the file was loaded', summary: 'when an instruction file (CLAUDE.md, QWEN.md, a rule) is loaded', agents: everywhere('claude-code', 'qwen-code') },
  { name: 'WorktreeCreate', matcher: 'none', summary: 'to create an isolated worktree', agents: everywhere('claude-code') },
  { name: 'WorktreeRemove', matcher: 'none', summary: 'to remove a worktree', agents: everywhere('claude-code') },
  { name: 'CwdChanged', matcher: 'none', summary: 'after the working directory changes', agents: everywhere('claude-code') },
  { name: 'FileChanged', matcher: 'other', matches: 'the file names to watch', summary: 'when a watched file changes', agents: everywhere('claude-code') },
  { name: 'DirectoryAdded', matcher: 'other', matches: 'how the folder was added', summary: 'after a working directory is added mid-session', agents: everywhere('claude-code') },
  { name: 'MessageDisplay', matcher: 'none', summary: 'while the reply is shown; display only', agents: everywhere('claude-code', 'qwen-code') },
  // Qwen Code's own.
  { name: 'SessionDelete', matcher: 'none', summary: 'after a chosen session is deleted', agents: everywhere('qwen-code') },
  { name: 'TodoCreated', matcher: 'none', summary: 'when a todo item is created', agents: everywhere('qwen-code') },
  { name: 'TodoCompleted', matcher: 'none', summary: 'when a todo item is completed', agents: everywhere('qwen-code') },
  // Gemini CLI's own.
  { name: 'BeforeAgent', matcher: 'none', summary: 'after the prompt is submitted, before the agent plans', agents: everywhere('gemini') },
  { name: 'BeforeModel', matcher: 'other', matches: 'the request', summary: 'before each model request', agents: everywhere('gemini') },
  { name: 'AfterModel', matcher: 'other', matches: 'the response', summary: 'after each model response', agents: everywhere('gemini') },
  { name: 'BeforeToolSelection', matcher: 'other', matches: 'the request', summary: 'before the model chooses its tools', agents: everywhere('gemini') },
  { name: 'PreCompress', matcher: 'other', matches: 'the trigger', summary: 'before the history is compressed', agents: everywhere('gemini') },
];

/** An event of `agent`, given by the agent's name or the table's (Claude Code's). */
export interface AgentEvent {
  spec: HookEventSpec;
  /** The agent's own name of it. */
  name: string;
  since?: string;
}

/** How `agent` (a target's agent name: any registered agent) has the event; undefined when it does not. */
function supportOf(spec: HookEventSpec, agent: string): EventSupport | undefined {
  return spec.agents[agent as AgentId];
}

/** Every event `agent` fires, under the agent's names. */
export function agentEvents(agent: string): AgentEvent[] {
  return HOOK_EVENTS.flatMap((spec) => {
    const support = supportOf(spec, agent);
    return support ? [{ spec, name: support.name ?? spec.name, ...(support.since ? { since: support.since } : {}) }] : [];
  });
}

/** The event `agent` fires when a hook file names it `name` (the agent's names only); undefined when none. */
export function firedAs(agent: string, name: string): AgentEvent | undefined {
  return agentEvents(agent).find((event) => event.name === name || supportOf(event.spec, agent)?.alsoNamed === name);
}

/** The event `agent` fires under `name`, given by the agent's name or Claude Code's; undefined when it has none. */
export function findAgentEvent(agent: string, name: string): AgentEvent | undefined {
  return firedAs(agent, name) ?? agentEvents(agent).find((event) => event.spec.name === name);
}

/** The table's row of an event named by any agent's name. */
export function findHookEvent(name: string): HookEventSpec | undefined {
  return HOOK_EVENTS.find((spec) => spec.name === name) ?? HOOK_EVENTS.find((spec) => Object.values(spec.agents).some((support) => support !== undefined && (support.name === name || support.alsoNamed === name)));
}

/** Was `agent` seen firing `event` (the table's name) for the matcher value `value` (the `seen` lists above)? */
export function seenFiring(agent: string, event: string, value: string): boolean {
  const spec = HOOK_EVENTS.find((row) => row.name === event);
  return spec !== undefined && (supportOf(spec, agent)?.seen?.includes(value) ?? false);
}

/** Does the agent ignore a matcher on this event (every handler runs)? Unknown events: no. */
export function ignoresMatcher(event: string): boolean {
  return findHookEvent(event)?.matcher === 'none';
}
