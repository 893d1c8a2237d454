/**
 * The simulator against forgeflare's real HookRunner (hooks.rs of forgeflare-hooks) and its
 * main loop (run_turn), where they differ from the hook dispatch design: config parsing,
 * process handling, answer parsing, convergence.json, stdin key order, log lines, and the
 * loop's counters. One describe per behaviour, named after it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify as stringifyToml } from 'smol-toml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.js';
import { readForgeflareHooks } from '../../src/registration/forgeflare-load.js';
import { tomlString } from '../../src/registration/forgeflare-toml.js';
import { HookRunner, readConvergence, replayForgeflare } from '../../testkit/index.js';
import { parseJsonValue, parseStruct } from '../../testkit/forgeflare/serde-json.js';
import { generateProject } from '../helpers/generate.js';
import { BODIES, bash, fixture, read, type Entry } from './helpers.js';

const guardOn = (script: string, extra: Partial<Entry> = {}): Entry => ({ event: 'PreToolUse', phase: 'guard', script, ...extra });
const observe = (script: string): Entry => ({ event: 'PreToolUse', phase: 'observe', script });
const post = (script: string): Entry => ({ event: 'PostToolUse', script });
const stop = (script: string): Entry => ({ event: 'Stop', script });
const load = (root: string, options = {}) => HookRunner.load(join(root, '.forgeflare/hooks.toml'), root, options);
const messages = (runner: HookRunner) => runner.log.map((l) => l.message);
/** 1-based line of the first line of `text` equal to `line`. */
const lineOf = (text: string, line: string) => text.split('\n').indexOf(line) + 1;

