/**
 * Each installed client's hook contract against its committed snapshot
 * (test/real-client/contracts/<agent>/<version>.json): one fixed session per client, with a
 * guard, an audit log, a convergence check, a stop-watcher and a session-end hook registered,
 * and every event name and input key path the hooks received compared with what that version
 * sent when the snapshot was recorded. A new release that renames an event or a key fails here
 * with the difference. Re-record (after checking the hooks still work):
 * RALPH_HOOKS_UPDATE_CONTRACTS=1 npx vitest run test/real-client/contracts.test.ts
 * With RALPH_HOOKS_CONTRACT_REPORT=<file>, each client's outcome is appended to that file as
 * Markdown (the scheduled workflow's job summary).
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { RalphHooksConfigInput } from '../../src/config/schema.js';
import { runScenario } from '../../testkit/clients/index.js';
import { checkContract, observedContract, type ContractCheck } from '../../testkit/clients/contract.js';
import { clientProbes } from '../../testkit/clients/installed.js';
import { realProject, REAL_AGENTS, TEST_TIMEOUT_MS, describeWhen } from './helpers.js';

const CONTRACTS = join(import.meta.dirname, 'contracts');

const HOOKS = [
  { kind: 'guard', preset: 'guard', name: 'guard' },
  { kind: 'audit-log', preset: 'audit-log' },
  { kind: 'convergence', preset: 'convergence' },
  { kind: 'stop-watcher', preset: 'loop', options: { stateFile: '.ralph/loop.local.md', commands: false } },
  { kind: 'session-end', preset: 'session-end' },
];

/**
 * A file written with the agent's own tool where its name and arguments are known (the key a
 * guard reads, file_path, is what clients have renamed before).
 */
const WRITE_TOOL: Record<string, string> = { 'claude-code': 'Write', 'qwen-code': 'write_file', gemini: 'write_file' };

/** A shell call and a file write (tool events), then an answer (Stop), then the end (SessionEnd). */
function session(agent: string, projectDir: string) {
  const write = WRITE_TOOL[agent];
  const writeTurn = write ? [{ tools: [{ name: write, input: { file_path: join(projectDir, 'notes.txt'), content: 'contract\n' } }] }] : [];
  return { prompt: 'List the project', agents: [agent], turns: [{ shell: 'echo contract' }, ...writeTurn, { text: 'Done.' }] };
}

function report(agent: string, version: string, check: ContractCheck): void {
  const file = process.env.RALPH_HOOKS_CONTRACT_REPORT;
  if (!file) return;
  const status = check.recorded ? 'recorded' : check.ok ? 'same as its snapshot' : check.hasSnapshot ? 'differs from its snapshot' : 'no snapshot yet';
  const body = check.ok ? '' : `\n\n\`\`\`diff\n${check.message}\n\`\`\``;
  appendFileSync(file, `### ${agent} ${version}: ${status}${body}\n\n`);
}

for (const { agent, target, installed } of REAL_AGENTS) {
  const run = describeWhen(installed, { concurrent: false });
  run(`the hook contract of the real ${agent}`, () => {
    it(`${agent} sends the events and keys of its version's snapshot`, async () => {
      const probe = (await clientProbes()).find((p) => p.agent === agent)!;
      const bin = probe.find();
      const version = bin ? probe.version(bin) : null;
      expect(version, `${agent}: no version from ${bin ?? '(not installed)'}`).toBeTruthy();
      const project = realProject({ target, hooks: HOOKS } as RalphHooksConfigInput);
      const outcome = await runScenario(session(agent, project.root), { projectDir: project.root, agent });
      expect(outcome.run.timedOut).toBe(false);
      const check = checkContract(CONTRACTS, agent, version!, observedContract(outcome.run.hookInputs));
      report(agent, version!, check);
      expect(check.ok, check.message).toBe(true);
    }, TEST_TIMEOUT_MS);
  });
}
