/**
 * The loop record (docs/reports.md) in real clients against the scripted model, which reports
 * usage on every turn and records what it reported (RecordedRequest.usage): the token totals of
 * the log equal the sum the model reported; a loop with maxTokens, and one with maxCostUsd, ends
 * at the iteration that crosses it with `budget` in `status`; an agent whose transcript carries
 * no usage (droid) gets nulls and a plain sentence. Few turns each.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runClaudeCode, runCodex, runDroid, writeScenarioFiles, type RealClientRun, type Turn } from '../../testkit/clients/index.js';
import { loopLogFile, type StopRecord } from '../../src/loop-record/record.js';
import { PRICE_LIST } from '../../src/loop-record/price-list.js';
import { ralphHooks } from '../helpers/cli.js';
import { describeAgent, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

const loopState = (max: number) => `---\nactive: true\niteration: 1\nsession_id: \nmax_iterations: ${max}\ncompletion_promise: "DONE"\nstarted_at: "2026-11-28T10:00:00Z"\n---\n\nBuild the parser\n`;

const AGENTS = {
  'claude-code': { target: 'claude-project', dir: '.claude', run: runClaudeCode },
  codex: { target: 'codex-project', dir: '.codex', run: runCodex },
} as const;

function project(agent: keyof typeof AGENTS, max: number, options: Record<string, unknown> = {}, top: Record<string, unknown> = {}): string {
  const { root } = realProject({ ...top, target: AGENTS[agent].target, hooks: [{ kind: 'stop-watcher', preset: 'loop', options }] } as never);
  writeScenarioFiles(root, { [`${AGENTS[agent].dir}/ralph-loop.local.md`]: loopState(max) });
  return root;
}

function records(root: string, run: RealClientRun): StopRecord[] {
  const file = join(root, loopLogFile(run.sessionId));
  expect(existsSync(file), `no loop record at ${file}`).toBe(true);
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as StopRecord);
}

/** Input (not from the cache) and output tokens: the log's sum, and the model's. */
function totals(lines: StopRecord[], run: RealClientRun) {
  const model = run.requests.filter((r) => r.modelCall);
  expect(model.every((r) => r.usage !== undefined)).toBe(true);
  return {
    log: { input: lines.reduce((n, l) => n + (l.usage?.input ?? 0), 0), output: lines.reduce((n, l) => n + (l.usage?.output ?? 0), 0) },
    model: { input: model.reduce((n, r) => n + r.usage!.input, 0), output: model.reduce((n, r) => n + r.usage!.output, 0) },
  };
}

const status = (root: string) => JSON.parse(ralphHooks(['status', '--json'], { cwd: root }).stdout).lastEnd;
const turns = (n: number, inputTokens: number): Turn[] => Array.from({ length: n }, (_, i) => ({ text: `Working, step ${i + 1}.`, inputTokens }));

for (const agent of Object.keys(AGENTS) as (keyof typeof AGENTS)[]) {
  describeAgent(agent === 'claude-code' ? 'claude-code' : 'codex')(`the loop record in the real ${agent}`, () => {
    it('one line per Stop; the token totals equal the sum the scripted model reported', async () => {
      const root = project(agent, 3);
      const run = await AGENTS[agent].run(root, { prompt: 'Build the parser', turns: turns(3, 1000), timeoutMs: SESSION_TIMEOUT_MS });
      expect(run.exitCode, run.stderr).toBe(0);
      const lines = records(root, run);
      expect(lines.map((l) => [l.iteration, l.decision, l.reason])).toEqual([[1, 'continue', null], [2, 'continue', null], [3, 'stop', 'max-iterations']]);
      expect(lines.every((l) => l.usage !== null && l.agent === (agent === 'claude-code' ? 'claude-code' : 'codex'))).toBe(true);
      const { log, model } = totals(lines, run);
      expect(log).toEqual(model);
      expect(model.input).toBe(3000);
    }, TEST_TIMEOUT_MS);

    it('maxTokens: the loop ends at the iteration that crosses it, with budget in status', async () => {
      // 1,000 input tokens and a few output a call: the second Stop crosses 1,500.
      const root = project(agent, 10, { maxTokens: 1500 });
      const run = await AGENTS[agent].run(root, { prompt: 'Build the parser', turns: turns(4, 1000), timeoutMs: SESSION_TIMEOUT_MS });
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.modelTurns).toBe(2);
      expect(records(root, run).map((l) => [l.iteration, l.decision, l.reason])).toEqual([[1, 'continue', null], [2, 'stop', 'budget']]);
      expect(status(root)).toMatchObject({ reason: 'budget', iteration: 2 });
      expect(status(root).message).toMatch(/maxTokens 1500: \d+ tokens used/);
    }, TEST_TIMEOUT_MS);

    it('maxCostUsd: priced in the config, the loop ends at the iteration that crosses it', async () => {
      // $1,000 per million input tokens: $1 a call, whatever model name the client sends.
      const price = { input: 1000, output: 0, cacheRead: 0, cacheWrite: 0 };
      const prices = Object.fromEntries(['claude', 'scripted', 'gpt', ...Object.keys(PRICE_LIST)].map((key) => [key, price]));
      const root = project(agent, 10, { maxCostUsd: 1.5 }, { prices });
      const run = await AGENTS[agent].run(root, { prompt: 'Build the parser', turns: turns(4, 1000), timeoutMs: SESSION_TIMEOUT_MS });
      expect(run.exitCode, run.stderr).toBe(0);
      expect(records(root, run).map((l) => [l.iteration, l.decision, l.reason])).toEqual([[1, 'continue', null], [2, 'stop', 'budget']]);
      expect(status(root)).toMatchObject({ reason: 'budget', iteration: 2 });
      expect(status(root).message).toContain('maxCostUsd 1.5: $2 spent');
    }, TEST_TIMEOUT_MS);
  });
}

describeAgent('droid')('the loop record where the transcript carries no usage (droid)', () => {
  it('usage null and a plain sentence, not zeros', async () => {
    const { root } = realProject({ target: 'droid-project', hooks: [{ kind: 'stop-watcher', preset: 'loop' }] } as never);
    writeScenarioFiles(root, { '.factory/ralph-loop.local.md': loopState(2) });
    const run = await runDroid(root, { prompt: 'Build the parser', turns: turns(2, 1000), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = records(root, run);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect([line.usage, line.usageNote]).toEqual([null, "Factory droid's transcript carries no token counts"]);
  }, TEST_TIMEOUT_MS);
});
