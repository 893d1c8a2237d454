/**
 * A target is one agent's way of running hooks: where the scripts go, how they are
 * registered, which hook contract they answer in, and what its hook input calls things.
 * Each target is a file of its own in src/targets/; src/targets/index.ts lists them.
 */
import type { FileChange, Finding, HookCommand, HookContract, HookEvent, HookFile, Ownership, SourceOptions } from '../hook-types.js';

/**
 * How an agent reads a tool matcher. 'claude-code' (and the agents that copy its hook file):
 * empty or `*` matches every tool; only letters, digits, `_`, `-`, spaces, `,` and `|` is a
 * list of exact names; anything else an unanchored regular expression. 'gemini' (Gemini CLI
 * and the agents that copy it): empty, `*` or `.*` match all; an exact name or one of a `|`
 * list; else a regular expression.
 */
export type MatcherSyntax = 'claude-code' | 'gemini';

/**
 * Where an agent keeps what a Stop hook can read of the last answer: the transcript's format.
 * The stop-watchers read every format below, so one script works under any agent.
 */
export type TranscriptFormat =
  | 'claude-code-jsonl'
  | 'codex-rollout-jsonl'
  | 'copilot-events-jsonl'
  | 'gemini-jsonl'
  | 'droid-jsonl'
  | 'none';

/** How the agent's hook input names the things the presets read. */
export interface InputFields {
  /** tool_name of the agent's shell tool in PreToolUse/PostToolUse input. */
  shellTool: string;
  /** The key of the command line inside tool_input. */
  shellCommand: string;
  /** Does the Stop input carry the last answer (last_assistant_message, or Gemini's prompt_response)? */
  lastAssistantMessage: boolean;
  /** Transcript format behind transcript_path. */
  transcript: TranscriptFormat;
  /**
   * The agent's own tool names that differ from Claude Code's, mapped to Claude Code's
   * (run_shell_command → Bash): the guard reads a call under Claude Code's name, and a
   * matcher written with Claude Code's names is translated back for the registration.
   */
  toolNames?: Record<string, string>;
  /** Does a matcher naming Claude Code's tools (Bash, Edit) match here too, beside the agent's own names? */
  matchesClaudeToolNames?: boolean;
}

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

/** What an event is and when it fires: given once, by the first agent that declares it. */
export interface EventDefinition {
  matcher: MatcherKind;
  /** For 'other': what the matcher is compared with. */
  matches?: string;
  /** One line: when it fires. */
  summary: string;
}

/**
 * One hook event an agent fires: `event` is Claude Code's name for it, or the agent's own for
 * an event Claude Code does not have. An event no other agent defines carries its definition
 * (matcher, summary); one another agent defines (Claude Code's PreToolUse) names it only.
 */
export type HookEventDeclaration = EventSupport & Partial<EventDefinition> & { event: string };

/** What an agent does about a Stop hook that keeps blocking, and what it tells the hook. */
export interface StopBehaviour {
  /** The client's own limit of blocks in a row before it ends the turn; null: none, only the hook ends a loop. */
  blockCap: number | null;
  /** Does stop_hook_active say "this stop follows a block" every time? (Gemini CLI resets it after tool calls.) */
  stopHookActiveReliable: boolean;
}

export interface Target {
  id: string;
  summary: string;
  /** The agent a target's hooks run under (scenario files name it; targets of one agent share it). */
  agent: string;
  /** The agent's name as its users know it: in messages, next steps and docs. */
  agentName: string;
  /** Which answers the generated scripts print (presets branch on it). */
  contract: HookContract;
  hooksDir: string;
  /** The registration file's format: Claude Code's hooks JSON (settings.json shape) or forgeflare's hooks.toml. */
  registration: 'claude-settings' | 'forgeflare-toml';
  /** The file our hook commands are registered in (doctor checks it). */
  registrationFile: string;
  /**
   * What the agent may not change: the hook folder and every file the agent reads its hooks
   * (or their switch) from, as globs relative to the project root (`/**`: all below). The
   * guard's harness-tamper rule protects the union over all targets (TARGET_PROTECTED_PATHS).
   */
  protectedPaths: readonly string[];
  /** Put in front of a script's project-relative path in the registered command. */
  commandRoot: string;
  /**
   * The environment variables through which the agent names the project (or plugin) folder to a
   * hook command: `doctor` and the lint follow a handler written `"$NAME"/script` or
   * `${NAME}/script` to its script. Empty when the agent sets none.
   */
  projectDirVariables: readonly string[];
  /** Where slash-command files of the loop preset go; null when the agent reads no project slash commands ralph-hooks writes. */
  commandsDir: string | null;
  /** The folder of the agent's own project files; the loop keeps its state there. */
  agentDir: string;
  input: InputFields;
  stop: StopBehaviour;
  /**
   * Every hook event the agent fires, and when (src/hook-events.ts derives its table from the
   * targets): `explain`, the lint and doctor know an agent's events from here alone. Targets
   * of one agent share one list.
   */
  hookEvents: readonly HookEventDeclaration[];
  /**
   * The agent's name for each of our events it has, when they differ or some are missing
   * (Gemini CLI: Stop → AfterAgent). A hook needing an event the map lacks is refused, naming it.
   * Absent: the agent takes our event names as they are.
   */
  events?: Partial<Record<HookEvent, string>>;
  /**
   * How a guard's registration keeps the call blocked when the guard cannot run at all
   * (script missing, no bash): 'onFailure' — the handler's `"onFailure": "block"` (Claude
   * Code 2.1.295+); 'exit-2' — the command ends `|| exit 2`, which the agent reads as a
   * denial (for agents that let a call through on any other failing exit code).
   * Absent: 'onFailure'.
   */
  guardFailure?: 'onFailure' | 'exit-2';
  /**
   * 'exit-0': every other hook's command ends `|| exit 0`, because the agent treats a hook that
   * cannot run as a block (Gemini CLI blocks every stop on exit 127, and the loop never ends).
   * Absent: the command as it is (the agent lets a failed hook pass).
   */
  hookFailure?: 'exit-0';
  /** The unit of a handler's `timeout` in the hook file; absent: seconds. */
  timeoutUnit?: 'ms';
  /** How the agent reads a tool matcher; absent: 'claude-code'. */
  matcherSyntax?: MatcherSyntax;
  /** The project is itself a plugin the agent loads (Claude Code's --plugin-dir .): its files are found from the plugin's root. */
  pluginProject?: boolean;
  /**
   * Every file the agent reads hooks from for this project, in the order it collects them,
   * whether they exist or not (`ralph-hooks explain` merges those that do).
   */
  hookSources(root: string, env: NodeJS.ProcessEnv, options: SourceOptions): HookFile[];
  /** One line for the next steps: how to start the agent so it loads the hooks. */
  startHint: string;
  /** Target-specific doctor findings (the agent's own switches, say). */
  checks?(root: string): Finding[];
  /** Plan the registration files: every file it touches, merged, never a conflict. */
  register(root: string, commands: HookCommand[], ownership: Ownership): FileChange[];
}
