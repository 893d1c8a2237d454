/**
 * Scenario files (`*.scenario.json`): one real-client session, written down. The files to put
 * in the project, the prompt, the scripted model's turns, and what must be true afterwards
 * (files, what the model was sent, the Stop decisions, tool results). `runScenario` copies the
 * project's hook setup into a temporary folder, runs the session in the real client, and
 * checks every expectation; `ralph-hooks test` runs scenario files beside recorded cases.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { isSubset, type Failure } from '../replay/expectations.js';
import { loadScenario, ScenarioError, validateScenario, type Scenario, type ScenarioExpect } from '../replay/scenario-schema.js';
import { TARGETS } from '../../src/targets/index.js';
import type { Target } from '../../src/targets/types.js';
import { clientAgents, loadAgentClient } from './agent-client.js';
import type { RealClientRun, TappedHookRun } from './real-client.js';
import { sentToModel, toolCalls } from './model/conversation.js';
import type { Turn } from './model/model-server.js';
import { isJsonObject } from '../../src/util/json-text.js';

export type { Failure as ScenarioFailure };

/** Runs one session of one client; `claude-code` is built in, others register themselves. */
export type ScenarioClient = (
  projectDir: string,
  options: { turns: Turn[]; prompt?: string; env?: Record<string, string>; allowedTools?: string[]; timeoutMs?: number; bin?: string },
) => Promise<RealClientRun>;

/** Clients registered with registerScenarioClient: they take precedence over the agents' own files. */
const REGISTERED: Record<string, () => Promise<ScenarioClient>> = {};

/**
 * Every agent with a client, registered or found by its file: a target's agent whose client
 * sits in agents/ under its name (agent-client.ts). Adding an agent adds no line here.
 */
const CLIENTS = (): Record<string, () => Promise<ScenarioClient>> => ({
  ...Object.fromEntries(clientAgents().map(({ agent, file }) => [agent, async () => (await loadAgentClient(agent, file)).run])),
  ...REGISTERED,
});

/** Make `agents: [name]` runnable. */
export function registerScenarioClient(agent: string, load: () => Promise<ScenarioClient>): void {
  REGISTERED[agent] = load;
}

/**
 * One session of an agent's real client, by its name (a target's `agent`, with a client file
 * in testkit/clients/agents/, or one registered with registerScenarioClient): the runner for all agents.
 */
export async function runAgent(agent: string, projectDir: string, options: Parameters<ScenarioClient>[1]): Promise<RealClientRun> {
  const clients = CLIENTS();
  const load = clients[agent];
  if (!load) throw new Error(`runAgent: no client "${agent}" (known: ${Object.keys(clients).join(', ')})`);
  return (await load())(projectDir, options);
}

/** Agents `runScenario` knows. */
export function scenarioAgents(): string[] {
  return Object.keys(CLIENTS());
}

export interface RunScenarioOptions {
  /** Which client; default: the scenario's first agent, else claude-code. */
  agent?: string;
  /** The project whose hook setup (`copy`) is copied into the temporary project. Default: cwd. */
  projectRoot?: string;
  /** Run in this folder as it is instead of a temporary copy (nothing is copied or removed). */
  projectDir?: string;
  /** Keep the temporary project (its path is in the outcome). */
  keep?: boolean;
  /** The client's CLI. Default: node_modules/.bin above the project or the working directory, else PATH. */
  bin?: string;
}

export interface ScenarioOutcome {
  name: string;
  agent: string;
  status: 'pass' | 'fail';
  failures: Failure[];
  run: RealClientRun;
  /** The folder the session ran in. */
  projectDir: string;
}

function substitute<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === 'string') return value.replace(/\$\{(WORKSPACE|HOME)\}/g, (match, name: string) => vars[name] ?? match) as T;
  if (Array.isArray(value)) return value.map((item) => substitute(item, vars)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, vars)])) as T;
  }
  return value;
}

/**
 * What a scenario copies from the project when it names nothing (`copy`): the agent's folder,
 * and for a Claude Code plugin (it has .claude-plugin/plugin.json) the plugin's hooks too.
 */
function defaultHookSetup(projectRoot: string, agent: string): string[] {
  if (agent !== 'claude-code') {
    // The top folders of the agent's hooks and registration file (its target's hooksDir and registrationFile).
    const targets = Object.values(TARGETS as Record<string, Target>).filter((t) => t.agent === agent);
    const folders = targets.flatMap((t) => [t.hooksDir, t.registrationFile].map((path) => path.split('/')[0]));
    if (folders.length) return [...new Set(folders)];
  }
  return existsSync(join(projectRoot, '.claude-plugin/plugin.json')) ? ['.claude', '.claude-plugin', 'hooks'] : ['.claude'];
}

/** Every target's hook file in Claude Code's shape. */
const AGENT_HOOK_FILES = Object.values(TARGETS as Record<string, Target>).filter((t) => t.registration === 'claude-settings').map((t) => t.registrationFile);

