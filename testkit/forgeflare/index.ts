/**
 * ralph-hooks/testkit, forgeflare part: a simulator of forgeflare's hook dispatch layer as
 * its HookRunner implements it — HookRunner for single events, replayForgeflare for whole
 * sessions, readForgeflareHooks for hooks.toml as forgeflare reads it.
 */
export {
  HookRunner,
  readConvergence,
  truncateResult,
  floorCharBoundary,
  rfc3339Now,
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
  type UnreadStdin,
} from './runner.js';
export { PIPE_CAPACITY } from './process.js';
export {
  readForgeflareHooks,
  type ForgeflareHooksRead,
  type ForgeflareTomlRejection,
  type HookConfigRecord,
} from '../../src/registration/forgeflare-load.js';
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
