/**
 * Builders for the hook inputs ralph-hooks generates hooks for: Claude Code's events
 * (claude-code-hooks.md §1.2, §1.5) and forgeflare's hook dispatch layer (seed 002, R3).
 * Every builder returns a plain object with realistic defaults; overrides are merged on
 * top, so a test states only the fields it cares about.
 */

export type PermissionMode = 'default' | 'plan' | 'acceptEdits' | 'auto' | 'dontAsk' | 'bypassPermissions';

/** Fields Claude Code sends with every event (§1.2). */
export interface BaseHookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: string;
  permission_mode?: PermissionMode;
  [key: string]: unknown;
}

export interface StopInput extends BaseHookInput {
  hook_event_name: 'Stop';
  stop_hook_active: boolean;
  last_assistant_message?: string;
  /** Claude Code 2.1.145+: the session's background work; a running task wakes the session when it finishes. */
  background_tasks?: BackgroundTask[];
  /** Claude Code 2.1.145+: the session's crons (CronCreate, ScheduleWakeup, /loop). */
  session_crons?: Record<string, unknown>[];
}

/** One entry of a Stop input's background_tasks[]. */
export interface BackgroundTask {
  id: string;
  type: 'shell' | string;
  status: 'running' | string;
  description?: string;
  command?: string;
}

/**
 * Claude Code StopFailure input: fired instead of Stop when an API error ends the turn (a
 * prompt still too long after a compaction: error "invalid_request"); its output is ignored.
 */
export interface StopFailureInput extends BaseHookInput {
  hook_event_name: 'StopFailure';
  error: string;
  error_details?: string;
  last_assistant_message?: string;
}

export interface SubagentStopInput extends BaseHookInput {
  hook_event_name: 'SubagentStop';
  stop_hook_active: boolean;
  last_assistant_message?: string;
  agent_id: string;
  agent_type: string;
  agent_transcript_path: string;
}

export interface PreToolUseInput extends BaseHookInput {
  hook_event_name: 'PreToolUse';
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_use_id: string;
}

export interface PostToolUseInput extends BaseHookInput {
  hook_event_name: 'PostToolUse';
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_response: unknown;
  tool_use_id: string;
  duration_ms?: number;
}

export interface PostToolUseFailureInput extends BaseHookInput {
  hook_event_name: 'PostToolUseFailure';
  tool_name: string;
  tool_input: Record<string, unknown>;
  tool_use_id: string;
  error: string;
  is_interrupt?: boolean;
  duration_ms?: number;
}

/**
 * Claude Code 2.1.332+: before a shell line written into a skill or custom slash command runs
 * (the `!`-backtick lines). PreToolUse never sees these lines.
 */
export interface PreSkillShellCommandInput extends BaseHookInput {
  hook_event_name: 'PreSkillShellCommand';
  /** Bash or PowerShell: the shell the line runs in. */
  tool_name: string;
  /** The line's command as written. */
  tool_input: { command: string; [key: string]: unknown };
  tool_use_id: string;
  /** The skill or command's name, without the slash. */
  command_name: string;
  /** Where the command comes from: projectSettings, userSettings, a plugin… */
  command_source: string;
  invoked_by: 'user' | 'claude' | 'other';
}

export interface SessionStartInput extends BaseHookInput {
  hook_event_name: 'SessionStart';
  source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork';
  model?: string;
}

/** Any Claude Code input a builder here produces. */
export type ClaudeHookInput =
  | StopInput
  | SubagentStopInput
  | PreToolUseInput
  | PostToolUseInput
  | PostToolUseFailureInput
  | PreSkillShellCommandInput
  | SessionStartInput;

/** Shallow-merge overrides; `undefined` in an override removes the field. */
function build<T extends object>(defaults: T, overrides: object): T {
  const merged = { ...defaults, ...overrides } as Record<string, unknown>;
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return merged as T;
}

export const DEFAULT_SESSION_ID = 'test-session';
const DEFAULT_CWD = '/home/user/project';

/** Claude Code stores transcripts under ~/.claude/projects/<cwd with non-alphanumerics as '-'> (§1.7). */
export function defaultTranscriptPath(cwd: string, sessionId = DEFAULT_SESSION_ID): string {
  return `/home/user/.claude/projects/${cwd.replace(/[^A-Za-z0-9]/g, '-')}/${sessionId}.jsonl`;
}

