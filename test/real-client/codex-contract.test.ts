/**
 * Codex's hook contract, checked against the real `codex exec` with hand-written hooks: what
 * the codex-project target and the presets rely on. docs/targets/codex.md lists the results.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCodex, sentToModel, toolCalls, type Turn } from '../../testkit/clients/index.js';
import { scratch, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS, describeAgent } from './helpers.js';

const describeCodex = describeAgent('codex', { concurrent: false });

/** A project whose .codex/hooks.json registers the given scripts (written to .codex/hooks/NAME.sh). */
function project(hooks: Record<string, { matcher?: string; scripts: Record<string, string> }[]>): string {
  const root = scratch('ralph-hooks-codex-contract-');
  mkdirSync(join(root, '.codex/hooks'), { recursive: true });
  const registration: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    registration[event] = groups.map(({ matcher, scripts }) => ({
      ...(matcher ? { matcher } : {}),
      hooks: Object.entries(scripts).map(([name, body]) => {
        const path = join(root, '.codex/hooks', `${name}.sh`);
        writeFileSync(path, `#!/usr/bin/env bash\n${body}\n`);
        chmodSync(path, 0o755);
        return { type: 'command', command: `bash ${path}` };
      }),
    }));
  }
  writeFileSync(join(root, '.codex/hooks.json'), JSON.stringify({ hooks: registration }, null, 2));
  writeFileSync(join(root, '.codex/config.toml'), '[features]\nhooks = true\n');
  return root;
}

const texts = (n: number): Turn[] => Array.from({ length: n }, (_, i) => ({ text: `answer ${i + 1}` }));

describeCodex('Codex hook contract (real codex exec)', () => {
  it('plain text on a Stop hook stdout is not an answer: no continuation', async () => {
    const root = project({ Stop: [{ scripts: { plain: 'cat >/dev/null; echo "please keep going"' } }] });
    const run = await runCodex(root, { turns: texts(3), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.modelTurns).toBe(1);
    expect(sentToModel(run).join('\n')).not.toContain('please keep going');
  }, TEST_TIMEOUT_MS);

  it('{"systemMessage"} alone lets the stop through; {"decision":"block"} re-prompts inside <hook_prompt>', async () => {
    const root = project({
      Stop: [{ scripts: { once: 'cat >/dev/null; if [[ -f once.done ]]; then echo \'{"systemMessage":"bye"}\'; else touch once.done; echo \'{"decision":"block","reason":"KEEP-GOING-1"}\'; fi' } }],
    });
    const run = await runCodex(root, { turns: texts(3), timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.modelTurns).toBe(2);
    expect(sentToModel(run).some((t) => /^<hook_prompt hook_run_id="[^"]+">KEEP-GOING-1<\/hook_prompt>$/.test(t))).toBe(true);
  }, TEST_TIMEOUT_MS);

  it('has no block cap: 25 blocks in a row are all honoured, with stop_hook_active true after the first', async () => {
    const body = 'cat >/dev/null; n=$(cat count 2>/dev/null || echo 0); n=$((n + 1)); echo "$n" > count; if ((n <= 25)); then echo \'{"decision":"block","reason":"again"}\'; fi';
    const root = project({ Stop: [{ scripts: { always: body } }] });
    const run = await runCodex(root, { turns: texts(30), timeoutMs: SESSION_TIMEOUT_MS });
    const stops = run.hookInputs.filter((h) => h.event === 'Stop');
    expect(stops.length).toBe(26);
    expect(run.modelTurns).toBe(26);
    expect(stops.map((h) => h.input.stop_hook_active)).toEqual([false, ...Array(25).fill(true)]);
  }, TEST_TIMEOUT_MS);

  it('matching hooks run concurrently: two Stop hooks that each wait for the other both see it', async () => {
    // Each hook announces itself, then waits (at most 20 s) for the other's file. Run one after
    // the other, the first would give up and print "alone".
    const waiter = (me: string, other: string) =>
      `cat >/dev/null; touch ${me}.started; for _ in $(seq 200); do [[ -f ${other}.started ]] && { echo together > ${me}.result; exit 0; }; sleep 0.1; done; echo alone > ${me}.result`;
    const root = project({ Stop: [{ scripts: { a: waiter('a', 'b'), b: waiter('b', 'a') } }] });
    const run = await runCodex(root, { turns: texts(1), timeoutMs: SESSION_TIMEOUT_MS });
    expect([run.files('a.result'), run.files('b.result')]).toEqual(['together\n', 'together\n']);
  }, TEST_TIMEOUT_MS);

  it('PreToolUse: the shell tool is "Bash" with tool_input.command; exit 2 blocks with stderr as the reason; "*" matches every tool', async () => {
    const root = project({
      PreToolUse: [
        { matcher: '*', scripts: { log: 'cat >> pre-inputs.jsonl; echo >> pre-inputs.jsonl' } },
        { matcher: 'Bash', scripts: { deny: 'input=$(cat); if [[ $input == *forbidden* ]]; then echo "NOPE: forbidden word" >&2; exit 2; fi' } },
      ],
    });
    const run = await runCodex(root, { turns: [{ shell: 'echo forbidden' }, { shell: 'echo fine' }, { text: 'ok' }], timeoutMs: SESSION_TIMEOUT_MS });
    const [blocked, ran] = toolCalls(run);
    expect(blocked).toMatchObject({ isError: true, result: 'Command blocked by PreToolUse hook: NOPE: forbidden word. Command: echo forbidden' });
    expect(ran.isError).toBe(false);
    const inputs = run.files('pre-inputs.jsonl')!.trim().split('\n').map((line) => JSON.parse(line));
    expect(inputs.map((i) => [i.tool_name, i.tool_input])).toEqual([
      ['Bash', { command: 'echo forbidden' }],
      ['Bash', { command: 'echo fine' }],
    ]);
    expect(Object.keys(inputs[0]).sort()).toEqual(
      ['cwd', 'hook_event_name', 'model', 'permission_mode', 'session_id', 'tool_input', 'tool_name', 'tool_use_id', 'transcript_path', 'turn_id'],
    );
  }, TEST_TIMEOUT_MS);

  it('a PreToolUse hook that cannot run (missing script) does not block the call', async () => {
    const root = project({ PreToolUse: [{ matcher: '*', scripts: { gone: 'exit 0' } }] });
    writeFileSync(join(root, '.codex/hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: `bash ${root}/.codex/hooks/missing.sh`, onFailure: 'block' }] }] } }));
    const run = await runCodex(root, { turns: [{ shell: 'echo ran > ran.txt' }, { text: 'ok' }], timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.files('ran.txt')).toBe('ran\n');
    expect(run.hookInputs[0].exitCode).toBe(127);
  }, TEST_TIMEOUT_MS);
});
