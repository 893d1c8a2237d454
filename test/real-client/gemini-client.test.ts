/**
 * Gemini CLI's hook contract, checked against the real `gemini -p` (0.61.0) with hand-written
 * hooks in .gemini/settings.json, plus the Gemini API adapter and reader on their own.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type RecordedRequest,
  runScenario,
  sentToModel,
  startScriptedModel,
  stopRuns,
  toolCalls,
  type Turn,
} from '../../testkit/clients/index.js';
import { geminiApi, geminiConversation } from '../../testkit/clients/model/gemini-api.js';
import { runGemini } from '../../testkit/clients/agents/gemini.js';
import { scratch, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS, describeAgent } from './helpers.js';


const describeGemini = describeAgent('gemini', { concurrent: false });

/** A project whose .gemini/settings.json registers the given scripts (written to .gemini/hooks/NAME.sh). */
function project(hooks: Record<string, { matcher?: string; timeout?: number; scripts: Record<string, string> }[]>): string {
  const root = scratch('ralph-hooks-gemini-');
  mkdirSync(join(root, '.gemini/hooks'), { recursive: true });
  const registration: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    registration[event] = groups.map(({ matcher, timeout, scripts }) => ({
      ...(matcher ? { matcher } : {}),
      hooks: Object.entries(scripts).map(([name, body]) => {
        const path = join(root, '.gemini/hooks', `${name}.sh`);
        writeFileSync(path, `#!/usr/bin/env bash\n${body}\n`);
        chmodSync(path, 0o755);
        return { type: 'command', command: `bash "$GEMINI_PROJECT_DIR/.gemini/hooks/${name}.sh"`, ...(timeout ? { timeout } : {}) };
      }),
    }));
  }
  writeFileSync(join(root, '.gemini/settings.json'), `${JSON.stringify({ hooks: registration }, null, 2)}\n`);
  return root;
}

