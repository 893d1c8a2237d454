/**
 * Qwen Code's hook contract, checked against the real `qwen --yolo` (0.24.4) with hand-written
 * hooks in .qwen/settings.json, over the Messages API (`--auth-type anthropic`) and Chat
 * Completions (`--auth-type openai`); and the Chat Completions adapter and reader on their own.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../testkit/clients/model/model-server.js';
import { chatCompletionsApi, chatCompletionsConversation, chatToolResultIsError, withChatCompletions } from '../../testkit/clients/model/chat-completions-api.js';
import { qwenCodeLastAssistantText, qwenCodeResult, runQwenCode } from '../../testkit/clients/agents/qwen-code.js';
import {
  messagesConversation,
  sentToModel,
  startScriptedModel,
  stopOutcome,
  stopRuns,
  toolCalls,
  type Turn,
} from '../../testkit/clients/index.js';
import { scratch, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS, describeAgent } from './helpers.js';

const describeQwen = describeAgent('qwen-code');

type Registration = Record<string, { matcher?: string; scripts: Record<string, string> }[]>;

/** A project whose `file` (default .qwen/settings.json) registers the given scripts (written to hooks/NAME.sh). */
function project(hooks: Registration, file = '.qwen/settings.json', root = scratch('ralph-hooks-qwen-contract-')): string {
  mkdirSync(join(root, 'hooks'), { recursive: true });
  mkdirSync(join(root, file, '..'), { recursive: true });
  const registration: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    registration[event] = groups.map(({ matcher, scripts }) => ({
      ...(matcher ? { matcher } : {}),
      hooks: Object.entries(scripts).map(([name, body]) => {
        const path = join(root, 'hooks', `${name}.sh`);
        writeFileSync(path, `#!/usr/bin/env bash\n${body}\n`);
        chmodSync(path, 0o755);
        return { type: 'command', command: `bash ${path}`, timeout: 30 };
      }),
    }));
  }
  writeFileSync(join(root, file), JSON.stringify({ hooks: registration }, null, 2));
  return root;
}

const texts = (n: number): Turn[] => Array.from({ length: n }, (_, i) => ({ text: `answer ${i + 1}` }));

/** Blocks the first stop with KEEP-GOING-1, then lets the next one through; keeps each input and its environment. */
const BLOCK_ONCE = [
  'input=$(cat)',
  'echo "$input" >> stop-inputs.jsonl',
  'env > stop-env.txt',
  'pwd > stop-pwd.txt',
  'if [[ -f once.done ]]; then exit 0; fi',
  'touch once.done',
  'echo \'{"decision":"block","reason":"KEEP-GOING-1"}\'',
].join('\n');

/** Denies a command containing `rm -rf` with Claude Code's hookSpecificOutput. */
const DENY_RM = [
  'input=$(cat)',
  'if [[ $input == *"rm -rf"* ]]; then',
  '  echo \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"NO-RM-RF: refusing to delete"}}\'',
  'fi',
].join('\n');

const envOf = (text: string) => Object.fromEntries(text.split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));

