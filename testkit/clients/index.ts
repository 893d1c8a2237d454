/**
 * ralph-hooks/testkit/clients: sessions of each agent's real client (runClaudeCode, runCodex,
 * runQwenCode, runCopilot, runGemini, runDroid, or runAgent by name) against a scripted model
 * on 127.0.0.1, which speaks the four wire protocols those clients use; scenario files run in
 * them (runScenario); and what a session's hooks did, read back (stopRuns, toolCalls,
 * sentToModel) or saved as replay cases (saveRecordedCases).
 *
 * Everything that runs without a real client is the main entry, `ralph-hooks/testkit`.
 */
export * from './agent-client.js';
export * from './installed.js';
export * from './model/model-server.js';
export * from './model/messages-api.js';
export * from './model/conversation.js';
export * from './model/responses-api.js';
export * from './agents/claude-code.js';
export * from './session.js';
export * from './agents/codex.js';
export * from './scenario.js';
export * from './session-cases.js';
export * from './shell-tools.js';
export * from './model/chat-completions-api.js';
export * from './agents/qwen-code.js';
export * from './agents/copilot.js';
export * from './agents/droid.js';
export * from './model/gemini-api.js';
export * from './agents/gemini.js';
