/**
 * The fuzz harness: every preset generated for every target it supports, fed inputs and
 * state files drawn by fast-check from a fixed seed, each run checked against the contract
 * of its kind. Shared by test/fuzz/*.test.ts (CI budget) and bench/fuzz.mjs (long run).
 *
 * Contracts checked on every run:
 * - it ends, exit 0, within the time limit;
 * - stdout is empty or exactly one JSON object, in valid UTF-8 (forgeflare: never empty);
 * - stderr holds only the hook's own lines ("[prefix] …"), never a shell's warning;
 * - a guard denies every input that is not exactly one JSON object (NUL bytes included);
 * - a guard decides the shapes that once kept it busy for minutes (SLOW_SHAPES: a long `&&`
 *   chain, thousands of paths after sed -i, tee or chmod -R) itself, as a rule or as too
 *   complex to check, never as a failure;
 * - nothing injected through input, state, marker, settings or config runs (a canary file);
 * - nothing is written outside the project (the folders around it are compared);
 * - a state file that is a symlink or a hard link to a file outside the project, or whose
 *   folder is a symlink out of it, is never written through (the outside copy is compared).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import fc from 'fast-check';
import { applyPlan, diskWriter } from '../../src/generate/apply.js';
import { validateConfig } from '../../src/config/load.js';
import { formatJson } from '../../src/util/json-text.js';
import { planGeneration } from '../../src/generate/plan.js';

export type Kind = 'stop' | 'post' | 'observe' | 'guard';
export type Target = 'claude-project' | 'claude-plugin' | 'forgeflare' | 'gemini-project' | 'copilot-project';

export interface HookUnderTest {
  label: string; // "specum/claude-project"
  preset: string;
  target: Target;
  kind: Kind;
  script: string; // relative to the project root
  event: string;
  contract: 'claude-code' | 'forgeflare';
  /** Files the hook reads as state (relative to the project root), fuzzed too. */
  stateFiles: string[];
  /** The folder holding a generated project (copied per worker). */
  template: string;
  /** Files put back before every run. */
  setup: Record<string, string>;
}

export interface Violation {
  hook: string;
  property: string;
  detail: string;
  input: string; // a short description of the input
}

export interface FuzzReport {
  hook: string;
  runs: number;
  violations: Violation[];
  /** The slowest runs, for the report. */
  slowest: { ms: number; input: string }[];
  /** Inputs of each of SLOW_SHAPES that ran. */
  shapes: Record<string, number>;
}

/**
 * The shapes that once kept a guard busy for minutes (a 6,666-long `cd d &&` chain: 85 s;
 * 20,000 paths after sed -i: 9 s), drawn as commands of every hook's input and counted in
 * the report: a long `&&` chain of short commands, and many paths after one command.
 */
export const SLOW_SHAPES = ['long && chain', 'many paths'] as const;

/** The injected command: every value that could reach a shell carries it. */
export const canaryCommands = (canary: string) => [
  `$(touch ${canary})`,
  `\`touch ${canary}\``,
  `;touch ${canary};`,
  `'; touch ${canary}; '`,
  `"; touch ${canary}; "`,
  `\ntouch ${canary}\n`,
  `$(node -e "require('fs').writeFileSync('${canary}','')")`,
  `x\`touch ${canary}\`x`,
  `\${IFS}$(touch\${IFS}${canary})`,
  `'); require('fs').writeFileSync('${canary}', ''); ('`,
];

interface PresetSpec {
  preset: string;
  kind: Kind;
  options?: Record<string, unknown>;
  name?: string;
  targets: Target[];
  event: string;
  stateFiles: string[];
  /** Files written once into every project copy (a spec in progress, say). */
  setup?: Record<string, string>;
}

const SPEC_STATE = JSON.stringify({ phase: 'execution', taskIndex: 1, totalTasks: 5, taskIteration: 1, globalIteration: 2, maxGlobalIterations: 50, specName: 'fz', specPath: './specs/fz' });
const FEATURE_STATE = JSON.stringify({ phase: 'execution', taskIndex: 1, totalTasks: 5, taskIteration: 1, globalIteration: 2, featureName: 'fz' });
const LOOP_MD = '---\nactive: true\niteration: 1\nmax_iterations: 20\ncompletion_promise: "DONE"\nstarted_at: "2026-01-01T00:00:00Z"\n---\n\nKeep going.\n';
// The loop's turn file, in .ralph-hooks/state (a hook named stop-watcher).
const LOOP_TURN = '.ralph-hooks/state/stop-watcher.turn';
// The loop record of session s1 (the fuzzed Stop inputs' session): the hook's offset and totals, and the log.
const LOOP_USAGE = '.ralph-hooks/state/loops/s1.stop-watcher.usage';
const LOOP_LOG = '.ralph-hooks/state/loops/s1.jsonl';
// Budgets on, so every stop also checks them (the loop record's totals).
const BUDGETS = { maxTokens: 1_000_000, maxCostUsd: 100, maxMinutes: 100_000 };
const LOOP_JSON = JSON.stringify({ active: true, iteration: 1, maxIterations: 20, completionPromise: 'DONE', prompt: 'Keep going.' });

