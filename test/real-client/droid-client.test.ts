/**
 * Factory droid's hook contract, checked against the real `droid exec` (0.215.0) with
 * hand-written hooks in .factory/settings.json: what a droid target of ralph-hooks relies on.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runDroid } from '../../testkit/clients/agents/droid.js';
import { messagesConversation, registerConversationReader, sentToModel, type TappedHookRun, toolCalls, type Turn } from '../../testkit/clients/index.js';
import { scratch, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS, describeAgent } from './helpers.js';

registerConversationReader('droid', messagesConversation);

const describeDroid = describeAgent('droid');

type Registration = Record<string, { matcher?: string; scripts: Record<string, string>; timeout?: number }[]>;

/** A project whose `file` (default .factory/settings.json) registers the given scripts (written to .factory/hooks/NAME.sh). */
function project(hooks: Registration, file = '.factory/settings.json', root = scratch('ralph-hooks-droid-')): string {
  mkdirSync(join(root, '.factory/hooks'), { recursive: true });
  mkdirSync(join(root, file, '..'), { recursive: true });
  const registration: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    registration[event] = groups.map(({ matcher, scripts, timeout }) => ({
      ...(matcher ? { matcher } : {}),
      hooks: Object.entries(scripts).map(([name, body]) => {
        const path = join(root, '.factory/hooks', `${name}.sh`);
        writeFileSync(path, `#!/usr/bin/env bash\n${body}\n`);
        chmodSync(path, 0o755);
        return { type: 'command', command: `bash ${path}`, ...(timeout ? { timeout } : {}) };
      }),
    }));
  }
  writeFileSync(join(root, file), `${JSON.stringify({ hooks: registration }, null, 2)}\n`);
  return root;
}

const texts = (n: number): Turn[] => Array.from({ length: n }, (_, i) => ({ text: `answer ${i + 1}` }));
const stops = (run: { hookInputs: TappedHookRun[] }) => run.hookInputs.filter((h) => h.event === 'Stop');
const lines = (text: string | null) => (text ?? '').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

/** Block the first `n` stops (a counter file in the project), then allow. */
const blockFirst = (n: number, reason: string) =>
  `input=$(cat); printf '%s\\n' "$input" >> stop-inputs.jsonl; c=$(cat stop-count 2>/dev/null || echo 0); c=$((c + 1)); echo "$c" > stop-count; if ((c <= ${n})); then echo '{"decision":"block","reason":"${reason} '$c'"}'; fi`;