const GENERATED = [
  { kind: 'guard', preset: 'guard', name: 'ralph-guard', options: { rules: { 'doom-loop': { enabled: false } } } },
  { kind: 'session-end', preset: 'session-end' },
];

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const err = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true));
  try {
    const code = await main(args);
    return { code, out: out.join('\n') };
  } finally {
    log.mockRestore();
    err.mockRestore();
    write.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('1. hooks.toml is read as forgeflare reads it (toml crate + serde)', () => {
  it('one wrongly typed hand-written value rejects the whole file: no hook runs, the toml error is logged', async () => {
    const { root } = generateProject({ target: 'forgeflare', hooks: GENERATED } as never);
    const path = join(root, '.forgeflare/hooks.toml');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, `${text}\n[[hooks]]\nevent = "PostToolUse"\ncommand = "notify-send"\ntimeout_ms = "5000"\n`);
    const line = lineOf(readFileSync(path, 'utf8'), 'timeout_ms = "5000"');
    const runner = load(root);
    expect(runner.hasHooks).toBe(false);
    expect(await runner.runPreToolUse('Bash', { command: 'rm -rf /' }, 0)).toEqual({ kind: 'allow' });
    expect(messages(runner)).toEqual([
      `Failed to parse ${path}: TOML parse error at line ${line}, column 14\n   |\n${line} | timeout_ms = "5000"\n   |              ^^^^^^\ninvalid type: string "5000", expected u64\n`,
    ]);
  });

  it.each([
    ['timeout_ms = -1', 'invalid value: integer `-1`, expected u64', 2],
    ['timeout_ms = 5000.0', 'invalid type: floating point `5000.0`, expected u64', 6],
    ['timeout_ms = 5e3', 'invalid type: floating point `5000.0`, expected u64', 3],
    ['match_tool = ["Bash"]', 'invalid type: sequence, expected a string', 8],
    ['phase = true', 'invalid type: boolean `true`, expected a string', 4],
    ['command = 1979-05-27', 'invalid type: map, expected a string', 10],
  ])('rejects %s with the serde message', (line, message, carets) => {
    const text = `[[hooks]]\nevent = "PreToolUse"\n${line.startsWith('command') ? '' : 'command = "x"\n'}${line}\n`;
    const read = readForgeflareHooks(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const at = line.indexOf('=') + 2;
    expect(read.error.message).toBe(message);
    expect(read.error.display).toContain(`| ${' '.repeat(at)}${'^'.repeat(carets)}\n${message}\n`);
  });

  it('a missing command or event, and an empty or comment-only file, are rejected with "missing field"', () => {
    const missing = readForgeflareHooks('[[hooks]]\nevent = "Stop"\n');
    expect(missing.ok ? undefined : missing.error.display).toBe('TOML parse error at line 1, column 1\n  |\n1 | [[hooks]]\n  | ^^^^^^^^^\nmissing field `command`\n');
    for (const text of ['', '# nothing yet\n']) {
      const read = readForgeflareHooks(text);
      expect(read.ok ? undefined : read.error.message).toBe('missing field `hooks`');
    }
  });

  it('an empty or comment-only hooks.toml is logged as forgeflare logs it, and runs nothing', async () => {
    const f = fixture({ block: BODIES.block }, []);
    mkdirSync(join(f.root, '.forgeflare'));
    writeFileSync(join(f.root, '.forgeflare/hooks.toml'), '# hooks come later\n');
    // forgeflare reads the relative path from the project root, and logs it as given.
    const { runner } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('ls')] }] });
    expect(messages(runner)).toEqual(['Failed to parse .forgeflare/hooks.toml: TOML parse error at line 1, column 1\n  |\n1 | # hooks come later\n  | ^\nmissing field `hooks`\n']);
  });

  it('valid TOML of any shape runs: an inline hooks array, literal and multi-line strings, unknown keys', async () => {
    const f = fixture({ block: BODIES.block }, []);
    mkdirSync(join(f.root, '.forgeflare'));
    writeFileSync(join(f.root, '.forgeflare/hooks.toml'), `owner = "team"
hooks = [
  { event = 'PreToolUse', command = """bash hooks/block.sh""", match_tool = "Bash", note = 1 },
]
`);
    const runner = load(f.root);
    expect(runner.hooks).toEqual([{ event: 'PreToolUse', command: 'bash hooks/block.sh', match_tool: 'Bash' }]);
    expect(await runner.runPreToolUse('Bash', { command: 'rm -rf /' }, 0)).toMatchObject({ kind: 'block' });
  });

  it('TOML 1.1 syntax (newline in an inline table, \\e, times without seconds) is rejected as TOML 1.0 parsers do', () => {
    for (const text of ['hooks = [{ event = "Stop",\n command = "x" }]\n', 'hooks = [{ event = "Stop", command = "x", }]\n', 'hooks = [{ event = "Stop", command = "\\e" }]\n',
      'hooks = [{ event = "Stop", command = "\\x41" }]\n', 'at = 07:30\nhooks = []\n', 'at = 1979-05-27T07:32Z\nhooks = []\n', 'x = { a = { b = 1, }, }\nhooks = []\n']) {
      expect(readForgeflareHooks(text).ok, text).toBe(false);
    }
  });

  it('TOML 1.0 in all its forms is accepted: CRLF, a byte order mark, escapes, dotted and quoted keys, dates', () => {
    const text = '\ufeff# hooks\r\nowner.name = "team"\r\n"quoted key" = 1979-05-27 07:32:00Z\r\n\r\n[[hooks]]\r\nevent = "Stop" # end\r\n'
      + 'command = """\\\r\n  bash \\U0001F600.sh"""\r\nextra = [1, [2, 3], { a = 1 }, \'\'\'x]\'\'\',] # ok\r\ntimeout_ms = 0x10\r\n';
    expect(readForgeflareHooks(text)).toEqual({ ok: true, hooks: [{ event: 'Stop', command: 'bash \u{1F600}.sh', timeout_ms: 16 }] });
  });

  it('generate refuses to write a hooks.toml forgeflare would reject, and names the line', async () => {
    const { root } = generateProject({ target: 'forgeflare', hooks: GENERATED } as never);
    const path = join(root, '.forgeflare/hooks.toml');
    const bad = `${readFileSync(path, 'utf8')}\n[[hooks]]\nevent = "Stop"\ncommand = "notify-send"\ntimeout_ms = "5000"\n`;
    writeFileSync(path, bad);
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'forgeflare', hooks: [...GENERATED, { kind: 'audit-log', preset: 'audit-log' }] }));
    const { code, out } = await cli(['generate', '--dir', root]);
    expect(code).not.toBe(0);
    expect(out).toMatch(new RegExp(`forgeflare would run none of your hooks: line ${lineOf(bad, 'timeout_ms = "5000"')}: invalid type: string "5000", expected u64`));
    expect(readFileSync(path, 'utf8')).toBe(bad);
    expect(existsSync(join(root, '.forgeflare/hooks/audit-log.sh'))).toBe(false);
  });

  it('doctor exits non-zero, naming the line and saying no hook would run', async () => {
    const { root } = generateProject({ target: 'forgeflare', hooks: GENERATED } as never);
    const path = join(root, '.forgeflare/hooks.toml');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, `${text}\n[[hooks]]\nevent = "Stop"\ncommand = "notify-send"\ntimeout_ms = -1\n`);
    const { code, out } = await cli(['doctor', '--dir', root]);
    expect(code).toBe(1);
    expect(out).toContain(`forgeflare would run none of your hooks: line ${lineOf(readFileSync(path, 'utf8'), 'timeout_ms = -1')}: invalid value: integer \`-1\`, expected u64`);
  });
});