function base(event: string, overrides: Partial<BaseHookInput>): BaseHookInput {
  const cwd = overrides.cwd ?? DEFAULT_CWD;
  const sessionId = overrides.session_id ?? DEFAULT_SESSION_ID;
  return {
    session_id: sessionId,
    transcript_path: defaultTranscriptPath(cwd, sessionId),
    cwd,
    hook_event_name: event,
    permission_mode: 'default',
  };
}

/** Claude Code Stop input; `stop_hook_active` defaults to false (a first stop). */
export function stopInput(overrides: Partial<StopInput> = {}): StopInput {
  return build({ ...base('Stop', overrides), hook_event_name: 'Stop' as const, stop_hook_active: false }, overrides);
}

/** Claude Code StopFailure input, as 2.1.328 sends it when the context stays full after a compaction. */
export function stopFailureInput(overrides: Partial<StopFailureInput> = {}): StopFailureInput {
  const { permission_mode: _omitted, ...b } = base('StopFailure', overrides);
  return build(
    {
      ...b,
      hook_event_name: 'StopFailure' as const,
      error: 'invalid_request',
      error_details: '400 {"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}',
      last_assistant_message: 'Prompt is too long',
    },
    overrides,
  );
}

/** Claude Code SubagentStop input: the Stop fields plus the subagent's id, type and transcript. */
export function subagentStopInput(overrides: Partial<SubagentStopInput> = {}): SubagentStopInput {
  const b = base('SubagentStop', overrides);
  const agentId = overrides.agent_id ?? 'agent-0001';
  return build(
    {
      ...b,
      hook_event_name: 'SubagentStop' as const,
      stop_hook_active: false,
      agent_id: agentId,
      agent_type: 'general-purpose',
      agent_transcript_path: b.transcript_path.replace(/\.jsonl$/, `/subagents/${agentId}.jsonl`),
    },
    overrides,
  );
}

/** Claude Code PreToolUse input; defaults to a Bash call of `ls`. */
export function preToolUseInput(overrides: Partial<PreToolUseInput> = {}): PreToolUseInput {
  return build(
    {
      ...base('PreToolUse', overrides),
      hook_event_name: 'PreToolUse' as const,
      tool_name: 'Bash',
      tool_input: { command: 'ls', description: 'List files' },
      tool_use_id: 'toolu_01TEST',
    },
    overrides,
  );
}

/** Claude Code PostToolUse input; the default Bash response has stdout, stderr, interrupted and no exit code (§1.5). */
export function postToolUseInput(overrides: Partial<PostToolUseInput> = {}): PostToolUseInput {
  return build(
    {
      ...base('PostToolUse', overrides),
      hook_event_name: 'PostToolUse' as const,
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_response: { stdout: 'Tests: 3 passed', stderr: '', interrupted: false, isImage: false },
      tool_use_id: 'toolu_01TEST',
      duration_ms: 1200,
    },
    overrides,
  );
}

/** Claude Code PostToolUseFailure input; for Bash, `error` starts `Exit code N`. */
export function postToolUseFailureInput(overrides: Partial<PostToolUseFailureInput> = {}): PostToolUseFailureInput {
  return build(
    {
      ...base('PostToolUseFailure', overrides),
      hook_event_name: 'PostToolUseFailure' as const,
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 'toolu_01TEST',
      error: 'Exit code 1\nTests: 1 failed, 2 passed',
      is_interrupt: false,
      duration_ms: 1500,
    },
    overrides,
  );
}

/** What Claude Code 2.1.332 sent for the line !`git status` of the project command /tidy typed by the user. */
const SKILL_SHELL_LINE = {
  hook_event_name: 'PreSkillShellCommand' as const,
  tool_name: 'Bash',
  tool_input: { command: 'git status' },
  tool_use_id: '7bad4c89-fb55-4809-bd82-4da2daf372c9:inner:preamble-0',
  command_name: 'tidy',
  command_source: 'projectSettings',
  invoked_by: 'user' as const,
};

/**
 * Claude Code PreSkillShellCommand input (2.1.332+): a shell line of a skill or custom slash
 * command. A deny, ask or defer, exit 2, or any `updatedInput` keeps the line from running.
 */
export function preSkillShellCommandInput(overrides: Partial<PreSkillShellCommandInput> = {}): PreSkillShellCommandInput {
  return build({ ...base('PreSkillShellCommand', overrides), ...SKILL_SHELL_LINE }, overrides);
}

