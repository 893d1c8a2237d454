/**
 * The target registry: one line per target. Adding an agent is its target file, its client
 * runner (testkit/clients/) and a line here: docs/architecture.md, "Adding a target".
 */
import { claudeProject } from './claude-project.js';
import { claudePlugin } from './claude-plugin.js';
import { forgeflare } from './forgeflare.js';
import { codexProject } from './codex-project.js';
import { qwenProject } from './qwen-project.js';
import { copilotProject } from './copilot-project.js';
import { geminiProject } from './gemini-project.js';
import { droidProject } from './droid-project.js';
import type { StopBehaviour, Target } from './types.js';

export const TARGETS = {
  'claude-project': claudeProject,
  'claude-plugin': claudePlugin,
  forgeflare,
  'codex-project': codexProject,
  'qwen-project': qwenProject,
  'copilot-project': copilotProject,
  'gemini-project': geminiProject,
  'droid-project': droidProject,
} as const satisfies Record<string, Target>;

/**
 * Every target's protected paths, together: a guard protects all of them, whatever its own
 * target, so that a project that changes agent (or serves two) is never left open.
 */
export const TARGET_PROTECTED_PATHS: readonly string[] = [...new Set(Object.values(TARGETS).flatMap((target) => target.protectedPaths))];

/** The names of the agents whose targets pass `test`, each once, in words ("A, B and C"). */
export function agentsWhere(test: (target: Target) => boolean): string {
  const names = [...new Set((Object.values(TARGETS) as Target[]).filter(test).map((target) => target.agentName))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'none');
}

/** Loops bound themselves where the agent has no block cap, or a stop_hook_active that cannot be trusted. */
export const selfBounded = (stop: StopBehaviour): boolean => stop.blockCap === null || !stop.stopHookActiveReliable;

/** Every agent's own folder (agentDir), each once. */
export const AGENT_DIRS: readonly string[] = [...new Set((Object.values(TARGETS) as Target[]).map((target) => target.agentDir))];

export type TargetId = keyof typeof TARGETS;
/** The agents the targets run under (scenario files name these). */
export type AgentId = (typeof TARGETS)[TargetId]['agent'];
export type { InputFields, MatcherSyntax, StopBehaviour, Target, TranscriptFormat } from './types.js';