describe('2. a guard that does not read its stdin meets a broken pipe', () => {
  const deaf = `echo '{"action":"allow"}'`; // never reads stdin
  const big = { command: 'x'.repeat(70_000) }; // more than a pipe holds

  it('more than 64 KiB left unread: blocked with forgeflare\'s "stdin write: Broken pipe" (the default)', async () => {
    const f = fixture({ deaf }, [guardOn('deaf')]);
    const result = await load(f.root).runPreToolUse('Bash', big, 0);
    expect(result).toEqual({ kind: 'block', blockedBy: 'bash hooks/deaf.sh', reason: 'hook failed: bash hooks/deaf.sh spawn error: stdin write: Broken pipe (os error 32) (tool blocked by default)' });
  });

  it('a small unread input: written in full by default, a broken pipe with unreadStdin: broken-pipe', async () => {
    const f = fixture({ deaf }, [guardOn('deaf')]);
    expect(await load(f.root).runPreToolUse('Bash', { command: 'ls' }, 0)).toEqual({ kind: 'allow' });
    expect(await load(f.root, { unreadStdin: 'broken-pipe' }).runPreToolUse('Bash', { command: 'ls' }, 0)).toMatchObject({ kind: 'block', reason: expect.stringContaining('stdin write: Broken pipe (os error 32)') });
    expect(await load(f.root, { unreadStdin: 'ignore' }).runPreToolUse('Bash', big, 0)).toEqual({ kind: 'allow' });
  });

  it('a hook that reads its stdin never meets it; an observe hook that does not is logged', async () => {
    const f = fixture({ allow: BODIES.allow, deaf }, [guardOn('allow'), observe('deaf')]);
    const runner = load(f.root, { unreadStdin: 'broken-pipe' });
    expect(await runner.runPreToolUse('Bash', big, 0)).toEqual({ kind: 'allow' });
    expect(messages(runner)).toEqual(['Observe hook bash hooks/deaf.sh failed: spawn error: stdin write: Broken pipe (os error 32)']);
  });
});

describe('3. a timed-out hook is not killed', () => {
  const late = `cat >/dev/null; sleep 1; touch "$(dirname "$0")/late-effect"; echo '{"action":"allow"}'`;

  it('blocks at the timeout, and the hook\'s side effects land afterwards', async () => {
    const f = fixture({ late }, [guardOn('late', { timeout_ms: 200 })]);
    const runner = load(f.root);
    expect(await runner.runPreToolUse('Bash', { command: 'ls' }, 0)).toMatchObject({ kind: 'block', reason: 'hook failed: bash hooks/late.sh timed out after 200ms (tool blocked by default)' });
    await runner.invocations[0]!.detached;
    expect(existsSync(join(f.root, 'hooks/late-effect'))).toBe(true);
  }, 60_000);

  it('killOnTimeout: true kills its process group instead', async () => {
    const f = fixture({ late }, [guardOn('late', { timeout_ms: 200 })]);
    const runner = load(f.root, { killOnTimeout: true });
    await runner.runPreToolUse('Bash', { command: 'ls' }, 0);
    expect(await runner.invocations[0]!.detached).toMatchObject({ signal: 'SIGKILL' });
    expect(existsSync(join(f.root, 'hooks/late-effect'))).toBe(false);
  }, 60_000);
});

