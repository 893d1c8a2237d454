/**
 * ralph-hooks/testkit, forgeflare part: a simulator of forgeflare's hook dispatch layer
 * (seed 002) — HookRunner for single events, replayForgeflare for whole sessions.
 */
export {
  HookRunner,
  readConvergence,
  truncateResult,
  floorCharBoundary,
  DEFAULT_TIMEOUT_MS as FORGEFLARE_DEFAULT_TIMEOUT_MS,
  DEFAULT_STOP_TIMEOUT_MS as FORGEFLARE_DEFAULT_STOP_TIMEOUT_MS,
  RESULT_TRUNCATION_LIMIT,
  type ForgeflareHookConfig,
  type PreToolResult,
  type PostToolResult,
  type ConvergenceFile,
  type ConvergenceObservation,
  type ConvergenceFinal,
  type HookInvocation,
  type HookRunnerLogEntry,
  type HookRunnerOptions,
} from './runner.js';
export {
  replayForgeflare,
  MAX_TOOL_ITERATIONS,
  MAX_CONSECUTIVE_BLOCKS,
  MAX_TOTAL_BLOCKS,
  MAX_CONTINUATIONS,
  PURE_TOOLS,
  type ToolCall,
  type ReplayStep,
  type ReplayTurn,
  type ReplayOptions,
  type ReplayResult,
  type TurnOutcome,
  type CallRecord,
  type Message as ForgeflareMessage,
} from './replay.js';
