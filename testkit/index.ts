/**
 * ralph-hooks/testkit: build hook inputs, workspaces and transcripts, run hooks, assert on
 * their output, and replay a Stop loop. Vitest matchers live in `ralph-hooks/testkit/vitest`;
 * the bats library in `ralph-hooks/testkit/bats/load.bash`.
 */
export * from './inputs.js';
export * from './workspace.js';
export * from './transcript.js';
export * from './run-hook.js';
export * from './assertions.js';
export * from './loop-replay.js';
export * from './cases.js';
export { formatFailure, formatPairs, type KeyValue } from './format.js';
export * from './forgeflare/index.js';
export * from './clients/model-server.js';
export * from './clients/messages-api.js';
export * from './clients/conversation.js';
export * from './clients/responses-api.js';
export * from './clients/claude-code.js';
export * from './clients/session.js';
export * from './clients/codex.js';
export * from './clients/scenario.js';
export * from './clients/record.js';
export * from './clients/shell-tools.js';
export * from './clients/chat-completions-api.js';
export * from './clients/qwen-code.js';
export * from './clients/copilot.js';
export * from './clients/droid.js';
export * from './clients/gemini-api.js';
export * from './clients/gemini.js';
