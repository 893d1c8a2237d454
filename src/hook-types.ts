/**
 * The types every layer shares: hook events and contracts, the hook commands ralph-hooks
 * registers, the file changes a plan is made of, the findings doctor prints and the hook
 * files an agent reads. Plain data, no behaviour, and no import: the target contract
 * (src/targets/types.ts), the presets, planning and diagnostics all build on this module,
 * and it on nothing.
 */

/** Claude Code events we register under (forgeflare maps them onto its own three). */
export type HookEvent = 'Stop' | 'StopFailure' | 'SubagentStop' | 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure' | 'PreSkillShellCommand' | 'SessionStart' | 'SessionEnd';

/** Which hook contract the generated scripts speak: Claude Code's (Qwen Code, Copilot CLI and droid take it too), forgeflare's (seed 002, R3), Codex's (Claude Code's answers; plain text on a Stop hook's stdout is an error; no block cap), or Gemini CLI's (a denial is {"decision":"deny"}). */
export type HookContract = 'claude-code' | 'forgeflare' | 'codex' | 'gemini';

export interface HookCommand {
  /** The event under the agent's own name (Gemini CLI: AfterAgent for our Stop). */
  event: HookEvent | string;
  matcher?: string;
  command: string;
  timeout?: number;
  /** The generated script the command runs, relative to the project root. */
  script: string;
  /** forgeflare PreToolUse phase (guard or observe); Claude Code ignores it. */
  phase?: 'guard' | 'observe';
  /** Claude Code: `"onFailure"` of the handler ('block' for guards, so a broken guard fails closed). */
  onFailure?: 'block' | 'continue';
}

export interface RecordedHandler {
  event: string;
  matcher?: string;
  command: string;
  /** What ralph-hooks wrote beside the command: tells its handler from a user's copy of it. */
  timeout?: number;
  onFailure?: string;
}

/** Registration file → the handlers ralph-hooks wrote in it. */
export type Registrations = Record<string, RecordedHandler[]>;

/** What tells ralph-hooks' handlers in a registration file from the user's. */
export interface Ownership {
  /** From the manifest; undefined when it predates the record. */
  recorded?: Registrations;
  /** Every script ralph-hooks generated here (manifest and this run): the fallback's evidence. */
  scripts: string[];
}

/**
 * create / update / unchanged: as named. conflict: the file was edited by hand (or was
 * never ours) and the new rendering differs. remove: a hook left the config and its
 * untouched file goes with it. keep: an edited file left as the user has it.
 */
export type ChangeStatus = 'create' | 'update' | 'unchanged' | 'conflict' | 'remove' | 'keep' | 'adopt';

export interface FileChange {
  path: string;
  status: ChangeStatus;
  /** What the file should contain (absent for remove). */
  content?: string;
  /** What it contains now (absent when missing). */
  current?: string;
  executable: boolean;
  /** Generated files are hash-tracked in the manifest; merged files (settings, config) are not. */
  tracked: boolean;
  /** For conflicts and kept files: why. */
  note?: string;
  /** The file holds an edit the user adopted (left as it is unless they --force). */
  adopted?: boolean;
  /** The adopted edit was made from an older rendering: it lacks a change the config asks for. */
  lacksConfig?: boolean;
  /** For a registration file: the handlers ralph-hooks has in it after this change (the manifest records them). */
  registered?: RecordedHandler[];
  /** A file a target plans beside its registration (a plugin's manifest): removed when the target goes, if untouched. */
  companion?: boolean;
  /** With the project's formatter: the sha256 of what ralph-hooks rendered, before the formatter (the manifest's `rendered`). */
  rendered?: string;
}

export interface Finding {
  code: string;
  /** A warning is ok (doctor still exits 0) but printed with its fix. */
  ok: boolean;
  warning?: boolean;
  message: string;
  fix?: string;
  /** The file and line the finding is about, when it is about one (GitHub annotations point there). */
  file?: string;
  line?: number;
}

export type SourceKind = 'managed' | 'user' | 'project' | 'local' | 'system' | 'plugin';

/** One file an agent reads hooks from. */
export interface HookFile {
  kind: SourceKind;
  /** Absolute path. */
  path: string;
  /** The plugin's name, for a plugin's hooks file. */
  plugin?: string;
  /** The folder `${CLAUDE_PLUGIN_ROOT}` names (a plugin's), else the project. */
  base: string;
  format: 'json' | 'forgeflare-toml';
}

/** Where the machine and the user keep the agents' files; the defaults are the real ones, tests point them elsewhere. */
export interface SourceOptions {
  env?: NodeJS.ProcessEnv;
  /** Claude Code's managed settings folder (/etc/claude-code on Linux). */
  claudeManagedDir?: string;
  /** Plugin folders passed to Claude Code with --plugin-dir. */
  pluginDirs?: string[];
  /** The project is a Claude Code plugin loaded with --plugin-dir . (target claude-plugin). */
  projectIsPlugin?: boolean;
}
