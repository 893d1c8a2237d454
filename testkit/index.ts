/**
 * ralph-hooks/testkit: build hook inputs, workspaces and transcripts, run hooks, assert on
 * their output, replay recorded cases and scenario files, and simulate a Stop loop (Claude
 * Code's) or a session (forgeflare's) — everything that runs without an agent's real client.
 *
 * The real clients and the scripted model servers they talk to are the second entry,
 * `ralph-hooks/testkit/clients`; vitest matchers are `ralph-hooks/testkit/vitest`; the bats
 * library is `ralph-hooks/testkit/bats/load.bash`.
 */
export * from './inputs.js';
export * from './workspace.js';
export * from './transcript.js';
export * from './run-hook.js';
export * from './assertions.js';
export * from './loop-replay.js';
export * from './cases.js';
export { formatFailure, formatPairs, type KeyValue } from './format.js';
export { loadScenario, parseScenario, scenarioJsonSchema, scenarioSchema, ScenarioError, validateScenario, type Scenario, type ScenarioExpect } from './replay/scenario-schema.js';
export * from './forgeflare/index.js';
