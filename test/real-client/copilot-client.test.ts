/**
 * GitHub Copilot CLI's hook contract, checked against the real `copilot -p` (offline, the
 * scripted model as an Anthropic-type provider) with hand-written hooks registered in
 * `.github/hooks/ralph-hooks.json` in Claude Code's shape: what a Copilot target of ralph-hooks
 * can rely on.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { copilotPackageCache, runCopilot } from '../../testkit/clients/agents/copilot.js';
import { sentToModel, stopOutcome, stopRuns, toolCalls, type Turn } from '../../testkit/clients/index.js';
import { scratch, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS, describeAgent } from './helpers.js';

const describeCopilot = describeAgent('copilot', { concurrent: false });

type Groups = { matcher?: string; timeout?: number; scripts: Record<string, string> }[];

/** Write each script to hooks/NAME.sh and the registration, in Claude Code's shape, to `file`. */
function register(root: string, file: string, hooks: Record<string, Groups>): string {
  mkdirSync(join(root, 'hooks'), { recursive: true });
  const registration: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    registration[event] = groups.map(({ matcher, timeout, scripts }) => ({
      ...(matcher ? { matcher } : {}),
      hooks: Object.entries(scripts).map(([name, body]) => {
        const path = join(root, 'hooks', `${name}.sh`);
        writeFileSync(path, `#!/usr/bin/env bash\n${body}\n`);
        chmodSync(path, 0o755);
        return { type: 'command', command: `bash ${path}`, timeout: timeout ?? 30 };
      }),
    }));
  }
  mkdirSync(join(root, file, '..'), { recursive: true });
  const text = `${JSON.stringify({ hooks: registration }, null, 2)}\n`;
  writeFileSync(join(root, file), text);
  return text;
}

function project(hooks: Record<string, Groups>): { root: string; registration: string } {
  const root = scratch('ralph-hooks-copilot-');
  return { root, registration: register(root, '.github/hooks/ralph-hooks.json', hooks) };
}

const texts = (n: number): Turn[] => Array.from({ length: n }, (_, i) => ({ text: `answer ${i + 1}` }));
const lines = (text: string | null) => (text ?? '').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

