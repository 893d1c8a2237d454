/**
 * What each hook contract means for the hooks a preset registers: the presets ask these
 * traits (contractTraits(target)) instead of switching on the contract's name. The
 * templates still pick their answer's shape by name (`eq contract "forgeflare"`).
 */
import type { HookContract, HookEvent } from '../hook-types.js';

export interface ContractTraits {
  /**
   * PreToolUse handlers run in a phase, 'guard' (may block) or 'observe' (only watches), and
   * a matcher names one tool; a handler without a matcher sees every call (forgeflare).
   * Without phases a matcher is a pattern, and "*" matches every tool.
   */
  phases: boolean;
  /** The agent's own, fixed tools, when it has a few (forgeflare's five: there is no Write, and Edit creates files). */
  tools?: readonly string[];
  /** Does a hook written for Claude Code need the cc-compat adapter to run here? */
  claudeCodeHooksNeedAdapter: boolean;
  /** The event a session-end hook runs on: SessionEnd, or Stop where the agent has no end of session. */
  sessionEndEvent: HookEvent;
  /** How long the agent waits for a hook that names no timeout, in ms; absent: far longer than any guard check. */
  defaultTimeoutMs?: number;
  /**
   * For a caller that names the contract alone, without the rest of a target: the agent's
   * folder (where the loop keeps its state), whether it reads project slash commands, and
   * its block cap of Stop blocks in a row.
   */
  alone: { agentDir: string; slashCommands: boolean; blockCap: number | null };
}

const CLAUDE_CODE: ContractTraits = {
  phases: false,
  claudeCodeHooksNeedAdapter: false,
  sessionEndEvent: 'SessionEnd',
  alone: { agentDir: '.claude', slashCommands: true, blockCap: 8 },
};

export const CONTRACTS: Record<HookContract, ContractTraits> = {
  'claude-code': CLAUDE_CODE,
  gemini: CLAUDE_CODE,
  codex: { ...CLAUDE_CODE, alone: { agentDir: '.codex', slashCommands: false, blockCap: null } },
  forgeflare: {
    phases: true,
    tools: ['Bash', 'Edit', 'Read', 'Glob', 'Grep'],
    claudeCodeHooksNeedAdapter: true,
    // forgeflare has no SessionEnd: its Stop ends the session.
    sessionEndEvent: 'Stop',
    // forgeflare's own timeout for a hook without one; Claude Code's and the others' are far longer.
    defaultTimeoutMs: 5000,
    alone: { agentDir: '.claude', slashCommands: false, blockCap: null },
  },
};

/** The traits of the contract a target (or a caller naming none: Claude Code's) speaks. */
export function contractTraits(target?: { contract: HookContract }): ContractTraits {
  return CONTRACTS[target?.contract ?? 'claude-code'];
}