/** Keep only the handlers that run `hook` in a (temporary) project's hook files of Claude Code's shape (every target's). */
export function isolateHook(projectDir: string, hook: string): void {
  for (const relative of new Set(['.claude/settings.json', '.claude/settings.local.json', ...AGENT_HOOK_FILES])) {
    const path = join(projectDir, relative);
    if (!existsSync(path)) continue;
    const settings = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    if (!isJsonObject(settings.hooks)) continue;
    const hooks: Record<string, unknown> = {};
    for (const [event, groups] of Object.entries(settings.hooks)) {
      if (!Array.isArray(groups)) continue;
      const kept = groups.flatMap((group: unknown) => {
        if (!isJsonObject(group) || !Array.isArray(group.hooks)) return [];
        const handlers = group.hooks.filter((h: unknown) => isJsonObject(h) && typeof h.command === 'string' && h.command.includes(hook));
        return handlers.length ? [{ ...group, hooks: handlers }] : [];
      });
      if (kept.length) hooks[event] = kept;
    }
    writeFileSync(path, `${JSON.stringify({ ...settings, hooks }, null, 2)}\n`);
  }
}

/** Write a scenario's `files` into a project. */
export function writeScenarioFiles(projectDir: string, files: Record<string, unknown>): void {
  for (const [path, content] of Object.entries(files)) {
    const target = join(projectDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
}

function parseJson(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(trimmed) as unknown;
    return isJsonObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** What a Stop hook run decided: block (decision "block" or "deny", or exit 2), else allow. */
export function stopOutcome(run: TappedHookRun): { decision: 'block' | 'allow'; reason?: string; systemMessage?: string } {
  const json = parseJson(run.stdout);
  const systemMessage = typeof json?.systemMessage === 'string' ? json.systemMessage : undefined;
  if (run.exitCode === 2) return { decision: 'block', reason: run.stderr, systemMessage };
  if (run.exitCode === 0 && (json?.decision === 'block' || json?.decision === 'deny')) {
    return { decision: 'block', reason: typeof json.reason === 'string' ? json.reason : undefined, systemMessage };
  }
  return { decision: 'allow', systemMessage };
}

/** The Stop hook runs of a session, in order; only those whose command runs `hook`, when given. */
export function stopRuns(run: RealClientRun, hook?: string): TappedHookRun[] {
  return run.hookInputs.filter((h) => h.event === 'Stop' && (hook === undefined || h.hook.includes(hook)));
}

const show = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined'));

/** Check a session against a scenario's `expect`; [] when everything holds. */
export function checkScenario(expect: ScenarioExpect | undefined, run: RealClientRun, hook?: string): Failure[] {
  const failures: Failure[] = [];
  if (!expect) return failures;
  const fail = (field: string, expected: unknown, actual: unknown) => failures.push({ field, expected: show(expected), actual: show(actual) });
  if (expect.exitCode !== undefined && run.exitCode !== expect.exitCode) fail('exitCode', expect.exitCode, `${run.exitCode}\n${run.stderr}`);
  if (expect.modelTurns !== undefined && run.modelTurns !== expect.modelTurns) fail('modelTurns', expect.modelTurns, run.modelTurns);
  if (expect.maxModelTurns !== undefined && run.modelTurns > expect.maxModelTurns) fail('maxModelTurns', `<= ${expect.maxModelTurns}`, run.modelTurns);
  if (expect.exhausted !== undefined && run.exhausted !== expect.exhausted) fail('exhausted', expect.exhausted, run.exhausted);
  if (expect.result !== undefined) {
    const actual = typeof run.result?.result === 'string' ? run.result.result : '(no result)';
    const ok = typeof expect.result === 'string' ? actual === expect.result : actual.includes(expect.result.contains);
    if (!ok) fail(typeof expect.result === 'string' ? 'result' : 'result.contains', typeof expect.result === 'string' ? expect.result : expect.result.contains, actual);
  }
  for (const [path, expected] of Object.entries(expect.files ?? {})) {
    const actual = run.files(path);
    if (expected === null) {
      if (actual !== null) fail(`files.${path}`, '(absent)', actual);
    } else if (typeof expected === 'string') {
      if (actual !== expected) fail(`files.${path}`, expected, actual ?? '(absent)');
    } else if ('json' in expected) {
      let parsed: unknown;
      try {
        parsed = actual === null ? undefined : JSON.parse(actual);
      } catch {
        parsed = undefined;
      }
      if (!isSubset(expected.json, parsed)) fail(`files.${path}.json`, expected.json, actual ?? '(absent)');
    } else if (actual === null || !actual.includes(expected.contains)) {
      fail(`files.${path}.contains`, expected.contains, actual ?? '(absent)');
    }
  }
  if (expect.modelReceived || expect.modelNotReceived) {
    const texts = sentToModel(run).join('\n');
    for (const part of expect.modelReceived ?? []) if (!texts.includes(part)) fail('modelReceived', part, texts);
    for (const part of expect.modelNotReceived ?? []) if (texts.includes(part)) fail('modelNotReceived', `(never) ${part}`, texts);
  }
  if (expect.stops) {
    const stops = stopRuns(run, hook).map((h) => ({ stop_hook_active: h.input.stop_hook_active, ...stopOutcome(h) }));
    if (stops.length !== expect.stops.length) fail('stops.length', expect.stops.length, stops);
    expect.stops.forEach((want, i) => {
      const got = stops[i];
      if (!got) return;
      if (want.stop_hook_active !== undefined && got.stop_hook_active !== want.stop_hook_active) fail(`stops.${i}.stop_hook_active`, want.stop_hook_active, got.stop_hook_active);
      if (want.decision !== undefined && got.decision !== want.decision) fail(`stops.${i}.decision`, want.decision, got);
      if (want.reason !== undefined && !(got.reason ?? '').includes(want.reason)) fail(`stops.${i}.reason`, want.reason, got.reason ?? '(none)');
      if (want.systemMessage !== undefined && !(got.systemMessage ?? '').includes(want.systemMessage)) {
        fail(`stops.${i}.systemMessage`, want.systemMessage, got.systemMessage ?? '(none)');
      }
    });
  }
  if (expect.toolCalls) {
    const calls = toolCalls(run);
    if (calls.length !== expect.toolCalls.length) fail('toolCalls.length', expect.toolCalls.length, calls.map((c) => ({ name: c.name, input: c.input })));
    expect.toolCalls.forEach((want, i) => {
      const got = calls[i];
      if (!got) return;
      if (want.name !== undefined && got.name !== want.name) fail(`toolCalls.${i}.name`, want.name, got.name);
      if (want.input !== undefined && !isSubset(want.input, got.input)) fail(`toolCalls.${i}.input`, want.input, got.input);
      if (want.result !== undefined && !(got.result ?? '').includes(want.result)) fail(`toolCalls.${i}.result`, want.result, got.result ?? '(no result)');
      if (want.isError !== undefined && got.isError !== want.isError) fail(`toolCalls.${i}.isError`, want.isError, `${got.isError}: ${got.result}`);
    });
  }
  return failures;
}

/**
 * Run a scenario (a file path or an object) in the real client and check it. The project's
 * hook setup (`copy`, default .claude) is copied into a temporary folder first, so the
 * session never touches the project itself.
 */
export async function runScenario(scenario: string | Scenario, options: RunScenarioOptions = {}): Promise<ScenarioOutcome> {
  const file = typeof scenario === 'string' ? scenario : undefined;
  const data = typeof scenario === 'string' ? loadScenario(scenario) : validateScenario(scenario);
  const name = data.name ?? (file ? basename(file).replace(/\.scenario\.json$/, '') : 'scenario');
  const agent = options.agent ?? data.agents?.[0] ?? 'claude-code';
  const clients = CLIENTS();
  const load = clients[agent];
  if (!load) throw new ScenarioError(file ?? name, [`agents: no client "${agent}" (known: ${Object.keys(clients).join(', ')})`]);
  const projectRoot = resolve(options.projectRoot ?? process.cwd());
  const temporary = options.projectDir === undefined;
  const projectDir = options.projectDir ? resolve(options.projectDir) : mkdtempSync(join(tmpdir(), 'ralph-hooks-scenario-'));
  try {
    if (temporary) {
      for (const path of data.copy ?? defaultHookSetup(projectRoot, agent)) {
        const from = join(projectRoot, path);
        if (existsSync(from)) cpSync(from, join(projectDir, path), { recursive: true, verbatimSymlinks: true });
      }
    }
    if (data.isolate) {
      if (!data.hook) throw new ScenarioError(file ?? name, ['isolate: needs "hook" (the script to keep registered)']);
      if (!temporary) throw new ScenarioError(file ?? name, ['isolate: only in a temporary copy of the project']);
      isolateHook(projectDir, data.hook);
    }
    const vars = { WORKSPACE: projectDir, HOME: process.env.HOME ?? '' };
    writeScenarioFiles(projectDir, substitute(data.files ?? {}, vars));
    const client = await load();
    const run = await client(projectDir, {
      turns: substitute(data.turns, vars) as Turn[],
      prompt: data.prompt === undefined ? undefined : substitute(data.prompt, vars),
      env: data.env ? substitute(data.env, vars) : undefined,
      allowedTools: data.allowedTools,
      timeoutMs: data.timeoutMs,
      bin: options.bin,
    });
    const failures = checkScenario(data.expect, run, data.hook);
    if (run.timedOut) failures.unshift({ field: 'timeout', expected: `done within ${data.timeoutMs ?? 120_000} ms`, actual: 'killed' });
    return { name, agent, status: failures.length ? 'fail' : 'pass', failures, run, projectDir };
  } finally {
    if (temporary && !options.keep) rmSync(projectDir, { recursive: true, force: true });
  }
}