describeCopilot('Copilot CLI hook contract (real copilot -p, hooks in .github/hooks in Claude Code shape)', () => {
  it('Stop: {"decision":"block","reason"} continues once with the reason sent to the model; stop_hook_active false then true; the input and environment', async () => {
    const { root, registration } = project({
      Stop: [
        {
          scripts: {
            stop: [
              'input=$(cat); echo "$input" >> stop-inputs.jsonl',
              'printf \'{"pwd":"%s","COPILOT_PROJECT_DIR":"%s","CLAUDE_PROJECT_DIR":"%s","COPILOT_HOOK_DIR":"%s"}\\n\' "$PWD" "$COPILOT_PROJECT_DIR" "$CLAUDE_PROJECT_DIR" "$COPILOT_HOOK_DIR" >> stop-env.jsonl',
              'if [[ ! -f blocked.once ]]; then touch blocked.once; echo \'{"decision":"block","reason":"KEEP-GOING-1"}\'; fi',
            ].join('\n'),
          },
        },
      ],
    });
    const run = await runCopilot(root, { turns: texts(3), timeoutMs: SESSION_TIMEOUT_MS, keepHome: true });
    try {
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.agent).toBe('copilot');
      expect(run.modelTurns).toBe(2);
      // The reason arrives as the next user message, after Copilot's <current_datetime> block.
      expect(sentToModel(run).some((t) => /^<current_datetime>[^<]+<\/current_datetime>\n\nKEEP-GOING-1$/.test(t))).toBe(true);
      const stops = stopRuns(run);
      expect(stops.map((h) => [h.event, h.settingsFile, h.input.stop_hook_active, stopOutcome(h).decision])).toEqual([
        ['Stop', '.github/hooks/ralph-hooks.json', false, 'block'],
        ['Stop', '.github/hooks/ralph-hooks.json', true, 'allow'],
      ]);
      const input = stops[0].input;
      expect(Object.keys(input).sort()).toEqual(['cwd', 'hook_event_name', 'session_id', 'stop_hook_active', 'stop_reason', 'timestamp', 'transcript_path']);
      expect(input).toMatchObject({ hook_event_name: 'Stop', cwd: root, stop_reason: 'end_turn', session_id: run.sessionId });
      expect(input).not.toHaveProperty('last_assistant_message');
      expect(input.transcript_path).toBe(join(run.home!, '.copilot/session-state', String(run.sessionId), 'events.jsonl'));
      expect(lines(run.files('stop-env.jsonl'))[0]).toEqual({ pwd: root, COPILOT_PROJECT_DIR: root, CLAUDE_PROJECT_DIR: root, COPILOT_HOOK_DIR: join(root, '.github/hooks') });
      // What the tap recorded is what the hook received.
      expect(lines(run.files('stop-inputs.jsonl'))).toEqual(stops.map((h) => h.input));
      // The final text, the session id and the transcript (assistant.message events, text in data.content).
      expect(run.result?.result).toBe('answer 2');
      expect(run.transcript?.filter((e) => (e as { type?: string }).type === 'assistant.message').map((e) => (e as { data: { content: string } }).data.content)).toEqual(['answer 1', 'answer 2']);
      // The tap is gone and the registration is back byte for byte; the package was not unpacked into the session's HOME.
      expect(readFileSync(join(root, '.github/hooks/ralph-hooks.json'), 'utf8')).toBe(registration);
      expect(existsSync(join(run.home!, '.cache/copilot'))).toBe(false);
      expect(existsSync(join(copilotPackageCache(), 'pkg'))).toBe(true);
    } finally {
      rmSync(run.home!, { recursive: true, force: true });
    }
  }, TEST_TIMEOUT_MS);

  it('Stop: exit 2 with stderr does not block (a warning in the log), nor does {"decision":"block"} without a reason', async () => {
    const { root } = project({
      Stop: [{ scripts: { exit2: 'cat >/dev/null; echo "EXIT2-REASON" >&2; exit 2', noreason: 'cat >/dev/null; echo \'{"decision":"block"}\'' } }],
    });
    const run = await runCopilot(root, { turns: texts(3), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.modelTurns).toBe(1);
    expect(stopRuns(run).map((h) => h.exitCode)).toEqual([2, 0]);
    expect(sentToModel(run).join('\n')).not.toContain('EXIT2-REASON');
    expect(run.logs).toContain('Hook warning: EXIT2-REASON');
  }, TEST_TIMEOUT_MS);

  it('Stop: the cap is 8 blocks in a row, tool calls between do not reset it nor stop_hook_active; reported only in the log', async () => {
    const { root } = project({ Stop: [{ scripts: { always: 'cat >/dev/null; echo \'{"decision":"block","reason":"FOREVER"}\'' } }] });
    const turns: Turn[] = texts(14).map((turn, i) => (i === 3 ? { shell: 'echo between' } : turn));
    const run = await runCopilot(root, { turns, timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    const stops = stopRuns(run);
    expect(stops.map((h) => h.input.stop_hook_active)).toEqual([false, ...Array(8).fill(true)]);
    expect(stops.every((h) => stopOutcome(h).decision === 'block')).toBe(true);
    expect(run.modelTurns).toBe(10); // 1 + 8 blocks + the turn after the tool call
    expect(run.logs).toContain('Agent stop hook blocked 8 consecutive times; ending turn.');
    expect(`${run.stdout}${run.stderr}`).not.toContain('consecutive');
  }, TEST_TIMEOUT_MS);

  it('Stop: the transcript is written behind the session; the current reply is there once the hook.start line of this Stop run is', async () => {
    // Reads events.jsonl at once, then waits for {"type":"hook.start","data":{"hookType":"agentStop","input":{"timestamp":<its input timestamp, epoch ms>}}}.
    const reader = `node -e '
const fs = require("fs");
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const want = Date.parse(input.timestamp);
const read = () => (fs.existsSync(input.transcript_path) ? fs.readFileSync(input.transcript_path, "utf8") : "").split("\\n").filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return {}; } });
const last = (events) => events.filter((e) => e.type === "assistant.message" && e.data.content).map((e) => e.data.content).pop() ?? null;
const immediate = last(read());
const t0 = Date.now();
let waited = null;
for (;;) {
  const events = read();
  const at = events.findIndex((e) => e.type === "hook.start" && e.data && e.data.hookType === "agentStop" && e.data.input && e.data.input.timestamp === want);
  if (at >= 0) { waited = last(events.slice(0, at)); break; }
  if (Date.now() - t0 > 10000) break;
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
}
fs.appendFileSync("reads.jsonl", JSON.stringify({ immediate, waited, lagMs: Date.now() - t0 }) + "\\n");
if (!fs.existsSync("blocked.once")) { fs.writeFileSync("blocked.once", ""); console.log(JSON.stringify({ decision: "block", reason: "again" })); }
'`;
    const { root } = project({ Stop: [{ scripts: { reader } }] });
    const run = await runCopilot(root, { turns: texts(3), timeoutMs: SESSION_TIMEOUT_MS });
    const reads = lines(run.files('reads.jsonl'));
    expect(reads.map((r) => r.waited)).toEqual(['answer 1', 'answer 2']);
  }, TEST_TIMEOUT_MS);

  it('PreToolUse (matcher "Bash"): Claude\'s hookSpecificOutput deny stops `rm -rf`, the model is sent "Denied by preToolUse hook: <reason>"; `echo ok > ran.txt` runs', async () => {
    const { root } = project({
      PreToolUse: [
        { matcher: 'Bash', scripts: { guard: 'input=$(cat); if [[ $input == *"rm -rf"* ]]; then echo \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"NO-RM-RF: refused"}}\'; fi' } },
        { matcher: 'bash', scripts: { lower: 'cat >> lower.jsonl; echo >> lower.jsonl' } },
        { matcher: 'Edit|Write', scripts: { edits: 'cat >> edits.jsonl; echo >> edits.jsonl' } },
      ],
    });
    writeFileSync(join(root, 'keep.txt'), 'keep\n');
    const run = await runCopilot(root, {
      turns: [
        { shell: 'rm -rf keep.txt' },
        { shell: 'echo ok > ran.txt' },
        { tools: [{ name: 'create', input: { path: join(root, 'new.txt'), file_text: 'hello\n' } }] },
        { tools: [{ name: 'edit', input: { path: join(root, 'new.txt'), old_str: 'hello', new_str: 'bye' } }] },
        { text: 'done' },
      ],
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.files('keep.txt')).toBe('keep\n');
    expect(run.files('ran.txt')).toBe('ok\n');
    expect(run.files('new.txt')).toBe('bye\n');
    const [denied, ran] = toolCalls(run);
    // The denial is an ordinary tool_result (no is_error) in the Messages API request; the reader
    // counts Copilot's "Denied by preToolUse hook" text as the denial it is.
    expect(denied).toMatchObject({ name: 'Bash', input: { command: 'rm -rf keep.txt' }, result: 'Denied by preToolUse hook: NO-RM-RF: refused', isError: true });
    const raw = run.requests.filter((r) => r.modelCall).map((r) => r.raw).join('\n');
    expect(raw).not.toContain('"is_error":true');
    expect(ran.result).toContain('completed with exit code 0');
    const guard = run.hookInputs.filter((h) => h.hook.includes('guard.sh'));
    expect(guard.map((h) => [h.event, h.matcher, h.input.tool_name, h.input.tool_input])).toEqual([
      ['PreToolUse', 'Bash', 'Bash', { command: 'rm -rf keep.txt', description: 'Run a command' }],
      ['PreToolUse', 'Bash', 'Bash', { command: 'echo ok > ran.txt', description: 'Run a command' }],
    ]);
    expect(Object.keys(guard[0].input).sort()).toEqual(['cwd', 'hook_event_name', 'session_id', 'timestamp', 'tool_input', 'tool_name']);
    // Matchers compare case-insensitively: "bash" matches Bash too (only for the call the guard let through: a denial ends the chain).
    expect(lines(run.files('lower.jsonl')).map((i) => i.tool_input)).toEqual([{ command: 'echo ok > ran.txt', description: 'Run a command' }]);
    // File tools: create → Write {path, file_text}, edit → Edit {path, old_str, new_str}.
    expect(lines(run.files('edits.jsonl')).map((i) => [i.tool_name, i.tool_input])).toEqual([
      ['Write', { path: join(root, 'new.txt'), file_text: 'hello\n' }],
      ['Edit', { path: join(root, 'new.txt'), old_str: 'hello', new_str: 'bye' }],
    ]);
  }, TEST_TIMEOUT_MS);

  it('PreToolUse failures: exit 1, exit 2, a missing script deny (fail-closed, stderr not shown); a timeout (seconds) and non-JSON stdout allow', async () => {
    const { root } = project({
      PreToolUse: [
        {
          matcher: 'Bash',
          timeout: 2,
          scripts: {
            failing: [
              'input=$(cat)',
              'case "$input" in',
              '  *exit-one*) echo "ONE" >&2; exit 1 ;;',
              '  *exit-two*) echo "TWO" >&2; exit 2 ;;',
              '  *missing*) exec bash "$PWD/hooks/not-there.sh" ;;',
              '  *slow*) sleep 6; echo \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"LATE"}}\' ;;',
              '  *garbage*) echo "not json at all" ;;',
              'esac',
            ].join('\n'),
          },
        },
      ],
    });
    const names = ['exit-one', 'exit-two', 'missing', 'slow', 'garbage'];
    const run = await runCopilot(root, { turns: [...names.map((n) => ({ shell: `echo ${n} > ${n}.txt` })), { text: 'done' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(names.map((n) => run.files(`${n}.txt`) !== null)).toEqual([false, false, false, true, true]);
    expect(toolCalls(run).map((c) => c.result)).toEqual([
      'Denied by preToolUse hook from ".github/hooks/ralph-hooks.json" (hook errored)',
      'Denied by preToolUse hook: hook exited with code 2',
      'Denied by preToolUse hook from ".github/hooks/ralph-hooks.json" (hook errored)',
      expect.stringContaining('completed with exit code 0'),
      expect.stringContaining('completed with exit code 0'),
    ]);
    expect(sentToModel(run).join('\n')).not.toMatch(/ONE|TWO|LATE/);
    // Copilot kills a hook at its timeout (SIGTERM), the tap with it: the timed-out run leaves
    // no record, or, when the tap outlives the hook by a moment, a record of exit 143.
    const exits = run.hookInputs.map((h) => h.exitCode);
    expect(exits.filter((code) => code !== 143)).toEqual([1, 2, 127, 0]);
    expect(exits.filter((code) => code === 143).length).toBeLessThanOrEqual(1);
  }, TEST_TIMEOUT_MS);

  it('the same hook registered in .claude/settings.json and .github/hooks/x.json runs twice per event (Copilot reads both)', async () => {
    const root = scratch('ralph-hooks-copilot-');
    const hooks = { Stop: [{ scripts: { count: 'cat >/dev/null; echo "$COPILOT_HOOK_DIR" >> stop-runs.txt' } }] };
    const github = register(root, '.github/hooks/x.json', hooks);
    const claude = register(root, '.claude/settings.json', hooks);
    const run = await runCopilot(root, { turns: texts(1), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(stopRuns(run).map((h) => h.settingsFile)).toEqual(['.github/hooks/x.json', '.claude/settings.json']);
    // Only the .github/hooks run gets COPILOT_HOOK_DIR.
    expect(run.files('stop-runs.txt')).toBe(`${join(root, '.github/hooks')}\n\n`);
    expect(readFileSync(join(root, '.github/hooks/x.json'), 'utf8')).toBe(github);
    expect(readFileSync(join(root, '.claude/settings.json'), 'utf8')).toBe(claude);
  }, TEST_TIMEOUT_MS);

  it('repo hooks are skipped silently in a folder that is not trusted', async () => {
    const { root } = project({ Stop: [{ scripts: { never: 'cat >/dev/null; touch ran' } }] });
    const run = await runCopilot(root, { turns: texts(1), trustFolder: false, timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.hookInputs).toEqual([]);
    expect(run.files('ran')).toBeNull();
  }, TEST_TIMEOUT_MS);

  it('hooks in Copilot\'s native shape are tapped too and reported under Claude Code\'s event names', async () => {
    const root = scratch('ralph-hooks-copilot-');
    mkdirSync(join(root, '.github/hooks'), { recursive: true });
    const native = `${JSON.stringify({ version: 1, hooks: { agentStop: [{ type: 'command', bash: 'cat > native-stop.json', timeoutSec: 30 }] } })}\n`;
    writeFileSync(join(root, '.github/hooks/native.json'), native);
    const run = await runCopilot(root, { turns: texts(1), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.hookInputs.map((h) => [h.event, h.hook])).toEqual([['Stop', 'cat > native-stop.json']]);
    // The native shape's input is camelCase, with stop_hook_active in snake case.
    expect(Object.keys(run.hookInputs[0].input).sort()).toEqual(['cwd', 'sessionId', 'stopReason', 'stop_hook_active', 'timestamp', 'transcriptPath']);
    expect(readFileSync(join(root, '.github/hooks/native.json'), 'utf8')).toBe(native);
  }, TEST_TIMEOUT_MS);
});