describe('4. answers are read by serde_json into typed structs', () => {
  const say = (json: string) => `cat >/dev/null; printf '%s\\n' '${json}'`;

  it('a duplicate key is invalid JSON: the guard blocks, it does not take the last value', async () => {
    const f = fixture({ dup: say('{"action":"block","action":"allow"}') }, [guardOn('dup')]);
    expect(await load(f.root).runPreToolUse('Bash', { command: 'ls' }, 0)).toMatchObject({ kind: 'block', reason: 'hook failed: bash hooks/dup.sh returned invalid JSON (tool blocked by default)' });
  });

  it('a non-string reason is invalid JSON, not "no reason provided"', async () => {
    const f = fixture({ num: say('{"action":"block","reason":5}') }, [guardOn('num')]);
    expect(await load(f.root).runPreToolUse('Bash', { command: 'ls' }, 0)).toMatchObject({ reason: 'hook failed: bash hooks/num.sh returned invalid JSON (tool blocked by default)' });
  });

  it('PostToolUse: a non-string signal or a duplicate key is logged with serde_json\'s error and records nothing', async () => {
    const f = fixture({ num: say('{"action":"signal","signal":7}'), dup: say('{"action":"signal","action":"signal"}') }, [post('num'), post('dup')]);
    const runner = load(f.root);
    expect(await runner.runPostToolUse('Bash', { command: 'ls' }, 'ok', false, 2)).toEqual({ kind: 'continue' });
    expect(messages(runner)).toEqual([
      'PostToolUse hook bash hooks/num.sh returned invalid JSON: invalid type: integer `7`, expected a string at line 1 column 29',
      'PostToolUse hook bash hooks/dup.sh returned invalid JSON: duplicate field `action` at line 1 column 27',
    ]);
    expect(readConvergence(f.root)).toBeUndefined();
  });

  it('serde_json\'s recursion limit: 127 nested arrays or objects read, the 128th is an error at its bracket', () => {
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    expect(parseJsonValue(nested(127)).ok).toBe(true);
    expect(parseJsonValue(nested(128))).toEqual({ ok: false, error: 'recursion limit exceeded at line 1 column 128' });
    expect(parseJsonValue(`{"action":"continue","x":${nested(126)}}`).ok).toBe(true);
    expect(parseJsonValue(`{"action":"continue","x":${nested(127)}}`)).toEqual({ ok: false, error: 'recursion limit exceeded at line 1 column 152' });
    // An unknown field of a struct is skipped, not counted: any depth reads.
    const guard = [{ name: 'action', optional: false }, { name: 'reason', optional: true }];
    expect(parseStruct(`{"action":"block","x":${nested(500)}}`, 'GuardOutput', guard)).toEqual({ ok: true, value: { action: 'block', reason: undefined } });
  });

  it('Stop: an answer nested 128 levels deep is not JSON there (nothing logged); 127 levels is read', async () => {
    const deep = (levels: number) => `{"action":"halt","x":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const f = fixture({ deep: say(deep(128)), fine: say(deep(127)) }, [stop('deep'), stop('fine')]);
    const runner = load(f.root);
    await runner.runStop('end_turn', 0, 0);
    expect(messages(runner)).toEqual(['Stop hook bash hooks/fine.sh returned unrecognized action: halt']);
  });

  it('PostToolUse: a signal with an unknown field nested 200 levels deep is read (serde skips it)', async () => {
    const f = fixture({ deep: say(`{"action":"signal","signal":"stuck","x":${'['.repeat(200)}${']'.repeat(200)}}`) }, [post('deep')]);
    const runner = load(f.root);
    expect(await runner.runPostToolUse('Bash', { command: 'ls' }, 'ok', false, 2)).toMatchObject({ kind: 'signal' });
    expect(messages(runner)).toEqual([]);
  });

  it('serde accepts the struct as an array and ignores unknown fields', async () => {
    const f = fixture({ arr: say('["block","as a list"]'), extra: say('{"action":"block","reason":"r","why":[1,{"a":null}]}') }, [guardOn('arr', { match_tool: 'Bash' }), guardOn('extra', { match_tool: 'Edit' })]);
    expect(await load(f.root).runPreToolUse('Bash', {}, 0)).toMatchObject({ reason: 'blocked by bash hooks/arr.sh: as a list' });
    expect(await load(f.root).runPreToolUse('Edit', {}, 0)).toMatchObject({ reason: 'blocked by bash hooks/extra.sh: r' });
  });
});

describe('5. convergence.json is written as hooks.rs writes it', () => {
  it('`final` is written on every stop, also with no hooks configured at all', async () => {
    const f = fixture({}, []);
    const { convergence } = await replayForgeflare({ cwd: f.root, turns: [{ steps: [{ apiError: true }] }, { steps: [{ calls: [bash('a')] }] }] });
    expect(convergence?.final).toMatchObject({ reason: 'end_turn', tool_iterations: 1 });
    expect(Object.keys(JSON.parse(readFileSync(join(f.root, '.forgeflare/convergence.json'), 'utf8')))).toEqual(['observations', 'final']);
  });

  it('the timestamp is chrono\'s RFC 3339: nanoseconds and +00:00', async () => {
    const f = fixture({}, []);
    await load(f.root).runStop('end_turn', 0, 0);
    expect(readConvergence(f.root)!.final!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6}|\.\d{9})?\+00:00$/);
  });

  it('a malformed file is dropped whole on the next write, its final and unknown keys included', async () => {
    const f = fixture({ sig: BODIES.signal }, [post('sig')]);
    mkdirSync(join(f.root, '.forgeflare'), { recursive: true });
    const path = join(f.root, '.forgeflare/convergence.json');
    writeFileSync(path, JSON.stringify({ observations: 'oops', final: { reason: 'end_turn', tool_iterations: 1, total_tokens: 2, timestamp: 't' }, owner: 'loop' }));
    await load(f.root).runPostToolUse('Bash', {}, 'ok', false, 4);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ observations: [{ signal: 'clean_test', reason: '3 consecutive clean test runs', tool_iterations: 4 }] });
    // A well-formed file loses its unknown keys too: serde keeps only its own fields.
    writeFileSync(path, JSON.stringify({ observations: [], owner: 'loop' }));
    await load(f.root).runPostToolUse('Bash', {}, 'ok', false, 5);
    expect(Object.keys(JSON.parse(readFileSync(path, 'utf8')))).toEqual(['observations']);
  });
});

describe('6. hook stdin has its keys sorted, nested objects too', () => {
  it('serializes like serde_json::Value (no preserve_order)', async () => {
    const f = fixture({ rec: BODIES.record }, [guardOn('rec')]);
    await load(f.root).runPreToolUse('Bash', { z: 1, a: { y: true, b: [{ d: 1, c: 2 }] } }, 3);
    const raw = readFileSync(join(f.root, 'hooks/rec.log'), 'utf8').split('\n')[0];
    expect(raw).toBe(`{"cwd":${JSON.stringify(f.root)},"event":"PreToolUse","input":{"a":{"b":[{"c":2,"d":1}],"y":true},"z":1},"phase":"guard","tool":"Bash","tool_iterations":3}`);
  });
});

describe('7. log lines are exactly the real runner\'s', () => {
  it('an unknown guard action is allowed silently', async () => {
    const f = fixture({ maybe: `cat >/dev/null; echo '{"action":"maybe"}'` }, [guardOn('maybe')]);
    const runner = load(f.root);
    expect(await runner.runPreToolUse('Bash', {}, 0)).toEqual({ kind: 'allow' });
    expect(runner.log).toEqual([]);
  });

  it('a Stop hook\'s non-JSON output is not logged; JSON without an action is', async () => {
    const f = fixture({ text: `cat >/dev/null; echo done`, bare: `cat >/dev/null; echo '{}'` }, [stop('text'), stop('bare')]);
    const runner = load(f.root);
    await runner.runStop('end_turn', 0, 0);
    expect(messages(runner)).toEqual(['Stop hook bash hooks/bare.sh returned unrecognized action: unknown']);
  });

  it('the main loop\'s block-limit lines', async () => {
    const f = fixture({ block: BODIES.block }, [guardOn('block')]);
    const { runner } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('a'), bash('b'), bash('c')] }] });
    expect(messages(runner)).toEqual(['Consecutive block limit (3) reached']);
  });

  it('the generated stop-watcher answers forgeflare\'s Stop contract: {"action":"continue"}, no log line', async () => {
    const { root } = generateProject({ target: 'forgeflare', hooks: [{ kind: 'stop-watcher', preset: 'specum' }, { kind: 'stop-watcher', preset: 'passive', name: 'passive-watcher' }] } as never);
    for (const name of ['stop-watcher', 'passive-watcher']) {
      const lint = spawnSync('shellcheck', ['--severity=style', join(root, `.forgeflare/hooks/${name}.sh`)], { encoding: 'utf8' });
      expect(lint.stdout, name).toBe('');
    }
    // Tasks remain: under Claude Code this stop would be blocked with a continuation prompt.
    mkdirSync(join(root, 'specs/demo'), { recursive: true });
    writeFileSync(join(root, 'specs/.current-spec'), 'demo\n');
    writeFileSync(join(root, 'specs/demo/.ralph-state.json'), JSON.stringify({ phase: 'execution', taskIndex: 0, totalTasks: 5, taskIteration: 1, specName: 'demo', specPath: './specs/demo' }));
    for (const withState of [true, false]) {
      if (!withState) writeFileSync(join(root, 'specs/.current-spec'), 'none\n');
      const runner = load(root);
      await runner.runStop('end_turn', 1, 10);
      const [watcher, passive] = runner.invocations.map((i) => i.result!.stdout);
      expect(passive).toBe('{"action":"continue"}\n');
      expect(watcher).toBe('{"action":"continue"}\n');
      expect(runner.log).toEqual([]);
      if (withState) expect(runner.stderr.map((e) => e.text).join('')).toContain('Session stopped during spec: demo');
    }
  });
});

describe('8. replayForgeflare follows run_turn\'s counters and paths', () => {
  it('allows 3 max-tokens continuations and ends the turn on the 4th', async () => {
    const f = fixture({}, []);
    const three = await replayForgeflare({ cwd: f.root, turns: [{ maxTokens: true }, { maxTokens: true }, { maxTokens: true }, { calls: [bash('ls')] }] });
    expect(three.turns[0]).toMatchObject({ stopReason: 'end_turn', toolIterations: 1 });
    const four = await replayForgeflare({ cwd: f.root, turns: Array.from({ length: 4 }, () => ({ maxTokens: true as const })) });
    expect(four.stopReason).toBe('continuation_cap');
    expect(four.turns[0]!.conversation.filter((m) => 'continuation' in m)).toHaveLength(3);
  });

  it('never resets the continuation count within a turn (a tool batch does not)', async () => {
    const f = fixture({}, []);
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ maxTokens: true }, { maxTokens: true }, { calls: [bash('ls')] }, { maxTokens: true }, { maxTokens: true }, { calls: [bash('ls')] }] });
    expect(turns[0]).toMatchObject({ stopReason: 'continuation_cap', toolIterations: 1 });
  });

  it('an empty batch ends the turn without advancing tool_iterations', async () => {
    const f = fixture({ rec: BODIES.record }, [stop('rec')]);
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('ls')] }, { calls: [] }, { calls: [bash('never')] }] });
    expect(turns[0]).toMatchObject({ stopReason: 'end_turn', toolIterations: 1 });
    expect(turns[0]!.calls.map((c) => c.tool)).toEqual(['Bash']);
  });

  it('a call with null input is blocked without running hooks or counting as a block', async () => {
    const f = fixture({ block: BODIES.block, allow: BODIES.allow }, [guardOn('block', { match_tool: 'Bash' }), guardOn('allow', { match_tool: 'Read' })]);
    const nul = { tool: 'Read', input: null };
    const { turns, runner } = await replayForgeflare({ cwd: f.root, turns: [{ calls: [bash('a'), nul, bash('b'), nul, nul, read('x')] }] });
    const turn = turns[0]!;
    expect(turn.calls.map((c) => c.reason ?? c.result)).toEqual([
      'blocked by bash hooks/block.sh: destructive command detected', 'null input (truncated tool_use)',
      'blocked by bash hooks/block.sh: destructive command detected', 'null input (truncated tool_use)', 'null input (truncated tool_use)', 'contents of x',
    ]);
    expect(turn).toMatchObject({ stopReason: 'end_turn', toolIterations: 1, totalBlocks: 2 });
    expect(runner.invocations.map((i) => i.command)).toEqual(['bash hooks/block.sh', 'bash hooks/block.sh', 'bash hooks/allow.sh']);
  });

  it('a max-tokens response with tool calls dispatches them (null-input calls dropped)', async () => {
    const f = fixture({}, []);
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ maxTokens: true, calls: [bash('ls'), { tool: 'Bash', input: null }] }] });
    expect(turns[0]).toMatchObject({ stopReason: 'end_turn', toolIterations: 1 });
    expect(turns[0]!.calls.map((c) => c.executed)).toEqual([true]);
  });

  it('a max-tokens response left empty is "[Response truncated]" and ends the turn', async () => {
    const f = fixture({}, []);
    const { turns } = await replayForgeflare({ cwd: f.root, turns: [{ maxTokens: true, calls: [{ tool: 'Bash', input: null }] }, { calls: [bash('never')] }] });
    expect(turns[0]).toMatchObject({ stopReason: 'continuation_cap', toolIterations: 0 });
    expect(turns[0]!.conversation.at(-1)).toEqual({ role: 'assistant', text: '[Response truncated]' });
  });

  it('total_tokens is counted per turn', async () => {
    const f = fixture({ rec: BODIES.record }, [stop('rec')]);
    await replayForgeflare({ cwd: f.root, turns: [{ steps: [{ calls: [bash('a')], tokens: 500 }] }, { steps: [{ calls: [bash('b')], tokens: 700 }] }] });
    expect(f.recorded('rec').map((r) => r.total_tokens)).toEqual([500, 700]);
  });
});

describe('the hooks.toml reader on any hooks', () => {
  const text = fc.string({ unit: 'binary', maxLength: 30 });
  const hook = fc.record({
    event: text,
    command: text,
    match_tool: fc.option(text, { nil: undefined }),
    phase: fc.option(text, { nil: undefined }),
    timeout_ms: fc.option(fc.nat(), { nil: undefined }),
  });

  it('reads back every hook ralph-hooks or smol-toml writes, in every TOML layout', () => {
    fc.assert(fc.property(fc.array(hook, { maxLength: 4 }), fc.boolean(), (hooks, inline) => {
      const clean = hooks.map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)));
      const written = inline
        ? `hooks = [${clean.map((h) => `{ ${Object.entries(h).map(([k, v]) => `${k} = ${typeof v === 'string' ? tomlString(v) : v}`).join(', ')} }`).join(', ')}]\n`
        : stringifyToml({ hooks: clean });
      expect(readForgeflareHooks(written)).toEqual({ ok: true, hooks: clean });
    }), { numRuns: 300 });
  });
});

describe('answers read as serde_json reads them, on any answer', () => {
  it('a well-typed answer without duplicate keys reads as JSON.parse reads it, in any layout', () => {
    const extra = fc.dictionary(fc.string().filter((k) => !['action', 'reason'].includes(k)), fc.jsonValue(), { maxKeys: 3 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.option(fc.string({ unit: 'binary' }), { nil: null }), extra, fc.boolean(), (action, reason, rest, pretty) => {
      const answer = { ...rest, action, reason };
      const text = JSON.stringify(answer, null, pretty ? 2 : undefined);
      const read = parseStruct(text, 'GuardOutput', [{ name: 'action', optional: false }, { name: 'reason', optional: true }]);
      expect(read).toEqual({ ok: true, value: { action, reason: reason ?? undefined } });
    }), { numRuns: 300 });
  });
});
