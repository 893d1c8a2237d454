/**
 * The loop record (docs/reports.md) in real clients against the scripted model, which reports
 * usage on every turn and records what it reported (RecordedRequest.usage): the token totals of
 * the log equal the sum the model reported, and with cache reads and writes the report's totals
 * equal the agent's own (Codex's total_tokens, Claude Code's total_cost_usd); a loop with maxTokens, and one with maxCostUsd, ends
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

    it("with cache reads and writes: the report's totals equal the model's figures and the agent's own total", async () => {
      // Claude Code's own prices for the model it asks the scripted model for (claude-opus-5-5),
      // measured from its total_cost_usd: $4 input, $20 output, $0.20 cache read, $5 cache write per million.
      const prices = { 'claude-opus-5-5': { input: 4, output: 20, cacheRead: 0.2, cacheWrite: 5 } };
      const root = project(agent, 3, {}, { prices });
      const cached: Turn[] = [
        { text: 'Reading the plan.', inputTokens: 1200, cacheWriteTokens: 9000 },
        { text: 'Writing the parser.', inputTokens: 300, cacheReadTokens: 9000, cacheWriteTokens: 450 },
        { text: 'Testing it.', inputTokens: 150, cacheReadTokens: 9450 },
      ];
      const run = await AGENTS[agent].run(root, { prompt: 'Build the parser', turns: cached, timeoutMs: SESSION_TIMEOUT_MS });
      expect(run.exitCode, run.stderr).toBe(0);
      const model = run.requests.filter((r) => r.modelCall).map((r) => r.usage!);
      const sum = (key: 'input' | 'output' | 'cacheRead' | 'cacheWrite') => model.reduce((n, u) => n + u[key], 0);
      const report = JSON.parse(ralphHooks(['report', '--format', 'json'], { cwd: root }).stdout).sessions[0].totals;
      expect(report.tokens).toEqual({ input: sum('input'), output: sum('output'), cacheRead: sum('cacheRead'), cacheWrite: sum('cacheWrite') });
      expect(sum('cacheWrite')).toBe(9450);
      const tokens = report.tokens.input + report.tokens.output + report.tokens.cacheRead + report.tokens.cacheWrite;
      if (agent === 'codex') {
        // Codex's own running total: the last token_count's total_tokens.
        const counts = (run.transcript ?? []).map((l) => (l as { payload?: { type?: string; info?: { total_token_usage?: { total_tokens?: number } } } }).payload).filter((p) => p?.type === 'token_count' && p.info?.total_token_usage);
        expect(counts.length).toBeGreaterThan(0);
        expect(tokens).toBe(counts.at(-1)!.info!.total_token_usage!.total_tokens);
      } else {
        expect(run.result?.total_cost_usd).toBeTypeOf('number');
        expect(report.costUsd).toBeCloseTo(run.result!.total_cost_usd as number, 6);
      }
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