describeDroid('Factory droid hook contract (real droid exec)', () => {
  it('Stop: {"decision":"block","reason"} continues the session once, the model gets the reason as a user message; the input fields', async () => {
    const root = project({
      Stop: [{ scripts: { stop: `${blockFirst(1, 'KEEP-GOING')}; pwd > stop-cwd.txt; env | grep -E '^(FACTORY|DROID|CLAUDE)_(PROJECT_DIR|PLUGIN_ROOT)=' | sort > stop-env.txt` } }],
    });
    // Other agents' hook files in the same project: droid must not run them (a hook run twice counts twice).
    project({ Stop: [{ scripts: { other: 'cat >/dev/null; touch other-agent-hook-ran' } }] }, '.claude/settings.json', root);
    project({ Stop: [{ scripts: { other: 'cat >/dev/null; touch other-agent-hook-ran' } }] }, '.claude/settings.local.json', root);
    project({ Stop: [{ scripts: { other: 'cat >/dev/null; touch other-agent-hook-ran' } }] }, '.factory/settings.local.json', root);
    project({ Stop: [{ scripts: { other: 'cat >/dev/null; touch other-agent-hook-ran' } }] }, '.factory/hooks.json', root);
    const run = await runDroid(root, { turns: texts(3), timeoutMs: SESSION_TIMEOUT_MS, capture: ['stop-count'] });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.modelTurns).toBe(2);
    expect(run.result).toMatchObject({ type: 'result', subtype: 'success', is_error: false, result: 'answer 2', session_id: run.sessionId });
    expect(sentToModel(run)).toContain('KEEP-GOING 1');
    expect(run.files('other-agent-hook-ran')).toBeNull();

    const [first, second] = stops(run);
    expect(stops(run)).toHaveLength(2);
    expect(Object.keys(first.input).sort()).toEqual(
      ['cwd', 'elapsed_time', 'hook_event_name', 'message_id', 'permission_mode', 'session_id', 'stop_hook_active', 'tool_execution_count', 'transcript_path'],
    );
    expect(first.input).toMatchObject({ hook_event_name: 'Stop', cwd: root, permission_mode: 'auto-high', session_id: run.sessionId, stop_hook_active: false });
    expect(first.input).not.toHaveProperty('last_assistant_message');
    expect(second.input.stop_hook_active).toBe(true);
    expect(first.input.transcript_path).toMatch(new RegExp(`/\\.factory/sessions/[^/]+/${run.sessionId}\\.jsonl$`));
    expect(run.files('stop-cwd.txt')).toBe(`${root}\n`);
    expect(run.files('stop-env.txt')).toBe(
      [`CLAUDE_PLUGIN_ROOT=/PLUGIN_ROOT_NOT_EXPANDED_ERROR`, `CLAUDE_PROJECT_DIR=${root}`, `DROID_PLUGIN_ROOT=/PLUGIN_ROOT_NOT_EXPANDED_ERROR`, `DROID_PROJECT_DIR=${root}`, `FACTORY_PROJECT_DIR=${root}`, ''].join('\n'),
    );

    // The current turn's assistant message is in the transcript when Stop runs; message_id is its id.
    const atStop = lines(first.transcriptBefore ?? null);
    const lastAssistant = atStop.filter((l) => l.type === 'message' && (l.message as { role?: string }).role === 'assistant').pop()!;
    expect(lastAssistant).toMatchObject({ id: first.input.message_id, message: { role: 'assistant', content: [{ type: 'text', text: 'answer 1' }] } });
    expect(run.transcript?.[0]).toMatchObject({ type: 'session_start', id: run.sessionId, cwd: root });
  }, TEST_TIMEOUT_MS);

  it('Stop: stop_hook_active stays true after a block even with a tool call in between; exit 2 blocks with stderr as the reason; a block without a reason is not honoured', async () => {
    const between = project({ Stop: [{ scripts: { stop: blockFirst(2, 'AGAIN') } }] });
    const exit2 = project({ Stop: [{ scripts: { stop: 'cat >/dev/null; if [[ ! -f done ]]; then touch done; echo "EXIT-2-REASON" >&2; exit 2; fi' } }] });
    const bare = project({ Stop: [{ scripts: { stop: `cat >/dev/null; if [[ ! -f done ]]; then touch done; echo '{"decision":"block"}'; fi` } }] });
    const [a, b, c] = await Promise.all([
      runDroid(between, { turns: [{ text: 't1' }, { shell: 'echo between > between.txt' }, { text: 't2' }, { text: 't3' }, { text: 't4' }], timeoutMs: SESSION_TIMEOUT_MS }),
      runDroid(exit2, { turns: texts(3), timeoutMs: SESSION_TIMEOUT_MS }),
      runDroid(bare, { turns: texts(3), timeoutMs: SESSION_TIMEOUT_MS }),
    ]);
    expect(a.files('between.txt')).toBe('between\n');
    expect(stops(a).map((h) => h.input.stop_hook_active)).toEqual([false, true, true]);
    expect(a.modelTurns).toBe(4);
    expect(sentToModel(a)).toEqual(expect.arrayContaining(['AGAIN 1', 'AGAIN 2']));

    expect(b.modelTurns).toBe(2);
    expect(sentToModel(b)).toContain('EXIT-2-REASON\n');
    expect(stops(b).map((h) => h.input.stop_hook_active)).toEqual([false, true]);

    expect(c.modelTurns).toBe(1);
    expect(stops(c)).toHaveLength(1);
  }, TEST_TIMEOUT_MS);

  it('PreToolUse (matcher Execute): hookSpecificOutput deny stops `rm -rf build`, the model gets "Error: <reason>"; `echo ok > ran.txt` runs; Create and Edit inputs', async () => {
    const deny = `input=$(cat); printf '%s\\n' "$input" >> pre-inputs.jsonl; if [[ $input == *'rm -rf'* ]]; then echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"NO-RM: deleting is not allowed here"}}'; fi`;
    const root = project({
      PreToolUse: [
        { matcher: 'Execute', scripts: { deny } },
        { matcher: 'Create|Edit', scripts: { files: `cat >> file-inputs.jsonl; echo >> file-inputs.jsonl` } },
      ],
    });
    mkdirSync(join(root, 'build'));
    writeFileSync(join(root, 'build/keep'), 'precious\n');
    writeFileSync(join(root, 'a.txt'), 'hello\n');
    const run = await runDroid(root, {
      turns: [
        { shell: 'rm -rf build' },
        { shell: 'echo ok > ran.txt' },
        { tools: [{ name: 'Create', input: { file_path: join(root, 'new.txt'), content: 'new\n' } }] },
        { tools: [{ name: 'Edit', input: { file_path: join(root, 'a.txt'), old_str: 'hello', new_str: 'bye' } }] },
        { text: 'done' },
      ],
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.files('build/keep')).toBe('precious\n');
    expect(run.files('ran.txt')).toBe('ok\n');
    expect(run.files('new.txt')).toBe('new\n');
    expect(run.files('a.txt')).toBe('bye\n');
    const [denied, ran] = toolCalls(run);
    expect(denied).toMatchObject({ name: 'Bash', input: { command: 'rm -rf build' }, isError: true, result: 'Error: NO-RM: deleting is not allowed here' });
    expect(ran).toMatchObject({ name: 'Bash', input: { command: 'echo ok > ran.txt' }, isError: false });

    const pre = lines(run.files('pre-inputs.jsonl'));
    expect(pre.map((i) => [i.tool_name, (i.tool_input as { command: string }).command])).toEqual([
      ['Execute', 'rm -rf build'],
      ['Execute', 'echo ok > ran.txt'],
    ]);
    expect(Object.keys(pre[0]).sort()).toEqual(['cwd', 'hook_event_name', 'permission_mode', 'session_id', 'tool_input', 'tool_name', 'transcript_path']);
    expect(Object.keys(pre[0].tool_input as object).sort()).toEqual(['command', 'riskLevel', 'riskLevelReason', 'summary']);
    expect(lines(run.files('file-inputs.jsonl')).map((i) => [i.tool_name, i.tool_input])).toEqual([
      ['Create', { file_path: join(root, 'new.txt'), content: 'new\n' }],
      ['Edit', { file_path: join(root, 'a.txt'), old_str: 'hello', new_str: 'bye' }],
    ]);
    expect(run.hookInputs.filter((h) => h.event === 'PreToolUse').map((h) => h.matcher)).toEqual(['Execute', 'Execute', 'Create|Edit', 'Create|Edit']);
  }, TEST_TIMEOUT_MS);

  it('PreToolUse: exit 2 blocks with stderr; exit 1 lets the call run (stderr prepended to the result); a missing script, a crash or a timeout (seconds) let it run', async () => {
    const cases: Record<string, { body: string; timeout?: number }> = {
      exit2: { body: 'cat >/dev/null; echo "EXIT-2 blocked" >&2; exit 2' },
      exit1: { body: 'cat >/dev/null; echo "EXIT-1 note" >&2; exit 1' },
      crash: { body: 'cat >/dev/null; kill -9 $$' },
      timeout: { body: 'cat >/dev/null; sleep 6; touch late', timeout: 2 },
    };
    const runs = await Promise.all(
      Object.entries(cases).map(async ([name, { body, timeout }]) => {
        const root = project({ PreToolUse: [{ matcher: 'Execute', scripts: { [name]: body }, timeout }] });
        // droid kills a hook that times out; under the tap it would kill the tap, not the hook: run that one untapped.
        const tap = name !== 'timeout';
        return [name, await runDroid(root, { turns: [{ shell: 'echo ok > ran.txt' }, { text: 'done' }], timeoutMs: SESSION_TIMEOUT_MS, tap })] as const;
      }),
    );
    const missingRoot = project({ PreToolUse: [{ matcher: 'Execute', scripts: { gone: 'exit 0' } }] });
    writeFileSync(join(missingRoot, '.factory/settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Execute', hooks: [{ type: 'command', command: `bash ${missingRoot}/.factory/hooks/missing.sh` }] }] } }));
    const missing = await runDroid(missingRoot, { turns: [{ shell: 'echo ok > ran.txt' }, { text: 'done' }], timeoutMs: SESSION_TIMEOUT_MS });
    const by = Object.fromEntries(runs);

    expect(by.exit2.files('ran.txt')).toBeNull();
    expect(toolCalls(by.exit2)[0]).toMatchObject({ isError: true, result: 'Error: EXIT-2 blocked\n' });
    expect(by.exit1.files('ran.txt')).toBe('ok\n');
    expect(toolCalls(by.exit1)[0]).toMatchObject({ isError: false, result: expect.stringMatching(/^EXIT-1 note\n[\s\S]*Command completed successfully/) });
    expect(by.crash.files('ran.txt')).toBe('ok\n');
    expect(by.crash.hookInputs[0].exitCode).toBe(137);
    expect(by.timeout.files('ran.txt')).toBe('ok\n');
    // droid's own record of the hook run (a transcript line per hook run): killed after `timeout` seconds.
    const record = by.timeout.transcript!
      .map((line) => (line as { message?: Record<string, unknown> }).message)
      .find((message) => message?.hookEventName === 'PreToolUse') as { hookStatus: string; hookResults: unknown[]; hookStartTime: number; hookEndTime: number };
    // stderr may hold the shell's "Terminated" line, or not: which process prints it first is a race.
    expect(record).toMatchObject({ hookStatus: 'error', hookResults: [{ exitCode: 1, stdout: '' }] });
    // Killed at its timeout, not run to its end: never sooner than the 2 s, and `late` never written.
    expect(record.hookEndTime - record.hookStartTime).toBeGreaterThanOrEqual(1_900);
    expect(by.timeout.files('late')).toBeNull();
    expect(missing.files('ran.txt')).toBe('ok\n');
    expect(missing.hookInputs[0].exitCode).toBe(127);
  }, TEST_TIMEOUT_MS);

  it('--auto high: droid refuses some commands itself after PreToolUse allowed them, and ends the session (exit 1); Stop still runs', async () => {
    // `dd if=/dev/zero of=/dev/null` is harmless if it ever ran; droid treats it as dangerous.
    const root = project({
      PreToolUse: [{ matcher: 'Execute', scripts: { allow: 'cat >> pre-inputs.jsonl; echo >> pre-inputs.jsonl; exit 0' } }],
      Stop: [{ scripts: { stop: 'cat >> stop-inputs.jsonl' } }],
    });
    const run = await runDroid(root, { turns: [{ shell: 'dd if=/dev/zero of=/dev/null count=1' }, { text: 'never' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode).toBe(1);
    expect(run.modelTurns).toBe(1);
    expect(lines(run.files('pre-inputs.jsonl'))).toHaveLength(1);
    expect(run.result).toMatchObject({ subtype: 'failure', is_error: true, result: 'Exec ended early: insufficient permission to proceed. Re-run with --skip-permissions-unsafe.' });
    expect(stops(run)).toHaveLength(1);
  }, TEST_TIMEOUT_MS);

  it('no block cap: a Stop hook that always blocks ends the session itself after exactly 5 blocks', async () => {
    const root = project({
      Stop: [{ scripts: { always: `input=$(cat); c=$(cat count 2>/dev/null || echo 0); c=$((c + 1)); echo "$c" > count; if ((c <= 5)); then echo '{"decision":"block","reason":"again '$c'"}'; fi` } }],
    });
    const run = await runDroid(root, { turns: texts(10), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.files('count')).toBe('6\n');
    expect(run.modelTurns).toBe(6);
    expect(run.exhausted).toBe(false);
    expect(stops(run).map((h) => h.input.stop_hook_active)).toEqual([false, true, true, true, true, true]);
    expect(run.result).toMatchObject({ result: 'answer 6' });
  }, TEST_TIMEOUT_MS);

  it('isolation: only loopback requests reach the model server, all model calls; the project settings file is restored byte for byte', async () => {
    const root = project({ Stop: [{ scripts: { stop: 'cat >/dev/null' } }] });
    const before = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `bash ${root}/.factory/hooks/stop.sh`, timeout: 30 }] }] } });
    writeFileSync(join(root, '.factory/settings.json'), before);
    const run = await runDroid(root, { turns: texts(1), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.requests.map((r) => [r.method, r.path, r.modelCall])).toEqual([['POST', '/v1/messages', true]]);
    expect(run.requests[0].body).toMatchObject({ model: 'claude-scripted', stream: true, max_tokens: 4096 });
    expect(run.files('.factory/settings.json')).toBe(before);
    expect(stops(run)).toHaveLength(1);
  }, TEST_TIMEOUT_MS);
});