describeQwen('Qwen Code hook contract (real qwen --yolo)', () => {
  it('Stop: {"decision":"block"} continues with the reason as the next user message; stop_hook_active false then true; the settings are restored byte for byte', async () => {
    const root = project({ Stop: [{ scripts: { stop: BLOCK_ONCE } }] });
    const settingsBefore = readFileSync(join(root, '.qwen/settings.json'));
    const run = await runQwenCode(root, { turns: texts(3), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.agent).toBe('qwen-code');
    expect(run.modelTurns).toBe(2);
    // The reason arrives alone, as a user message of its own.
    const last = run.requests.filter((r) => r.modelCall).at(-1)!.body as { messages: { role: string; content: { type: string; text?: string }[] }[] };
    expect(last.messages.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'KEEP-GOING-1' }] });
    expect(sentToModel(run)).toContain('KEEP-GOING-1');

    const stops = stopRuns(run);
    expect(stops.map((h) => h.input.stop_hook_active)).toEqual([false, true]);
    expect(stops.map((h) => stopOutcome(h).decision)).toEqual(['block', 'allow']);
    expect(stops.map((h) => h.input.last_assistant_message)).toEqual(['answer 1', 'answer 2']);
    expect(stops[0].settingsFile).toBe('.qwen/settings.json');
    expect(Object.keys(stops[0].input).sort()).toEqual(
      expect.arrayContaining(['cwd', 'hook_event_name', 'last_assistant_message', 'permission_mode', 'prompt_id', 'session_id', 'stop_hook_active', 'timestamp', 'transcript_path']),
    );
    expect(stops[0].input).toMatchObject({ hook_event_name: 'Stop', cwd: root, session_id: run.sessionId, permission_mode: 'yolo' });

    // Qwen's own result joins both answers; the runner reports the final message.
    expect(run.result).toMatchObject({ type: 'result', result: 'answer 2', qwen_result: 'answer 1answer 2', session_id: run.sessionId });
    expect(run.transcript?.length).toBeGreaterThan(0);
    expect(qwenCodeLastAssistantText(run.transcript!)).toBe('answer 2');
    expect(String(stops[0].input.transcript_path)).toMatch(new RegExp(`/\\.qwen/projects/[^/]+/chats/${run.sessionId}\\.jsonl$`));

    // The hook runs in the project with the project named by QWEN_PROJECT_DIR and CLAUDE_PROJECT_DIR, not by QWEN_CODE_PROJECT_DIR.
    expect(run.files('stop-pwd.txt')).toBe(`${root}\n`);
    const env = envOf(run.files('stop-env.txt')!);
    expect(env).toMatchObject({ QWEN_PROJECT_DIR: root, CLAUDE_PROJECT_DIR: root, GEMINI_PROJECT_DIR: root, QWEN_CODE_SESSION_ID: run.sessionId });
    expect(env.QWEN_CODE_PROJECT_DIR).toMatch(/\/\.qwen\/projects\/[^/]+$/);

    expect(readFileSync(join(root, '.qwen/settings.json')).equals(settingsBefore)).toBe(true);
  }, TEST_TIMEOUT_MS);

  it('PreToolUse: Claude\'s hookSpecificOutput deny refuses `rm -rf` and the model gets the reason; matcher "Bash" matches run_shell_command too; `echo ok > ran.txt` runs', async () => {
    const root = project({
      PreToolUse: [
        { matcher: 'run_shell_command', scripts: { deny: DENY_RM } },
        { matcher: 'Bash', scripts: { log: 'cat >> bash-inputs.jsonl; echo >> bash-inputs.jsonl' } },
      ],
    });
    mkdirSync(join(root, 'important'));
    writeFileSync(join(root, 'important/keep.txt'), 'keep\n');
    const run = await runQwenCode(root, { turns: [{ shell: 'rm -rf important' }, { shell: 'echo ok > ran.txt' }, { text: 'done' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    const [denied, ran] = toolCalls(run);
    expect(denied).toMatchObject({ name: 'Bash', input: { command: 'rm -rf important' }, result: 'NO-RM-RF: refusing to delete', isError: true });
    expect(ran).toMatchObject({ name: 'Bash', input: { command: 'echo ok > ran.txt' }, isError: false });
    expect(ran.result).toContain('Exit Code: 0');
    expect(run.files('important/keep.txt')).toBe('keep\n');
    expect(run.files('ran.txt')).toBe('ok\n');

    const pre = run.hookInputs.filter((h) => h.event === 'PreToolUse');
    // Both groups ran for both calls: "Bash" is an alias of run_shell_command.
    expect(pre.map((h) => [h.matcher, h.input.tool_name, (h.input.tool_input as { command: string }).command]).sort()).toEqual([
      ['Bash', 'run_shell_command', 'echo ok > ran.txt'],
      ['Bash', 'run_shell_command', 'rm -rf important'],
      ['run_shell_command', 'run_shell_command', 'echo ok > ran.txt'],
      ['run_shell_command', 'run_shell_command', 'rm -rf important'],
    ]);
    expect(pre[0].input.tool_input).toEqual({ command: expect.any(String), description: 'Run a command', is_background: false });
    expect(Object.keys(pre[0].input).sort()).toEqual(
      ['cwd', 'hook_event_name', 'permission_mode', 'prompt_id', 'session_id', 'timestamp', 'tool_call_id', 'tool_input', 'tool_name', 'tool_use_id', 'transcript_path'],
    );
    // tool_call_id is the model's id for the call; tool_use_id is Qwen's own.
    expect(pre.map((h) => h.input.tool_call_id)).toContain(denied.id);
  }, TEST_TIMEOUT_MS);

  it('PreToolUse answers: exit 2 denies with stderr as the reason; exit 1 and a missing script do not block (an onFailure key changes nothing)', async () => {
    const root = project({
      PreToolUse: [
        { matcher: 'Bash', scripts: { two: 'if grep -q two; then echo "EXIT-2-REASON" >&2; exit 2; fi' } },
        { matcher: 'Bash', scripts: { one: 'if grep -q one; then echo "EXIT-1" >&2; exit 1; fi' } },
      ],
    });
    const settings = JSON.parse(readFileSync(join(root, '.qwen/settings.json'), 'utf8'));
    settings.hooks.PreToolUse.push({ matcher: 'Bash', hooks: [{ type: 'command', command: `bash ${root}/hooks/missing.sh`, onFailure: 'block' }] });
    writeFileSync(join(root, '.qwen/settings.json'), JSON.stringify(settings, null, 2));
    const run = await runQwenCode(root, { turns: [{ shell: 'echo one > one.txt' }, { shell: 'echo two > two.txt' }, { text: 'done' }], timeoutMs: SESSION_TIMEOUT_MS });
    const [one, two] = toolCalls(run);
    expect(one.isError).toBe(false);
    expect(run.files('one.txt')).toBe('one\n');
    // Non-blocking failures (exit 1, exit 127) reach the model only when the call is denied.
    expect(one.result).toContain('Exit Code: 0');
    expect(one.result).not.toContain('Non-blocking error');
    // The other hooks' failures on the same call are appended to the reason the model gets.
    expect(two.isError).toBe(true);
    expect(two.result).toMatch(/^EXIT-2-REASON\nNon-blocking error: bash: \S+\/missing\.sh: No such file or directory$/);
    expect(run.files('two.txt')).toBeNull();
    expect(run.hookInputs.map((h) => h.exitCode).sort((a, b) => a - b)).toEqual([0, 0, 1, 2, 127, 127]);
  }, TEST_TIMEOUT_MS);

  it('stop_hook_active stays true across tool calls while blocks continue; the cap (QWEN_CODE_STOP_HOOK_BLOCK_CAP) counts across them and overrides the Nth block', async () => {
    const root = project({ Stop: [{ scripts: { always: 'cat >/dev/null; echo \'{"decision":"block","reason":"AGAIN"}\'' } }] });
    const run = await runQwenCode(root, {
      turns: [{ text: 'answer 1' }, { shell: 'echo a > a.txt' }, { text: 'answer 2' }, { text: 'answer 3' }, ...texts(5)],
      env: { QWEN_CODE_STOP_HOOK_BLOCK_CAP: '3' },
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const stops = stopRuns(run);
    // Three blocks: the first two are honoured, the third hits the cap and the turn ends.
    expect(stops.map((h) => [h.input.stop_hook_active, h.input.last_assistant_message])).toEqual([
      [false, 'answer 1'],
      [true, 'answer 2'],
      [true, 'answer 3'],
    ]);
    expect(run.modelTurns).toBe(4);
    // With --output-format json a headless run reports the cap nowhere: exit 0, a successful result.
    expect(run.result).toMatchObject({ subtype: 'success', is_error: false, result: 'answer 3' });
    expect(run.stdout + run.stderr).not.toContain('consecutive');
  }, TEST_TIMEOUT_MS);

  it('runs only .qwen/settings.json: hooks in .claude/settings.json, .gemini/settings.json and .codex/hooks.json do not run', async () => {
    const root = project({ Stop: [{ scripts: { qwen: 'cat >/dev/null; echo qwen >> ran.txt' } }] });
    project({ Stop: [{ scripts: { claude: 'cat >/dev/null; echo claude >> ran.txt' } }] }, '.claude/settings.json', root);
    project({ AfterAgent: [{ scripts: { gemini: 'cat >/dev/null; echo gemini >> ran.txt' } }], Stop: [{ scripts: { gemini2: 'cat >/dev/null; echo gemini >> ran.txt' } }] }, '.gemini/settings.json', root);
    project({ Stop: [{ scripts: { codex: 'cat >/dev/null; echo codex >> ran.txt' } }] }, '.codex/hooks.json', root);
    const run = await runQwenCode(root, { turns: texts(1), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.files('ran.txt')).toBe('qwen\n');
  }, TEST_TIMEOUT_MS);

  it('over Chat Completions (--auth-type openai): the same Stop block continues with the reason as a user message', async () => {
    const root = project({ Stop: [{ scripts: { stop: BLOCK_ONCE } }], PreToolUse: [{ matcher: 'run_shell_command', scripts: { deny: DENY_RM } }] });
    const run = await runQwenCode(root, {
      wire: 'chat-completions',
      turns: [{ shell: 'rm -rf nothing' }, { shell: 'echo ok > ran.txt' }, { text: 'answer 1' }, { text: 'answer 2' }, { text: 'answer 3' }],
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.requests.filter((r) => r.modelCall).every((r) => r.path === '/v1/chat/completions' && (r.body as { stream?: boolean }).stream === true)).toBe(true);
    expect(run.modelTurns).toBe(4);
    const last = run.requests.filter((r) => r.modelCall).at(-1)!.body as { messages: unknown[] };
    expect(last.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'KEEP-GOING-1' }] });
    expect(sentToModel(run)).toContain('KEEP-GOING-1');
    expect(stopRuns(run).map((h) => [h.input.stop_hook_active, stopOutcome(h).decision])).toEqual([
      [false, 'block'],
      [true, 'allow'],
    ]);
    const [denied, ran] = toolCalls(run);
    // No error flag exists on this wire: the model gets the reason alone as the tool message.
    expect(denied).toMatchObject({ name: 'Bash', input: { command: 'rm -rf nothing' }, result: 'NO-RM-RF: refusing to delete', isError: false });
    expect(ran).toMatchObject({ name: 'Bash', input: { command: 'echo ok > ran.txt' }, isError: false });
    expect(run.files('ran.txt')).toBe('ok\n');
    expect(run.result).toMatchObject({ result: 'answer 2' });
  }, TEST_TIMEOUT_MS);
});

/** Read a `data: …` stream into its JSON chunks (and whether it ended with [DONE]). */
function sseChunks(text: string): { chunks: Record<string, any>[]; done: boolean } {
  const datas = text
    .split('\n\n')
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => block.replace(/^data: /, ''));
  return { chunks: datas.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d)), done: datas.at(-1) === '[DONE]' };
}