/**
 * The spec stop-watchers wait up to stateSettleMs (default 1,000) for a state file written
 * less than that ago to become valid JSON: every fuzzed corrupt state is written just before
 * its run, so at the default each such input would sleep a second. 200 ms still takes the
 * wait loop (two re-reads) on every one of them, at a fifth of the cost.
 */
const SETTLE = { stateSettleMs: 200 };

export const PRESETS: PresetSpec[] = [
  {
    preset: 'specum', kind: 'stop', event: 'Stop', targets: ['claude-project', 'claude-plugin'], options: { ...SETTLE, ...BUDGETS },
    // The transcript as a state file: drawn as random bytes (NULs), a FIFO with no writer, a folder.
    stateFiles: ['specs/fz/.ralph-state.json', 'specs/.current-spec', '.claude/ralph-specum.local.md', 'transcript.jsonl', LOOP_USAGE, LOOP_LOG],
    setup: { 'specs/.current-spec': 'fz\n', 'specs/fz/.ralph-state.json': SPEC_STATE, 'specs/fz/tasks.md': '- [x] a\n- [ ] b\n' },
  },
  {
    preset: 'speckit', kind: 'stop', event: 'Stop', targets: ['claude-project', 'claude-plugin'], options: SETTLE,
    stateFiles: ['.specify/specs/fz/.speckit-state.json', '.specify/.current-feature', '.claude/ralph-speckit.local.md'],
    setup: { '.specify/.current-feature': 'fz\n', '.specify/specs/fz/.speckit-state.json': FEATURE_STATE, '.specify/specs/fz/tasks.md': '- [x] a\n- [ ] b\n' },
  },
  {
    preset: 'passive', kind: 'stop', event: 'Stop', targets: ['claude-project', 'claude-plugin'], options: SETTLE,
    stateFiles: ['specs/fz/.ralph-state.json', 'specs/.current-spec', '.claude/ralph-specum.local.md'],
    setup: { 'specs/.current-spec': 'fz\n', 'specs/fz/.ralph-state.json': SPEC_STATE },
  },
  {
    preset: 'loop', kind: 'stop', event: 'Stop', targets: ['claude-project', 'claude-plugin'], options: { runtime: 'bash', ...BUDGETS },
    // The turn file's folder linked out of the project ('folder'), and the transcript as a FIFO, random bytes, a folder.
    stateFiles: ['.claude/ralph-loop.local.md', LOOP_TURN, 'transcript.jsonl', LOOP_USAGE, LOOP_LOG], setup: { '.claude/ralph-loop.local.md': LOOP_MD },
  },
  {
    preset: 'loop', name: 'stop-watcher', kind: 'stop', event: 'Stop', targets: ['claude-project'], options: { runtime: 'node', ...BUDGETS },
    stateFiles: ['.claude/ralph-loop.local.json', LOOP_TURN, 'transcript.jsonl', LOOP_USAGE, LOOP_LOG], setup: { '.claude/ralph-loop.local.json': LOOP_JSON },
  },
  {
    // gemini-project: the one target whose guard answers in another shape ({"decision":"deny"}) and renames tools;
    // copilot-project: its agent also sends the camelCase shape.
    preset: 'guard', kind: 'guard', event: 'PreToolUse', targets: ['claude-project', 'claude-plugin', 'forgeflare', 'gemini-project', 'copilot-project'],
    stateFiles: ['.ralph-hooks/state/guard.doom-loop.0000000001', '.ralph-hooks/logs/guard.log'],
  },
  {
    preset: 'convergence', kind: 'post', event: 'PostToolUse', targets: ['claude-project', 'claude-plugin', 'forgeflare'],
    stateFiles: ['.ralph-hooks/state/convergence.json', '.ralph-hooks/state/convergence.json.lock', 'IMPLEMENTATION_PLAN.md'],
    setup: { 'IMPLEMENTATION_PLAN.md': '- [x] a\n- [ ] b\n' },
  },
  { preset: 'session-end', kind: 'observe', event: 'SessionEnd', targets: ['claude-project', 'forgeflare'], stateFiles: ['.ralph-hooks/logs/sessions.jsonl'] },
  { preset: 'audit-log', kind: 'observe', event: 'PreToolUse', targets: ['claude-project', 'forgeflare'], stateFiles: ['.ralph-hooks/logs/audit.jsonl'] },
];

const KIND_OF_PRESET: Record<string, string> = { specum: 'stop-watcher', speckit: 'stop-watcher', passive: 'stop-watcher', loop: 'stop-watcher', guard: 'guard', convergence: 'convergence', 'session-end': 'session-end', 'audit-log': 'audit-log' };
const HOOKS_DIR: Record<Target, string> = { 'claude-project': '.claude/hooks', 'claude-plugin': 'hooks/scripts', forgeflare: '.forgeflare/hooks', 'gemini-project': '.gemini/hooks', 'copilot-project': '.github/hooks' };