/** Claude Code SessionStart input; the docs' examples send no permission_mode here (§1.2). */
export function sessionStartInput(overrides: Partial<SessionStartInput> = {}): SessionStartInput {
  const { permission_mode: _omitted, ...b } = base('SessionStart', overrides);
  return build({ ...b, hook_event_name: 'SessionStart' as const, source: 'startup' as const, model: 'claude-sonnet-4-5' }, overrides);
}

/** The seed's minimal stop input: `{cwd, stop_hook_active, session_id}` plus `transcript_path` when given. */
export interface SeedHookInput {
  cwd: string;
  stop_hook_active: boolean;
  session_id: string;
  transcript_path?: string;
  [key: string]: unknown;
}

/**
 * TypeScript twin of the seed's bash `create_hook_input [cwd] [stop_hook_active=false]`
 * and `create_hook_input_with_transcript`: the three fields the specum stop-watcher reads.
 */
export function createHookInput(overrides: Partial<SeedHookInput> = {}): SeedHookInput {
  return build({ cwd: process.cwd(), stop_hook_active: false, session_id: DEFAULT_SESSION_ID }, overrides);
}

// ---- forgeflare (seed 002, R3): `event`/`tool`/`input` instead of Claude Code's names ----

export interface ForgeflarePreToolUseInput {
  event: 'PreToolUse';
  phase: 'guard' | 'observe';
  tool: string;
  input: Record<string, unknown>;
  tool_iterations: number;
  cwd: string;
  blocked?: boolean;
  blocked_by?: string;
  block_reason?: string;
  [key: string]: unknown;
}

export interface ForgeflarePostToolUseInput {
  event: 'PostToolUse';
  tool: string;
  input: Record<string, unknown>;
  result: string;
  is_error: boolean;
  tool_iterations: number;
  cwd: string;
  [key: string]: unknown;
}

export type ForgeflareStopReason =
  | 'end_turn'
  | 'iteration_limit'
  | 'api_error'
  | 'continuation_cap'
  | 'block_limit_consecutive'
  | 'block_limit_total'
  | 'convergence_signal';

export interface ForgeflareStopInput {
  event: 'Stop';
  reason: ForgeflareStopReason;
  tool_iterations: number;
  total_tokens: number;
  cwd: string;
  [key: string]: unknown;
}

/** forgeflare PreToolUse, guard phase: the hook answers `{action: allow|block}`. */
export function forgeflareGuardInput(overrides: Partial<ForgeflarePreToolUseInput> = {}): ForgeflarePreToolUseInput {
  return build(
    { event: 'PreToolUse' as const, phase: 'guard' as const, tool: 'Bash', input: { command: 'cargo test --release' }, tool_iterations: 3, cwd: DEFAULT_CWD },
    overrides,
  );
}

/**
 * forgeflare PreToolUse, observe phase. `blocked_by`/`block_reason` are present only when
 * `blocked` is true, as forgeflare sends them.
 */
export function forgeflareObserveInput(overrides: Partial<ForgeflarePreToolUseInput> = {}): ForgeflarePreToolUseInput {
  const blocked = overrides.blocked ?? false;
  const blockFields = blocked ? { blocked_by: 'ralph-guard.sh', block_reason: 'destructive command detected' } : {};
  return build({ ...forgeflareGuardInput(), phase: 'observe' as const, blocked, ...blockFields }, overrides);
}

/** forgeflare PostToolUse: the hook answers `{action: continue}` or `{action: signal, signal, reason}`. */
export function forgeflarePostToolUseInput(overrides: Partial<ForgeflarePostToolUseInput> = {}): ForgeflarePostToolUseInput {
  return build(
    {
      event: 'PostToolUse' as const,
      tool: 'Bash',
      input: { command: 'cargo test --release' },
      result: 'test result: ok. 42 passed; 0 failed',
      is_error: false,
      tool_iterations: 3,
      cwd: DEFAULT_CWD,
    },
    overrides,
  );
}

/** forgeflare Stop: `reason` is one of the seven stop conditions. */
export function forgeflareStopInput(overrides: Partial<ForgeflareStopInput> = {}): ForgeflareStopInput {
  return build({ event: 'Stop' as const, reason: 'end_turn' as const, tool_iterations: 7, total_tokens: 45000, cwd: DEFAULT_CWD }, overrides);
}
