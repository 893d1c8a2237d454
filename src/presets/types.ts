import type { HookContract, HookEvent } from '../hook-types.js';
import { seenFiring } from '../hook-events.js';
import { contractTraits } from '../targets/contracts.js';
import type { z } from '../zod.js';
import type { RunningLoop } from './state-files.js';

/** What kind of hook a preset produces; `ralph-hooks add <kind> --preset <id>` uses it. */
export type HookKind = 'stop-watcher' | 'guard' | 'convergence' | 'session-end' | 'audit-log';

export type { HookContract, HookEvent } from '../hook-types.js';

/**
 * The target a preset renders for, so registrations and templates can follow its contract
 * and its agent's ways (src/targets/types.ts has the meaning of each field). The optional
 * fields are absent only where a caller names a contract alone: then Claude Code's ways hold.
 */
export interface PresetTarget {
  id: string;
  contract: HookContract;
  /** The agent the hooks run under (src/targets/types.ts AgentId); absent: Claude Code. */
  agent?: string;
  agentName?: string;
  agentDir?: string;
  hooksDir?: string;
  commandsDir?: string | null;
  pluginProject?: boolean;
  stop?: { blockCap: number | null; stopHookActiveReliable: boolean };
}

/** Does the agent read the project slash commands a preset can write? */
export function hasSlashCommands(target?: PresetTarget): boolean {
  if (target?.commandsDir !== undefined) return target.commandsDir !== null;
  return contractTraits(target).alone.slashCommands;
}

/** The client's own block cap; undefined target: Claude Code's 8. */
export function blockCapOf(target?: PresetTarget): number | null {
  if (target?.stop) return target.stop.blockCap;
  return contractTraits(target).alone.blockCap;
}

/**
 * A stop-watcher's script also answers, where the agent was seen firing them when the context
 * is full (src/hook-events.ts, `seen`): SessionStart after a compaction (source compact: the
 * loop's prompt or the spec's current task given back to the model; Claude Code and Codex) and
 * StopFailure for the error a second overflow ends the session with (the loop paused or its
 * end recorded; Claude Code). Elsewhere the next continuation's reason carries the prompt.
 */
export function lifecycleRegistrations(main: Registration, target?: PresetTarget, failure: Partial<Registration> = {}): Registration[] {
  const events = lifecycleEvents(target);
  return [
    ...(events.compaction ? [{ ...main, event: 'SessionStart', matcher: 'compact' } as const] : []),
    ...(events.failure ? [{ ...main, event: 'StopFailure', ...failure } as const] : []),
  ];
}

/** Which lifecycle events the agent's stop-watchers answer: SessionStart after a compaction, StopFailure on a full context. */
export function lifecycleEvents(target?: PresetTarget): { compaction: boolean; failure: boolean } {
  const agent = target?.agent ?? 'claude-code';
  return { compaction: seenFiring(agent, 'SessionStart', 'compact'), failure: seenFiring(agent, 'StopFailure', 'invalid_request') };
}

/** Does the agent run a stop-watcher on any lifecycle event (lifecycleEvents)? */
export function hasLifecycleEvents(target?: PresetTarget): boolean {
  const events = lifecycleEvents(target);
  return events.compaction || events.failure;
}

export interface Registration {
  event: HookEvent;
  /** Tool-name matcher; omitted for events that take none (Stop). */
  matcher?: string;
  /** Which generated file the registration runs (relative to the hooks folder). */
  script: string;
  /** Seconds, as Claude Code's settings want them. */
  timeout?: number;
  /** Program that runs the script in the registered command; default `bash`. */
  interpreter?: 'bash' | 'node';
  /** forgeflare PreToolUse phase: 'guard' (default, can block) or 'observe' (audit, fail-open). */
  phase?: 'guard' | 'observe';
  /** Registered only where the agent has the event (PostToolUseFailure, say); elsewhere left out without a word. */
  optional?: boolean;
  /**
   * Claude Code 2.1.295+: what a hook that cannot run (missing script, crash, timeout) does to
   * the call. 'block' keeps a guard closed; Claude Code's default lets the call through.
   */
  onFailure?: 'block' | 'continue';
}

/** One artifact a preset renders: a template under templates/ and where it lands. */
export interface PresetFile {
  template: string;
  /** Relative to the target's hooks folder, unless `fromRoot` is set. */
  path: string;
  executable: boolean;
  /** Path is relative to the project root instead of the hooks folder (command files, for instance). */
  fromRoot?: boolean;
  /** Path is relative to the target's slash-command folder (the target's commandsDir). */
  inCommandsDir?: boolean;
  /** When two hooks generate this file: what to change in one of them (default: its name). */
  clashFix?: string;
  /** Partials the template uses besides templates/partials/, by name (the guard's rules). */
  partials?: Record<string, string>;
  /** Values for this file's template alone, beside the hook's (which rule a guard's rule file holds). */
  context?: Record<string, unknown>;
}

/** A hook entry of ralph-hooks.config.json after validation and defaults. */
export interface HookEntryBase<Options> {
  kind: HookKind;
  preset: string;
  name: string;
  timeout?: number;
  options: Options;
}

/**
 * A preset is data: its option schema (the single source for types, validation,
 * defaults, JSON Schema and docs), the files it renders and the events it registers.
 */
export interface Preset<Options = Record<string, unknown>> {
  id: string;
  kind: HookKind;
  summary: string;
  options: z.ZodType<Options>;
  files(entry: HookEntryBase<Options>, target?: PresetTarget): PresetFile[];
  registrations(entry: HookEntryBase<Options>, target?: PresetTarget): Registration[];
  /** Values computed from the options for the templates (regexes, for instance). */
  context?(entry: HookEntryBase<Options>, target?: PresetTarget): Record<string, unknown>;
  /** A line for init's next steps: how to start using the hook, where that is not obvious. */
  nextStep?(entry: HookEntryBase<Options>, target?: PresetTarget): string;
  /** A stop-watcher that answers a Stop with a block (two of them fight: RH13). */
  blocksStop?: boolean;
  /** Options valid one by one but not together: where in the options, and the fix. */
  checkOptions?(options: Options): { path: string[]; message: string } | null;
  /** Likely mistakes in a valid entry (warnings.ts prints them; RH13). */
  configWarnings?(entry: HookEntryBase<Options>, target: PresetTarget): ConfigWarning[];
  /** The loop this hook runs now, from its state file (`ralph-hooks status`); null when none. */
  running?(root: string, entry: HookEntryBase<Options>, target: PresetTarget): RunningLoop | null;
}

/** A likely mistake in a valid config: what will happen, and the fix. */
export interface ConfigWarning {
  message: string;
  fix: string;
}