/** A sandbox: the folder the projects live in, a fake HOME, and the canary's path. */
export interface Sandbox {
  dir: string;
  home: string;
  canary: string;
}

export function makeSandbox(prefix = 'rh-fuzz-'): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, 'home');
  mkdirSync(home);
  return { dir, home, canary: join(dir, 'CANARY') };
}

function generateInto(root: string, config: Record<string, unknown>): void {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'ralph-hooks.config.json'), formatJson(config));
  const valid = validateConfig(config as never);
  applyPlan(planGeneration(root, valid), diskWriter(root));
}

/** The bytes of every file in a hook's folder (names included): two hooks with the same fingerprint and contract run the same code. */
function fingerprintOf(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${entry.name}\0${readFileSync(path, 'utf8')}\0`);
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * Every preset × target, generated once into the sandbox. A hook whose scripts are byte for
 * byte those of one already listed, under the same contract and setup (the claude-plugin build
 * of every preset is the claude-project one in another folder), is fuzzed once: it goes into
 * `identical` with the label it matches instead.
 */
export function buildHooks(sandbox: Sandbox, only?: (h: { preset: string; target: Target }) => boolean, identical: { label: string; sameAs: string }[] = []): HookUnderTest[] {
  const hooks: HookUnderTest[] = [];
  const seen = new Map<string, string>();
  for (const spec of PRESETS) {
    for (const target of spec.targets) {
      if (only && !only({ preset: spec.preset, target })) continue;
      const runtime = spec.options?.runtime ? `-${String(spec.options.runtime)}` : '';
      const label = `${spec.preset}${runtime}/${target}`;
      const template = join(sandbox.dir, 'templates', label.replace('/', '--'));
      const name = spec.name ?? KIND_OF_PRESET[spec.preset]!;
      generateInto(template, { target, hooks: [{ kind: KIND_OF_PRESET[spec.preset], preset: spec.preset, name, options: spec.options ?? {} }] });
      for (const [file, text] of Object.entries(spec.setup ?? {})) {
        mkdirSync(dirname(join(template, file)), { recursive: true });
        writeFileSync(join(template, file), text);
      }
      // node: the CommonJS launcher the registration runs (it starts the .mjs beside it).
      const ext = spec.options?.runtime === 'node' ? 'cjs' : 'sh';
      const contract = target === 'forgeflare' ? 'forgeflare' : 'claude-code';
      const fingerprint = `${contract} ${name}.${ext} ${JSON.stringify(spec.setup ?? {})} ${fingerprintOf(join(template, HOOKS_DIR[target]))}`;
      const sameAs = seen.get(fingerprint);
      if (sameAs !== undefined) {
        identical.push({ label, sameAs });
        continue;
      }
      seen.set(fingerprint, label);
      hooks.push({
        label, preset: spec.preset, target, kind: spec.kind, event: spec.event,
        contract,
        script: `${HOOKS_DIR[target]}/${name}.${ext}`,
        stateFiles: spec.stateFiles, template, setup: spec.setup ?? {},
      });
    }
  }
  return hooks;
}

// ---------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------

export interface FuzzCase {
  describe: string;
  /** One of SLOW_SHAPES, when the command has that shape. */
  shape?: (typeof SLOW_SHAPES)[number];
  stdin: Buffer;
  /** State file variant written before the run (relative path → content, or a special). */
  state?: { file: string; variant: StateVariant };
}

export type StateVariant =
  | { type: 'text'; text: string }
  | { type: 'bytes'; bytes: Uint8Array }
  | { type: 'huge'; size: number }
  | { type: 'fifo' }
  | { type: 'dir' }
  | { type: 'absent' }
  /** The state file (or, `folder`, the folder holding it) links to a copy outside the project. */
  | { type: 'link'; how: 'symlink' | 'hardlink' | 'folder' };

const enc = (s: string) => Buffer.from(s, 'utf8');

function valueArb(canary: string): fc.Arbitrary<unknown> {
  const str = fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 3, arbitrary: fc.constantFrom(...canaryCommands(canary)) },
    { weight: 1, arbitrary: fc.constantFrom('', '/', '.', '..', '-rf', '../../etc', '/dev/zero', '\u0000', 'a\r\nb', '\u2028', '💥', 'null') },
  );
  return fc.oneof(
    { weight: 6, arbitrary: str },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, 3.5) },
    { weight: 1, arbitrary: fc.array(str, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), str, { maxKeys: 3 }) },
  );
}

/** A plausible input of the event, with some fields replaced by fuzzed values or dropped. */
function eventObject(hook: HookUnderTest, root: string, canary: string): fc.Arbitrary<Record<string, unknown>> {
  const v = valueArb(canary);
  const command = fc.oneof(
    fc.constantFrom('ls -la', 'npm test', 'rm -rf /', 'git push --force', 'cat .env', 'sudo reboot', 'echo ok > out.txt', 'cargo test'),
    fc.string({ maxLength: 200 }),
    fc.constantFrom(...canaryCommands(canary)),
  );
  const base = (cmd: string, msg: string, camel: boolean): Record<string, unknown> => {
    if (hook.contract === 'forgeflare') {
      return hook.kind === 'observe' && hook.event === 'SessionEnd'
        ? { event: 'SessionEnd', reason: msg, tool_iterations: 3, total_tokens: 10, cwd: root }
        : { event: hook.event, phase: 'guard', tool: 'Bash', input: { command: cmd }, result: msg, is_error: false, tool_iterations: 2, cwd: root };
    }
    switch (hook.event) {
      case 'Stop':
        // A third of the stops have no last message (drawn from msg, so the other hooks' inputs stay as they
        // were): the hook reads the transcript, which may be a FIFO, a folder or random bytes.
        return { session_id: 's1', transcript_path: join(root, 'transcript.jsonl'), cwd: root, hook_event_name: 'Stop', stop_hook_active: false, ...(msg.length % 3 === 0 ? {} : { last_assistant_message: msg }) };
      case 'SessionEnd':
        return { session_id: 's1', cwd: root, hook_event_name: 'SessionEnd', reason: msg };
      case 'PostToolUse':
        if (camel) return copilotCall(cmd, root, { toolResult: { resultType: 'success', textResultForLlm: msg } });
        return { session_id: 's1', cwd: root, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: cmd }, tool_response: { stdout: msg, stderr: '' } };
      default:
        if (camel) return copilotCall(cmd, root);
        return { session_id: 's1', cwd: root, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: cmd }, tool_use_id: 't' };
    }
  };
  const keys = ['session_id', 'cwd', 'transcript_path', 'stop_hook_active', 'tool_name', 'tool', 'tool_input', 'input', 'last_assistant_message', 'hook_event_name', 'event', 'tool_iterations', 'result', 'tool_response', 'reason', 'command', 'sessionId', 'toolName', 'toolArgs'];
  // One tool call in four in Copilot CLI's camelCase shape, which every target's guard must read.
  return fc.record({ cmd: command, msg: fc.string({ maxLength: 80 }), camel: fc.integer({ min: 0, max: 3 }).map((n) => n === 0), edits: fc.array(fc.tuple(fc.constantFrom(...keys), fc.option(v)), { maxLength: 3 }) })
    .map(({ cmd, msg, camel, edits }) => {
      const o = base(cmd, msg, camel);
      for (const [key, value] of edits) {
        if (value === null) delete o[key];
        else if (key === 'command' && typeof o.toolArgs === 'string') {
          o.toolArgs = JSON.stringify({ ...(JSON.parse(o.toolArgs) as object), command: value });
        } else if (key === 'command') {
          const holder = (o.tool_input ?? o.input) as Record<string, unknown> | undefined;
          if (holder && typeof holder === 'object') holder.command = value;
        } else o[key] = value;
      }
      return o;
    });
}

/** Copilot CLI's camelCase tool call: toolArgs is the tool's input as a JSON string. */
function copilotCall(command: string, root: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { sessionId: 's1', timestamp: 1764201600000, cwd: root, toolName: 'bash', toolArgs: JSON.stringify({ command, description: 'run' }), ...extra };
}

function stateArb(hook: HookUnderTest, canary: string): fc.Arbitrary<FuzzCase['state']> {
  const variant: fc.Arbitrary<StateVariant> = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...canaryCommands(canary)).map((text) => ({ type: 'text' as const, text: hook.stateFiles[0]!.endsWith('.md') ? `---\nactive: true\niteration: 1\ncompletion_promise: "${text}"\n---\n${text}\n` : text })) },
    { weight: 2, arbitrary: fc.string({ maxLength: 200 }).map((text) => ({ type: 'text' as const, text })) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ type: 'bytes' as const, bytes })) },
    { weight: 2, arbitrary: fc.constantFrom('{"phase":"execution","taskIndex":"$(touch X)","totalTasks":1e400}', '{"taskIndex":1,"totalTasks":2,"phase":"execution","globalIteration":99999999999999999999}', '{', '[]', 'null', '{"a":1}{"b":2}').map((text) => ({ type: 'text' as const, text: text.replace('X', canary) })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((mb) => ({ type: 'huge' as const, size: mb * 1024 * 1024 })) },
    { weight: 1, arbitrary: fc.constant({ type: 'fifo' as const }) },
    { weight: 1, arbitrary: fc.constant({ type: 'dir' as const }) },
    { weight: 1, arbitrary: fc.constant({ type: 'absent' as const }) },
    { weight: 2, arbitrary: fc.constantFrom('symlink', 'hardlink', 'folder').map((how) => ({ type: 'link' as const, how: how as 'symlink' | 'hardlink' | 'folder' })) },
  );
  return fc.option(fc.record({ file: fc.constantFrom(...hook.stateFiles), variant }), { freq: 2 }).map((s) => s ?? undefined);
}

/** A drawn input: what it is, its bytes, and its shape when it is one of SLOW_SHAPES. */
type Drawn = [describe: string, bytes: Buffer, shape?: FuzzCase['shape']];

/** The event object with its command replaced (added where the object lost its input). */
function withCommand(o: Record<string, unknown>, command: string): Record<string, unknown> {
  const holder = (o.tool_input ?? o.input) as Record<string, unknown> | undefined;
  if (holder && typeof holder === 'object') holder.command = command;
  else o.tool_input = { command };
  return o;
}

/** SLOW_SHAPES as commands: up to past the guard's token budget (20,000) on both sides. */
const chainArb = fc.tuple(fc.integer({ min: 200, max: 7000 }), fc.constantFrom('cd d', 'ls x', 'cd ./d', 'cp a b', 'echo "$i"', 'true'))
  .map(([n, unit]) => ({ n, unit, command: Array.from({ length: n }, () => unit).join(' && ') }));
const pathsArb = fc.tuple(fc.integer({ min: 500, max: 25_000 }), fc.constantFrom('sed -i s/a/b/', 'echo x | tee', 'chmod -R 755', 'rm -rf', 'cat'), fc.constantFrom('', ' .claude/settings.json', ' ../out', ' .env', ' package-lock.json', ' /'))
  .map(([n, head, last]) => ({ n, head, command: `${head} ${Array.from({ length: n }, (_, i) => `f${i}`).join(' ')}${last}` }));

/** Where a huge string goes: one field a hook of some kind reads (one at a time, to keep a run's cost to its size). */
const BIG_FIELDS = ['command', 'last_assistant_message', 'result', 'tool_response', 'reason'] as const;

/**
 * The generated input: raw bytes, JSON broken in the usual ways, or a fuzzed event object.
 * `maxMB`: the largest huge string (1 MB up to it); CI keeps it small, the long run uses 10.
 */
export function caseArb(hook: HookUnderTest, root: string, canary: string, maxMB = 10, only?: FuzzCase['shape']): fc.Arbitrary<FuzzCase> {
  const obj = eventObject(hook, root, canary);
  const json = obj.map((o) => JSON.stringify(o));
  const slow: Record<NonNullable<FuzzCase['shape']>, fc.Arbitrary<Drawn>> = {
    'long && chain': fc.tuple(obj, chainArb).map(([o, c]): Drawn => [`long && chain: ${c.n} × ${c.unit}`, enc(JSON.stringify(withCommand(o, c.command))), 'long && chain']),
    'many paths': fc.tuple(obj, pathsArb).map(([o, p]): Drawn => [`many paths: ${p.head} and ${p.n} paths`, enc(JSON.stringify(withCommand(o, p.command))), 'many paths']),
  };
  const stdin: fc.Arbitrary<Drawn> = only ? slow[only] : fc.oneof(
    { weight: 16, arbitrary: json.map((s): [string, Buffer] => ['event object', enc(s)]) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 400 }).map((b): [string, Buffer] => ['random bytes', Buffer.from(b)]) },
    { weight: 2, arbitrary: fc.tuple(json, fc.nat()).map(([s, n]): [string, Buffer] => ['truncated JSON', enc(s.slice(0, n % Math.max(1, s.length)))]) },
    { weight: 2, arbitrary: fc.tuple(json, fc.constantFrom('{}', 'null', ' garbage', '\n{"tool_name":"Bash"}', '[]', '1', json.toString())).map(([s, tail]): [string, Buffer] => ['multi-document', enc(s + tail)]) },
    { weight: 2, arbitrary: fc.tuple(json, fc.nat()).map(([s, n]): [string, Buffer] => { const b = enc(s); const i = n % (b.length + 1); return ['NUL byte', Buffer.concat([b.subarray(0, i), Buffer.from([0]), b.subarray(i)])]; }) },
    { weight: 2, arbitrary: fc.tuple(json, fc.nat(), fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xc0, 0xaf])).map(([s, n, bad]): [string, Buffer] => { const b = enc(s); const i = n % (b.length + 1); return ['invalid UTF-8', Buffer.concat([b.subarray(0, i), Buffer.from(bad), b.subarray(i)])]; }) },
    { weight: 1, arbitrary: obj.map((o): [string, Buffer] => ['CRLF', enc(JSON.stringify(o, null, 1).replaceAll('\n', '\r\n') + '\r\n')]) },
    { weight: 1, arbitrary: fc.constantFrom('null', 'true', '"text"', '42', '[]', '', ' ', '\n', '{}', '{"tool_name":null}').map((s): [string, Buffer] => ['wrong type', enc(s)]) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 20000 }).map((d): [string, Buffer] => ['deep nesting', enc(`{"tool_input":${'['.repeat(d)}${']'.repeat(d)},"a":${'{"a":'.repeat(Math.min(d, 3000))}1${'}'.repeat(Math.min(d, 3000))}}`)]) },
    { weight: 1, arbitrary: fc.tuple(obj, fc.integer({ min: 1, max: maxMB }), fc.constantFrom(...BIG_FIELDS)).map(([o, mb, field]): [string, Buffer] => {
      const big = 'x'.repeat(mb * 1024 * 1024);
      const holder = (o.tool_input ?? o.input) as Record<string, unknown> | undefined;
      if (field === 'command') {
        if (holder && typeof holder === 'object') holder.command = big;
        else o.tool_input = { command: big };
      } else if (field === 'tool_response') o.tool_response = { stdout: big, stderr: '' };
      else o[field] = big;
      return [`${mb} MB string in ${field}`, enc(JSON.stringify(o))];
    }) },
    { weight: 1, arbitrary: slow['long && chain'] },
    { weight: 1, arbitrary: slow['many paths'] },
  );
  return fc.record({ stdin, state: stateArb(hook, canary) }).map(({ stdin: [describe, bytes, shape], state }): FuzzCase => ({
    describe: state ? `${describe}; state ${state.file}: ${state.variant.type === 'link' ? `${state.variant.how} out of the project` : state.variant.type}` : describe,
    stdin: bytes,
    state,
    ...(shape ? { shape } : {}),
  }));
}

// ---------------------------------------------------------------------------------------
// Running and checking
// ---------------------------------------------------------------------------------------

export interface RunResult {
  exitCode: number | null;
  stdout: Buffer;
  stderr: Buffer;
  timedOut: boolean;
  ms: number;
}

export function runScript(root: string, script: string, stdin: Buffer, env: Record<string, string | undefined>, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const argv = /\.[cm]js$/.test(script) ? ['node', script] : ['bash', script];
    const child = spawn(argv[0]!, argv.slice(1), { cwd: root, env: env as NodeJS.ProcessEnv, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ }
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.stdin.on('error', () => {});
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code, stdout: Buffer.concat(out), stderr: Buffer.concat(err), timedOut, ms: performance.now() - started });
    });
    child.stdin.end(stdin);
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Exactly one JSON object, as Claude Code or forgeflare would read it; undefined if not. */
export function readableObject(bytes: Buffer): Record<string, unknown> | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}

function isDeny(hook: HookUnderTest, json: Record<string, unknown> | undefined): boolean {
  if (!json) return false;
  if (hook.contract === 'forgeflare') return json.action === 'block';
  const out = json.hookSpecificOutput as Record<string, unknown> | undefined;
  return out?.permissionDecision === 'deny' || json.decision === 'block' || json.decision === 'deny';
}

const OWN_LINE = /^\[[\w.:-]+\] /;

/** Every property of the hook's kind, for one run. */
export function check(hook: HookUnderTest, c: FuzzCase, r: RunResult, timeoutMs: number): Violation[] {
  const v: Violation[] = [];
  const add = (property: string, detail: string) => v.push({ hook: hook.label, property, detail: detail.slice(0, 300), input: c.describe });
  if (r.timedOut) add('ends within the timeout', `still running after ${timeoutMs} ms`);
  else if (r.exitCode !== 0) add('exit 0', `exit ${r.exitCode}; stderr: ${r.stderr.toString('utf8', 0, 200)}`);
  let json: Record<string, unknown> | undefined;
  if (r.stdout.length > 0) {
    try {
      strictUtf8.decode(r.stdout);
      json = readableObject(r.stdout);
      if (!json) add('stdout is one JSON object', r.stdout.toString('utf8', 0, 200));
    } catch {
      add('stdout is valid UTF-8', r.stdout.toString('latin1', 0, 200));
    }
  } else if (hook.contract === 'forgeflare' && !r.timedOut) {
    add('forgeflare: one JSON object on stdout', 'stdout is empty');
  }
  const stderr = r.stderr.toString('utf8');
  const stray = stderr.split('\n').filter((line) => line !== '' && !OWN_LINE.test(line));
  if (stray.length > 0) add('stderr holds only the hook\'s own lines', stray.slice(0, 2).join(' | '));
  if (hook.kind === 'guard' && !r.timedOut && readableObject(c.stdin) === undefined && !isDeny(hook, json)) {
    add('a guard denies what it cannot read', `answer: ${r.stdout.toString('utf8', 0, 120) || '(nothing)'}`);
  }
  const call = readableObject(c.stdin);
  if (hook.kind === 'guard' && !r.timedOut && call && [call.tool_name, call.tool, call.toolName].every((name) => name === undefined || name === null) && !isDeny(hook, json)) {
    add('a guard denies a call whose tool it cannot find', `answer: ${r.stdout.toString('utf8', 0, 120) || '(nothing)'}`);
  }
  if (hook.kind === 'guard' && c.shape && !r.timedOut && readableObject(c.stdin) !== undefined && / guard \([\w.-]+\) failed: /.test(r.stdout.toString('utf8'))) {
    add('a guard decides long chains and many paths itself', `answer: ${r.stdout.toString('utf8', 0, 200)}`);
  }
  return v;
}

/** A link planted out of the project: `leak` says what changed out there; `undo` puts the project back. */
interface Planted {
  leak(): string | undefined;
  undo(): void;
}

/** Every file under a folder with its content (links not followed). */
function contents(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.set(relative(dir, p), readFileSync(p, 'latin1'));
      else out.set(relative(dir, p), `(${e.isSymbolicLink() ? 'symlink' : 'special'})`);
    }
  };
  walk(dir);
  return out;
}

/**
 * The state file as a symlink or a hard link to a copy outside the project (beside the
 * worker's copy, `<root>-outside/`), or its folder as a symlink to a copy of that folder out
 * there (the state file's own folder; the project root itself is never swapped).
 */
function plantLink(root: string, file: string, how: 'symlink' | 'hardlink' | 'folder', text: string): Planted {
  const outside = `${root}-outside`;
  rmSync(outside, { recursive: true, force: true });
  mkdirSync(outside, { recursive: true });
  const path = join(root, file);
  const folder = dirname(path);
  if (how === 'folder' && folder !== root) {
    const copy = join(outside, 'folder');
    if (existsSync(folder)) cpSync(folder, copy, { recursive: true });
    else mkdirSync(copy, { recursive: true });
    rmSync(join(copy, basename(path)), { recursive: true, force: true });
    writeFileSync(join(copy, basename(path)), text);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(dirname(folder), { recursive: true });
    symlinkSync(copy, folder);
    const before = contents(copy);
    return {
      leak: () => {
        const after = contents(copy);
        const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
        return changed.length ? `changed through the symlinked folder: ${changed.slice(0, 3).join(', ')}` : undefined;
      },
      undo: () => {
        rmSync(folder, { force: true });
        renameSync(copy, folder);
        rmSync(outside, { recursive: true, force: true });
      },
    };
  }
  const victim = join(outside, 'victim');
  writeFileSync(victim, text);
  rmSync(path, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  if (how === 'hardlink') linkSync(victim, path);
  else symlinkSync(victim, path);
  return {
    leak: () => (!existsSync(victim) ? 'the linked file outside was deleted' : readFileSync(victim, 'utf8') !== text ? `written through the ${how}` : undefined),
    undo: () => {
      rmSync(path, { force: true });
      rmSync(outside, { recursive: true, force: true });
    },
  };
}

function applyState(root: string, state: FuzzCase['state'], setup: Record<string, string>): Planted | undefined {
  if (!state) return undefined;
  const variant = state.variant;
  if (variant.type === 'link') return plantLink(root, state.file, variant.how, setup[state.file] ?? '1\nsession\nkey\n');
  const path = join(root, state.file);
  rmSync(path, { recursive: true, force: true });
  mkdirSync(dirname(path), { recursive: true });
  switch (variant.type) {
    case 'text': writeFileSync(path, variant.text); break;
    case 'bytes': writeFileSync(path, variant.bytes); break;
    case 'huge': writeFileSync(path, Buffer.alloc(variant.size, 'a')); break;
    case 'dir': mkdirSync(path); break;
    case 'fifo': spawnSyncQuiet('mkfifo', [path]); break;
    case 'absent': break;
  }
  return undefined;
}

function spawnSyncQuiet(cmd: string, args: string[]): void {
  spawnSync(cmd, args, { stdio: 'ignore' });
}

/** Names in a folder (recursively, bounded), to compare before and after. */
export function snapshot(dir: string, skip: (path: string) => boolean, depth = 6): Set<string> {
  const seen = new Set<string>();
  const walk = (d: string, level: number) => {
    let entries: string[];
    try { entries = readdirSync(d); } catch { return; }
    for (const e of entries) {
      const p = join(d, e);
      if (skip(p)) continue;
      seen.add(p);
      if (level < depth) {
        try { if (lstatSync(p).isDirectory()) walk(p, level + 1); } catch { /* gone */ }
      }
    }
  };
  walk(dir, 0);
  return seen;
}

/**
 * The same values as `fc.sample(arb, { seed, numRuns: count })`, drawn a few at a time (fast-check
 * replays from a path: the n-th value onward). Holding every case at once held gigabytes of 1–10 MB
 * inputs, and each hook start then copied that process's page tables: 160 ms per start instead of 6.
 */
export function* drawLazily<T>(arb: fc.Arbitrary<T>, seed: number, count: number, batch = 10, from = 0): Generator<T> {
  for (let start = from; start < from + count; start += batch) {
    yield* fc.sample(arb, { seed, numRuns: Math.min(batch, from + count - start), path: String(start) });
  }
}

/** Run `count` generated cases against one hook on `workers` copies of its project. */
export async function fuzzHook(hook: HookUnderTest, sandbox: Sandbox, options: { count: number; seed: number; workers: number; timeoutMs: number; maxMB?: number; onViolation?: (v: Violation) => void }): Promise<FuzzReport> {
  const violations: Violation[] = [];
  const copies = Array.from({ length: options.workers }, (_, w) => {
    const root = join(sandbox.dir, 'work', `${hook.label.replace('/', '--')}-${w}`);
    rmSync(root, { recursive: true, force: true });
    cpSync(hook.template, root, { recursive: true });
    return root;
  });
  // Inputs name the project folder, so each copy draws its own: copy w the w-th part of the
  // seed's sequence (every input a different draw). Each of SLOW_SHAPES is also drawn alone,
  // once per 100 inputs, so every hook meets every slow shape however short the run.
  const perShape = Math.max(1, Math.floor(options.count / 100));
  const forced = SLOW_SHAPES.flatMap((shape) => Array.from({ length: perShape }, (_, i) => ({ shape, i })));
  const drawn = Math.max(0, options.count - forced.length);
  const part = Math.ceil(drawn / options.workers);
  const cases = copies.map(function* (root, w): Generator<FuzzCase> {
    yield* drawLazily(caseArb(hook, root, sandbox.canary, options.maxMB), options.seed, Math.max(0, Math.min(part, drawn - w * part)), 10, w * part);
    for (const { shape, i } of forced.filter((_, k) => k % options.workers === w)) {
      yield* fc.sample(caseArb(hook, root, sandbox.canary, options.maxMB, shape), { seed: options.seed, numRuns: 1, path: String(i) });
    }
  });
  const pristine = (root: string) => {
    for (const file of hook.stateFiles) rmSync(join(root, file), { recursive: true, force: true });
    for (const [file, text] of Object.entries(hook.setup)) {
      rmSync(join(root, file), { recursive: true, force: true });
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
  };
  const around = (root: string) => snapshot(sandbox.dir, (p) => p.startsWith(join(sandbox.dir, 'work')) || p.startsWith(join(sandbox.dir, 'templates')) || p === root);
  const before = around('');
  const rootBefore = new Set(readdirSync('/'));
  let runs = 0;
  const slowest: FuzzReport['slowest'] = [];
  const shapes: Record<string, number> = Object.fromEntries(SLOW_SHAPES.map((s) => [s, 0]));
  await Promise.all(copies.map(async (root, w) => {
    for (const c of cases[w]!) {
      if (runs >= options.count) break;
      runs++;
      pristine(root);
      const planted = applyState(root, c.state, hook.setup);
      const env: Record<string, string | undefined> = {
        PATH: process.env.PATH, HOME: sandbox.home, LANG: 'C.UTF-8', TMPDIR: join(sandbox.dir, 'tmp'),
        ...(hook.contract === 'claude-code' ? { CLAUDE_PROJECT_DIR: root } : {}),
        ...(hook.target === 'claude-plugin' ? { CLAUDE_PLUGIN_ROOT: root } : {}),
      };
      const r = await runScript(root, join(root, hook.script), c.stdin, env, options.timeoutMs);
      slowest.push({ ms: Math.round(r.ms), input: c.describe });
      if (c.shape) shapes[c.shape] = (shapes[c.shape] ?? 0) + 1;
      slowest.sort((a, b) => b.ms - a.ms).splice(5);
      for (const v of check(hook, c, r, options.timeoutMs)) {
        violations.push(v);
        options.onViolation?.(v);
      }
      const leak = planted?.leak();
      planted?.undo();
      if (leak) {
        const v = { hook: hook.label, property: 'no write through a link out of the project', detail: leak, input: c.describe };
        violations.push(v);
        options.onViolation?.(v);
      }
      if (existsSync(sandbox.canary)) {
        const v = { hook: hook.label, property: 'no injected command runs', detail: 'the canary file was created', input: c.describe };
        violations.push(v);
        options.onViolation?.(v);
        rmSync(sandbox.canary, { force: true });
      }
    }
  }));
  const after = around('');
  const added = [...after].filter((p) => !before.has(p) && !p.startsWith(join(sandbox.dir, 'tmp')));
  if (added.length > 0) violations.push({ hook: hook.label, property: 'no write outside the project', detail: added.slice(0, 5).join(', '), input: '(all runs)' });
  const rootAdded = [...readdirSync('/')].filter((e) => !rootBefore.has(e));
  if (rootAdded.length > 0) violations.push({ hook: hook.label, property: 'no write outside the project', detail: `new in /: ${rootAdded.join(', ')}`, input: '(all runs)' });
  return { hook: hook.label, runs, violations, slowest, shapes };
}

/** Collapse violations to counts per property, for reports. */
export function summarize(report: FuzzReport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of report.violations) counts[v.property] = (counts[v.property] ?? 0) + 1;
  return counts;
}

export function prepareTmp(sandbox: Sandbox): void {
  mkdirSync(join(sandbox.dir, 'tmp'), { recursive: true });
  chmodSync(join(sandbox.dir, 'tmp'), 0o700);
}
