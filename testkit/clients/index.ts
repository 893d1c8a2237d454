/**
 * ralph-hooks/testkit/clients: sessions of each agent's real client (runClaudeCode, runCodex,
 * runQwenCode, runCopilot, runGemini, runDroid, or runAgent by name) against a scripted model
 * on 127.0.0.1, which speaks the four wire protocols those clients use; scenario files run in
 * them (runScenario); and what a session's hooks did, read back (stopRuns, toolCalls,
 * sentToModel) or saved as replay cases (saveRecordedCases).
 *
 * Everything that runs without a real client is the main entry, `ralph-hooks/testkit`.
 */
export * from './model-server.js';
export * from './messages-api.js';
export * from './conversation.js';
export * from './responses-api.js';
export * from './claude-code.js';
export * from './session.js';
export * from './codex.js';
export * from './scenario.js';
export * from './record.js';
export * from './shell-tools.js';
export * from './chat-completions-api.js';
export * from './qwen-code.js';
export * from './copilot.js';
export * from './droid.js';
export * from './gemini-api.js';
export * from './gemini.js';