const offer = (...names: string[]) => names.map((name) => ({ type: 'function', function: { name, parameters: { type: 'object' } } }));

describe('chat-completions adapter and reader (no client)', () => {
  it('streams text and tool_calls deltas, a finish reason, usage and [DONE]; a shell turn calls the offered shell tool', async () => {
    const model = await startScriptedModel({ protocol: chatCompletionsApi, turns: [{ text: 'hi', shell: 'echo hi' }, { text: 'bye' }, { shell: 'ls' }] });
    try {
      const post = (path: string, body: unknown) => fetch(`${model.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const first = await post('/v1/chat/completions', { model: 'm1', stream: true, stream_options: { include_usage: true }, tools: offer('read_file', 'run_shell_command'), messages: [{ role: 'user', content: 'go' }] });
      expect(first.headers.get('content-type')).toBe('text/event-stream');
      const { chunks, done } = sseChunks(await first.text());
      expect(done).toBe(true);
      expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'm1')).toBe(true);
      const deltas = chunks.flatMap((c) => c.choices.map((choice: any) => choice.delta));
      expect(deltas[0]).toEqual({ role: 'assistant', content: '' });
      expect(deltas.map((d) => d.content ?? '').join('')).toBe('hi');
      const calls = deltas.flatMap((d) => d.tool_calls ?? []);
      expect(calls[0]).toMatchObject({ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'run_shell_command', arguments: '' } });
      expect(JSON.parse(calls.map((c) => c.function.arguments).join(''))).toEqual({ command: 'echo hi', description: 'Run a command', is_background: false });
      expect(chunks.flatMap((c) => c.choices.map((choice: any) => choice.finish_reason)).filter(Boolean)).toEqual(['tool_calls']);
      expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) } });

      const second = await post('/chat/completions', { model: 'm1', stream: false, messages: [{ role: 'user', content: 'go' }] });
      expect(await second.json()).toMatchObject({ object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'bye' }, finish_reason: 'stop' }] });

      const models = await fetch(`${model.url}/v1/models`);
      expect(await models.json()).toEqual({ object: 'list', data: [{ id: 'scripted', object: 'model', created: 0, owned_by: 'scripted' }] });
            // Without a known shell tool on offer, Claude Code's Bash is called.
      const third = await post('/v1/chat/completions', { stream: false, messages: [], tools: offer('other') });
      const body = await third.json();
      expect(model.modelRequests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/chat/completions', '/v1/chat/completions']);
      expect(body.choices[0]).toMatchObject({ message: { content: null, tool_calls: [{ function: { name: 'Bash', arguments: '{"command":"ls","description":"Run a command"}' } }] }, finish_reason: 'tool_calls' });
    } finally {
      await model.close();
    }
  });

  it('JSON answer of a tool turn: content null, tool_calls with JSON arguments, finish_reason tool_calls', async () => {
    const model = await startScriptedModel({ protocol: chatCompletionsApi, turns: [{ tools: [{ name: 'write_file', input: { file_path: '/x', content: 'y' } }] }] });
    try {
      const res = await fetch(`${model.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ messages: [] }) });
      const body = await res.json();
      expect(body.choices[0].finish_reason).toBe('tool_calls');
      expect(body.choices[0].message.content).toBeNull();
      expect(body.choices[0].message.tool_calls).toEqual([{ id: expect.any(String), type: 'function', function: { name: 'write_file', arguments: '{"file_path":"/x","content":"y"}' } }]);
    } finally {
      await model.close();
    }
  });

  const request = (body: unknown, index = 0, path = '/v1/chat/completions'): RecordedRequest => ({ index, method: 'POST', path, query: '', headers: {}, body, raw: JSON.stringify(body), modelCall: true, turnIndex: index });

  it('reader: tool calls with the tool message of the same tool_call_id, shell calls as Bash; user, tool and later system texts, not the system prompt', () => {
    const messages = [
      { role: 'system', content: 'SYSTEM PROMPT' },
      { role: 'user', content: [{ type: 'text', text: '<system-reminder>ctx</system-reminder>' }, { type: 'text', text: 'Continue' }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'run_shell_command', arguments: '{"command":"ls","is_background":false}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: 'Command: ls\nExit Code: 2' }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'write_file', arguments: '{"file_path":"/a"}' } }] },
      { role: 'tool', tool_call_id: 'call_2', content: 'written' },
      { role: 'assistant', content: 'done' },
      { role: 'system', content: 'A NOTE' },
      { role: 'user', content: 'KEEP-GOING-1' },
    ];
    const requests = [request({ messages: messages.slice(0, 2) }, 0), request({ messages }, 1), { ...request({ messages: [{ role: 'user', content: 'not a model call' }] }, 2), modelCall: false }];
    expect(chatCompletionsConversation.toolCalls(requests)).toEqual([
      { id: 'call_1', name: 'Bash', input: { command: 'ls', is_background: false }, result: 'Command: ls\nExit Code: 2', isError: true },
      { id: 'call_2', name: 'write_file', input: { file_path: '/a' }, result: 'written', isError: false },
    ]);
    expect(chatCompletionsConversation.texts(requests)).toEqual(['<system-reminder>ctx</system-reminder>', 'Continue', 'Command: ls\nExit Code: 2', 'written', 'A NOTE', 'KEEP-GOING-1']);
  });

  it('isError: {"error"} and a non-zero exit code; a plain reason is not flagged', () => {
    expect(chatToolResultIsError('{"error":"boom"}')).toBe(true);
    expect(chatToolResultIsError('Command: x\nError: (none)\nExit Code: 0')).toBe(false);
    expect(chatToolResultIsError('Command: x\nExit Code: 1')).toBe(true);
    expect(chatToolResultIsError('NO-RM-RF: refusing to delete')).toBe(false);
  });

  it('withChatCompletions reads chat/completions requests itself and hands the rest to the other reader', () => {
    const reader = withChatCompletions(messagesConversation);
    const chat = request({ messages: [{ role: 'user', content: 'from chat' }] }, 0);
    const messages = request({ messages: [{ role: 'user', content: [{ type: 'text', text: 'from messages' }] }] }, 1, '/v1/messages');
    expect(reader.texts([chat, messages]).sort()).toEqual(['from chat', 'from messages']);
  });

  it('qwenCodeResult takes the result event of the JSON array; qwenCodeLastAssistantText reads the transcript', () => {
    const stdout = JSON.stringify([{ type: 'system', subtype: 'init', session_id: 's1' }, { type: 'result', subtype: 'success', session_id: 's1', result: 'ab' }]);
    expect(qwenCodeResult(stdout)).toEqual({ type: 'result', subtype: 'success', session_id: 's1', result: 'ab' });
    expect(qwenCodeResult('')).toBeNull();
    expect(qwenCodeResult('[{"type":"assistant","session_id":"s2","message":{"content":[{"type":"text","text":"partial"}]}}')).toBeNull();
    expect(
      qwenCodeLastAssistantText([
        { type: 'assistant', message: { role: 'model', parts: [{ text: 'a' }] } },
        { type: 'assistant', message: { role: 'model', parts: [{ text: 'thinking', thought: true }, { text: 'b' }] } },
        { type: 'system', subtype: 'ui_telemetry' },
      ]),
    ).toBe('b');
  });
});