describeGemini('Gemini CLI hook contract (real gemini -p)', () => {
  it('AfterAgent {"decision":"block","reason"} continues once: the reason reaches the model as a user message; stop_hook_active false then true', async () => {
    const root = project({
      AfterAgent: [{ scripts: { once: 'cat > /dev/null; if [[ -f once.done ]]; then echo \'{"systemMessage":"bye"}\'; else touch once.done; echo \'{"decision":"block","reason":"KEEP-GOING-1"}\'; fi' } }],
    });
    const outcome = await runScenario(
      {
        agents: ['gemini'],
        copy: ['.gemini'],
        turns: [{ text: 'first answer' }, { text: 'second answer' }, { text: 'never' }],
        timeoutMs: SESSION_TIMEOUT_MS,
        expect: {
          exitCode: 0,
          modelTurns: 2,
          modelReceived: ['KEEP-GOING-1'],
          stops: [
            { stop_hook_active: false, decision: 'block', reason: 'KEEP-GOING-1' },
            { stop_hook_active: true, decision: 'allow', systemMessage: 'bye' },
          ],
          result: { contains: 'second answer' },
        },
      },
      { projectRoot: root },
    );
    expect(outcome.failures).toEqual([]);
    const { run } = outcome;
    // The reason is the whole text of the next user message.
    const last = run.requests.filter((r) => r.modelCall).at(-1)!.body as { contents: { role: string; parts: { text?: string }[] }[] };
    expect(last.contents.slice(-2)).toEqual([
      { role: 'model', parts: [{ text: 'first answer' }] },
      { role: 'user', parts: [{ text: 'KEEP-GOING-1' }] },
    ]);
    const stops = stopRuns(run);
    expect(stops.map((h) => h.input.hook_event_name)).toEqual(['AfterAgent', 'AfterAgent']);
    expect(Object.keys(stops[0].input).sort()).toEqual(['cwd', 'hook_event_name', 'prompt', 'prompt_response', 'session_id', 'stop_hook_active', 'timestamp', 'transcript_path']);
    // prompt_response accumulates every answer since the prompt.
    expect(stops.map((h) => h.input.prompt_response)).toEqual(['first answer', 'first answer\nsecond answer']);
    expect(stops[0].input.cwd).toBe(run.projectDir);
    expect(stops[0].input.session_id).toBe(run.sessionId);
    expect(run.transcript?.length).toBeGreaterThan(0);
  }, TEST_TIMEOUT_MS);

  it('stop_hook_active is false again when a tool ran since the last block, true only after a block answered with text alone', async () => {
    const root = project({
      AfterAgent: [{ scripts: { twice: 'cat > /dev/null; n=$(cat count 2>/dev/null || echo 0); n=$((n + 1)); echo $n > count; if ((n <= 2)); then echo "{\\"decision\\":\\"block\\",\\"reason\\":\\"AGAIN-$n\\"}"; fi' } }],
    });
    const run = await runGemini(root, { turns: [{ text: 't1' }, { shell: 'echo a' }, { text: 't2' }, { text: 't3' }, { text: 'never' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.modelTurns).toBe(4);
    expect(stopRuns(run).map((h) => [h.input.stop_hook_active, h.input.prompt_response])).toEqual([
      [false, 't1'],
      [false, 't1\nt2'],
      [true, 't1\nt2\nt3'],
    ]);
    expect(sentToModel(run)).toEqual(expect.arrayContaining(['AGAIN-1', 'AGAIN-2']));
  }, TEST_TIMEOUT_MS);

  it('BeforeTool (matcher run_shell_command) {"decision":"deny","reason"} refuses `rm -rf` with the reason reaching the model; other commands run', async () => {
    const root = project({
      BeforeTool: [{ matcher: 'run_shell_command', scripts: { guard: 'input=$(cat); if [[ $input == *"rm -rf"* ]]; then echo \'{"decision":"deny","reason":"NO-RM: destructive"}\'; fi' } }],
    });
    mkdirSync(join(root, 'keep'));
    writeFileSync(join(root, 'keep/file.txt'), 'kept\n');
    const settings = readFileSync(join(root, '.gemini/settings.json'));
    const run = await runGemini(root, { turns: [{ shell: 'rm -rf keep' }, { shell: 'echo ok > ran.txt' }, { text: 'done' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(readFileSync(join(root, '.gemini/settings.json')).equals(settings)).toBe(true);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.files('keep/file.txt')).toBe('kept\n');
    expect(run.files('ran.txt')).toBe('ok\n');
    const [denied, ran] = toolCalls(run);
    expect(denied).toMatchObject({ name: 'Bash', input: { command: 'rm -rf keep' }, result: 'Tool execution blocked: NO-RM: destructive', isError: true });
    expect(ran).toMatchObject({ name: 'Bash', input: { command: 'echo ok > ran.txt' }, isError: false });
    const pre = run.hookInputs.filter((h) => h.event === 'PreToolUse');
    expect(pre.map((h) => [h.input.hook_event_name, h.input.tool_name, (h.input.tool_input as { command: string }).command])).toEqual([
      ['BeforeTool', 'run_shell_command', 'rm -rf keep'],
      ['BeforeTool', 'run_shell_command', 'echo ok > ran.txt'],
    ]);
    expect(pre[0].hook).toBe('bash "$GEMINI_PROJECT_DIR/.gemini/hooks/guard.sh"');
    expect(result(run)).toBe('done');
  }, TEST_TIMEOUT_MS);

  it('BeforeTool: Claude\'s permissionDecision "deny" is ignored; exit 2 denies with stderr; exit 1 and a timeout (ms) let the call run; a missing script denies', async () => {
    // Two handlers of the call: the answers, with a minute to give them (a loaded machine once
    // took the 1 s the slow case has, and a deny became a timeout), and the slow case alone
    // under a 1 s timeout, sleeping five times that. A timeout only ever lets a call run, so the
    // second handler timing out on another call changes nothing: no answer rides on the clock.
    const root = project({
      BeforeTool: [
        {
          matcher: 'run_shell_command',
          timeout: 60_000,
          scripts: {
            answers: [
              'input=$(cat)',
              'case $input in',
              '  *claude-form*) echo \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"CLAUDE-NO"}}\' ;;',
              '  *exit-two*) echo "EXIT-2-REASON" >&2; exit 2 ;;',
              '  *exit-one*) echo "EXIT-1-REASON" >&2; exit 1 ;;',
              '  *missing*) bash ./no-such-hook.sh ;;',
              'esac',
            ].join('\n'),
          },
        },
        {
          matcher: 'run_shell_command',
          timeout: 1000,
          scripts: { slow: ['input=$(cat)', 'case $input in', '  *slow*) sleep 5; echo \'{"decision":"deny","reason":"TOO-LATE"}\' ;;', 'esac'].join('\n') },
        },
      ],
    });
    const calls = ['echo claude-form > a.txt', 'echo exit-two > b.txt', 'echo exit-one > c.txt', 'echo slow > d.txt', 'echo missing > e.txt'];
    const run = await runGemini(root, { turns: [...calls.map((shell): Turn => ({ shell })), { text: 'done' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'].map((f) => run.files(f) !== null)).toEqual([true, false, true, true, false]);
    const results = toolCalls(run).map((c) => [c.isError, c.result]);
    expect(results[1]).toEqual([true, 'Tool execution blocked: EXIT-2-REASON']);
    expect(results[4]).toEqual([true, 'Tool execution blocked: bash: ./no-such-hook.sh: No such file or directory']);
    expect(sentToModel(run).join('\n')).not.toMatch(/CLAUDE-NO|EXIT-1-REASON|TOO-LATE/);
  }, TEST_TIMEOUT_MS);

  it('runs no hooks from .claude/settings.json', async () => {
    const root = project({});
    mkdirSync(join(root, '.claude'));
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'touch claude-hook-ran; echo \'{"decision":"block","reason":"FROM-CLAUDE"}\'' }] }] } }));
    const run = await runGemini(root, { turns: [{ text: 'one' }, { text: 'two' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.modelTurns).toBe(1);
    expect(run.files('claude-hook-ran')).toBeNull();
  }, TEST_TIMEOUT_MS);
});

function result(run: { result: Record<string, unknown> | null }): unknown {
  return run.result?.result;
}

describe('Gemini API adapter and reader (no client)', () => {
  const shellOffer = { tools: [{ functionDeclarations: [{ name: 'read_file' }, { name: 'run_shell_command' }] }] };

  it('answers streamGenerateContent with SSE, generateContent with JSON, and helper calls and countTokens without a turn', async () => {
    const model = await startScriptedModel({ protocol: 'gemini', turns: [{ text: 'hi', shell: 'ls -la' }, { text: 'plain' }] });
    try {
      const post = (path: string, body: unknown) => fetch(`${model.url}/v1beta/models/gemini-2.5-flash:${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      const streamed = await post('streamGenerateContent?alt=sse', { contents: [{ role: 'user', parts: [{ text: 'go' }] }], ...shellOffer });
      expect(streamed.headers.get('content-type')).toBe('text/event-stream');
      const events = (await streamed.text()).split(/\r?\n\r?\n/).filter(Boolean).map((e) => JSON.parse(e.replace(/^data: /, '')));
      expect(events).toHaveLength(1);
      expect(events[0].candidates[0]).toMatchObject({
        finishReason: 'STOP',
        content: { role: 'model', parts: [{ text: 'hi' }, { functionCall: { name: 'run_shell_command', args: { command: 'ls -la' } } }] },
      });
      expect(events[0].usageMetadata.totalTokenCount).toBeGreaterThan(0);
      const helper = await post('generateContent', { contents: [], generationConfig: { responseMimeType: 'application/json', responseJsonSchema: { properties: { next_speaker: {} } } } });
      expect(JSON.parse((await helper.json()).candidates[0].content.parts[0].text)).toMatchObject({ next_speaker: 'user' });
      expect((await (await post('countTokens', { contents: [] })).json()).totalTokens).toBeGreaterThan(0);
      const plain = await (await post('generateContent', { contents: [] })).json();
      expect(plain.candidates[0].content.parts).toEqual([{ text: 'plain' }]);
      expect(model.modelTurns).toBe(2);
      expect((await fetch(`${model.url}/v1beta/models`)).status).toBe(200);
    } finally {
      await model.close();
    }
  });

  it('reads calls, results, denials and user texts from contents[]', () => {
    const call = (id: string, command: string) => ({ functionCall: { id, name: 'run_shell_command', args: { command, description: 'Run a command', is_background: false } } });
    const answer = (id: string, response: unknown) => ({ functionResponse: { id, name: 'run_shell_command', response } });
    const contents = [
      { role: 'user', parts: [{ text: '<session_context>…</session_context>' }, { text: 'Continue' }] },
      { role: 'model', parts: [call('c1', 'rm -rf x')] },
      { role: 'user', parts: [answer('c1', { error: 'Tool execution blocked: NO-RM' })] },
      { role: 'model', parts: [call('c2', 'echo ok'), { functionCall: { name: 'read_file', args: { file_path: 'a' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: 'A' } } }, answer('c2', { output: '<untrusted_context>\nOutput: ok\n</untrusted_context>' })] },
      { role: 'model', parts: [{ text: 'done' }] },
      { role: 'user', parts: [{ text: 'KEEP-GOING' }] },
    ];
    const request = (n: number): RecordedRequest => ({ index: 0, method: 'POST', path: '/v1beta/models/m:streamGenerateContent', query: 'alt=sse', headers: {}, body: { contents: contents.slice(0, n) }, raw: '', modelCall: true });
    const requests = [request(1), request(3), request(5), request(7)];
    const calls = geminiConversation.toolCalls(requests);
    expect(calls).toEqual([
      { id: 'c1', name: 'Bash', input: { command: 'rm -rf x', description: 'Run a command', is_background: false }, result: 'Tool execution blocked: NO-RM', isError: true },
      { id: 'c2', name: 'Bash', input: { command: 'echo ok', description: 'Run a command', is_background: false }, result: '<untrusted_context>\nOutput: ok\n</untrusted_context>', isError: false },
      { id: expect.any(String), name: 'read_file', input: { file_path: 'a' }, result: 'A', isError: false },
    ]);
    expect(geminiConversation.texts(requests)).toEqual(['<session_context>…</session_context>', 'Continue', 'Tool execution blocked: NO-RM', 'A', '<untrusted_context>\nOutput: ok\n</untrusted_context>', 'KEEP-GOING']);
    const failed = geminiConversation.toolCalls([
      { ...request(0), body: { contents: [{ role: 'model', parts: [call('c3', 'false')] }, { role: 'user', parts: [answer('c3', { output: 'Output: (empty)\nExit Code: 1' })] }] } },
    ]);
    expect(failed[0].isError).toBe(true);
  });
});
