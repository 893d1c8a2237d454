/**
 * The loop preset (prompt-driven Ralph loop), both runtimes: the decision tree, one test per
 * bug of the official ralph-loop plugin that it fixes (claude-code-hooks.md §2.3-2.4), the
 * setup script and commands, and loop-replay scenarios.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertJsonBlock,
  assertLoopEnd,
  assertSilent,
  assertSystemMessageContains,
  replayStopLoop,
  runHook,
  stopInput,
  type Workspace,
} from '../../testkit/index.js';
import { runWithUnreadable } from '../helpers/unreadable.js';
import { bareWorkspaces, generateLoop, readLoopState, runSetup, RUNTIMES, stopLoop as stop, writeLoopState, type LoopHook } from './loop-helpers.js';
import { tempDir } from '../helpers/temp.js';

const workspace = bareWorkspaces();

const loops = Object.fromEntries(RUNTIMES.map((runtime) => [runtime, generateLoop(runtime)])) as Record<string, LoopHook>;


describe.each(RUNTIMES)('loop preset (%s runtime)', (runtime) => {
  const loop = loops[runtime]!;

  describe('decision tree', () => {
    it('no state file: silent', async () => {
      const ws = workspace();
      assertSilent(await stop(loop, ws));
    });

    it('active: false: silent, the state file is left alone', async () => {
      const ws = workspace();
      const file = writeLoopState(ws, loop, { active: false });
      const before = readFileSync(file, 'utf8');
      assertSilent(await stop(loop, ws));
      expect(readFileSync(file, 'utf8')).toBe(before);
    });

    it('an active loop blocks with the prompt and counts the iteration', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 2, maxIterations: 5 });
      const result = await stop(loop, ws, { last_assistant_message: 'Still working.' });
      assertJsonBlock(result);
      expect(result.json).toEqual({
        decision: 'block',
        reason: 'Build the thing',
        systemMessage: '🔄 Ralph iteration 3/5 | To stop: output <promise>DONE</promise> (ONLY when the statement is TRUE - do not lie to exit!)',
      });
      expect(result.stderr).toBe('');
      expect(readLoopState(ws, loop)?.iteration).toBe(3);
    });

    it('without a promise the systemMessage says the loop runs until max iterations', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { promise: null });
      const result = await stop(loop, ws);
      assertSystemMessageContains(result, 'No completion promise set - the loop runs until max iterations');
    });

    it('max 0 (asked for) is unlimited and says how to cancel', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { promise: null, maxIterations: 0, iteration: 500 });
      const result = await stop(loop, ws);
      assertJsonBlock(result);
      assertSystemMessageContains(result, 'runs until /cancel-ralph');
    });

    it('a corrupt iteration ends the loop, removes the state and tells the user', async () => {
      const ws = workspace();
      const file = writeLoopState(ws, loop, { iteration: 'abc' });
      const result = await stop(loop, ws);
      expect(result.exitCode).toBe(0);
      expect(result.json?.decision).toBeUndefined();
      assertSystemMessageContains(result, /corrupted \(iteration: .*abc.* is not a number\)/);
      expect(ws.exists(loop.stateFile)).toBe(false);
      expect(file).toContain('.claude');
    });

    it('an empty prompt ends the loop with a message', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { prompt: '' });
      const result = await stop(loop, ws);
      assertSystemMessageContains(result, 'has no prompt');
      expect(ws.exists(loop.stateFile)).toBe(false);
    });

    it('input that is not JSON fails open: exit 0, nothing on either stream; RALPH_HOOKS_DEBUG=1 says why in one stderr line', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      assertSilent(await runHook(loop.hook, '{not json', { cwd: ws.dir }));
      const result = await runHook(loop.hook, '{not json', { cwd: ws.dir, env: { RALPH_HOOKS_DEBUG: '1' } });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain('[ralph-loop]');
    });

    it('empty input fails open', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      assertSilent(await runHook(loop.hook, '', { cwd: ws.dir }));
      const result = await runHook(loop.hook, '', { cwd: ws.dir, env: { RALPH_HOOKS_DEBUG: '1' } });
      assertSilent(result, { allowStderr: true });
      expect(result.stderr).toMatch(/empty hook input|hook input is empty/);
    });

    it('finds the state through the input cwd when CLAUDE_PROJECT_DIR is unset', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      const result = await stop(loop, ws, {}, { CLAUDE_PROJECT_DIR: undefined });
      assertJsonBlock(result);
    });

    it('stop_hook_active does not end the loop (the loop continues from its own blocks); the limit does', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 4, maxIterations: 5 });
      assertJsonBlock(await stop(loop, ws, { stop_hook_active: true }));
      const last = await stop(loop, ws, { stop_hook_active: true });
      assertSystemMessageContains(last, 'max iterations (5)');
    });
  });

  describe('fixed bugs of the official plugin (each fails on its behaviour)', () => {
    it('reads last_assistant_message first: a promise there ends the loop even when the transcript lags (claude-code#81825)', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      // The transcript holds no assistant line yet: the official hook deleted the state here.
      ws.transcript().user('Build the thing').write();
      const result = await stop(loop, ws, { last_assistant_message: 'All done.\n<promise>DONE</promise>' });
      assertSystemMessageContains(result, '✅ Ralph loop finished: detected <promise>DONE</promise>');
      expect(ws.exists(loop.stateFile)).toBe(false);
    });

    it('a transcript with no assistant line yet is not an error: the loop continues', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      ws.transcript().user('Build the thing').write();
      const result = await stop(loop, ws, { last_assistant_message: undefined });
      assertJsonBlock(result);
      expect(readLoopState(ws, loop)?.iteration).toBe(2);
    });

    it('falls back to the transcript, joining the text blocks of the last message across lines', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      ws.transcript()
        .assistant('An older message <promise>DONE</promise>')
        .assistant(
          [
            { type: 'text', text: 'Tests pass. Finishing with' },
            { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'npm test' } },
            { type: 'text', text: '<promise>\n  DONE\n</promise>' },
          ],
          { messageId: 'msg_last' },
        )
        .write();
      const result = await stop(loop, ws, { last_assistant_message: undefined });
      assertSystemMessageContains(result, 'detected <promise>DONE</promise>');
    });

    it('skips sidechain (subagent) lines in the transcript', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      ws.transcript().assistant('Delegating the last step.').sidechain('<promise>DONE</promise>').write();
      const result = await stop(loop, ws, { last_assistant_message: undefined });
      assertJsonBlock(result);
    });

    it('a turn that ends in a tool call is not an error: the loop continues (claude-code#23178)', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      ws.transcript().assistant('Running the tests.').toolUse('Bash', { command: 'npm test' }).write();
      const result = await stop(loop, ws, { last_assistant_message: undefined });
      assertJsonBlock(result);
      expect(result.stderr).toBe('');
      expect(readLoopState(ws, loop)?.iteration).toBe(2);
    });

    it('text equal to the promise without tags does not end the loop (claude-code#81827)', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      const result = await stop(loop, ws, { last_assistant_message: 'DONE' });
      assertJsonBlock(result);
      expect(ws.exists(loop.stateFile)).toBe(true);
    });

    it('a tag with another text does not end the loop', async () => {
      const ws = workspace();
      writeLoopState(ws, loop);
      assertJsonBlock(await stop(loop, ws, { last_assistant_message: '<promise>NOT DONE</promise>' }));
    });

    it('the first Stop input claims a loop whose state has no session_id (plugins-official#370)', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { session: '' });
      assertJsonBlock(await stop(loop, ws, { session_id: 'session-a' }));
      expect(readLoopState(ws, loop)?.session).toBe('session-a');
    });

    it('other sessions pass through and leave the claimed loop alone', async () => {
      const ws = workspace();
      const file = writeLoopState(ws, loop, { session: 'session-a', iteration: 5, maxIterations: 5 });
      const before = readFileSync(file, 'utf8');
      assertSilent(await stop(loop, ws, { session_id: 'session-b', last_assistant_message: '<promise>DONE</promise>' }));
      expect(readFileSync(file, 'utf8')).toBe(before);
    });

    it('the reason a loop ended reaches the user in systemMessage, not only stderr', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 5, maxIterations: 5 });
      const result = await stop(loop, ws);
      expect(result.json).toEqual({ systemMessage: '🛑 Ralph loop stopped: max iterations (5) reached. Start again with /ralph-loop.' });
      expect(ws.exists(loop.stateFile)).toBe(false);
    });

    it('the re-fed prompt has no leading blank line', async () => {
      const ws = workspace();
      writeLoopState(ws, loop, { prompt: '\n\nLine one\n\nLine two' });
      const result = await stop(loop, ws);
      expect(result.json?.reason).toBe('Line one\n\nLine two');
    });

    it('state updates are atomic: claiming the loop renames a new file over the old one, no temporary left behind', async () => {
      const ws = workspace();
      const file = writeLoopState(ws, loop);
      const inode = statSync(file).ino;
      assertJsonBlock(await stop(loop, ws));
      expect(statSync(file).ino).not.toBe(inode);
      expect(readdirSync(ws.path('.claude'))).toEqual([loop.stateFile.split('/').pop()]);
    });

    it('--max-iterations=5 and --max-iterations 5 both work (claude-code#18646)', () => {
      for (const args of [['--max-iterations=5'], ['--max-iterations', '5']]) {
        const ws = workspace();
        const result = runSetup(loop, ws, ['Build', 'the', 'thing', ...args, '--completion-promise=DONE']);
        expect(result.status, result.stderr).toBe(0);
        expect(readLoopState(ws, loop)).toMatchObject({ iteration: 1, maxIterations: 5, promise: 'DONE' });
      }
    });

    it('the default limit is finite (20) and configurable; 0 only when asked for (plugins-official#1699)', () => {
      const ws = workspace();
      expect(runSetup(loop, ws, ['Build']).status).toBe(0);
      expect(readLoopState(ws, loop)?.maxIterations).toBe(20);
      const custom = generateLoop(runtime, { maxIterations: 7 });
      expect(runSetup(custom, ws, ['Build']).status).toBe(0);
      expect(readLoopState(ws, custom)?.maxIterations).toBe(7);
      expect(runSetup(loop, ws, ['Build', '--max-iterations', '0']).status).toBe(0);
      expect(readLoopState(ws, loop)?.maxIterations).toBe(0);
    });
  });

  describe('setup script and commands', () => {
    it('writes the state with the prompt, a null promise and the session when it is known', () => {
      const ws = workspace();
      const result = runSetup(loop, ws, ['Fix', 'the', 'build'], { CLAUDE_CODE_SESSION_ID: 'session-z' });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('Ralph loop activated');
      expect(readLoopState(ws, loop)).toMatchObject({ iteration: 1, session: 'session-z', promise: null });
    });

    it('prints the promise rules when a promise is set', () => {
      const ws = workspace();
      const result = runSetup(loop, ws, ['Fix it', '--completion-promise', 'ALL GREEN']);
      expect(result.stdout).toContain('<promise>ALL GREEN</promise>');
    });

    it.each([
      [['--max-iterations', 'ten', 'x'], 'expected a whole number'],
      [['--max-iterations'], 'needs'],
      [['--completion-promise=', 'x'], 'empty'],
      [[], 'no prompt'],
      [['--max-iteration=5', 'x'], "unknown option '--max-iteration=5'"],
    ])('refuses %j with exit 1 and writes nothing', (args, message) => {
      const ws = workspace();
      const result = runSetup(loop, ws, args);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(message);
      expect(ws.exists(loop.stateFile)).toBe(false);
    });

    it('a long prompt (100,000 words) costs linear time: accepted well under the bound', () => {
      // Checking that the prompt is not all blanks with ${prompt//[[:space:]]/} was quadratic:
      // minutes for this prompt. A glob finds the first non-blank in microseconds.
      const ws = workspace();
      const words = Array.from({ length: 100_000 }, (_, i) => `w${i}`);
      const result = runSetup(loop, ws, words, {}, 20_000);
      expect(result.error, 'the setup script was still running after 20 s').toBeUndefined();
      expect(result.status, result.stderr).toBe(0);
      expect(readFileSync(ws.path(loop.stateFile), 'utf8')).toContain('w99999');
    }, 40_000);

    it('-- keeps words that start with -- in the prompt', () => {
      const ws = workspace();
      expect(runSetup(loop, ws, ['--', '--verbose', 'flag']).status).toBe(0);
      expect(readFileSync(ws.path(loop.stateFile), 'utf8')).toContain('--verbose flag');
    });

    it('--cancel removes the loop and says at which iteration it was', () => {
      const ws = workspace();
      writeLoopState(ws, loop, { iteration: 4 });
      expect(runSetup(loop, ws, ['--cancel']).stdout.trim()).toBe('Cancelled Ralph loop (was at iteration 4)');
      expect(ws.exists(loop.stateFile)).toBe(false);
      expect(runSetup(loop, ws, ['--cancel']).stdout.trim()).toBe('No active Ralph loop found.');
    });

    it('the /ralph-loop block, run the way Claude Code runs it (arguments written into its text), stores a hostile prompt byte for byte and runs nothing', () => {
      const ws = workspace();
      const command = readFileSync(loop.project.file('.claude/commands/ralph-loop.md'), 'utf8');
      const block = /```!\n([\s\S]*?)```/.exec(command)![1]!;
      const prompt = 'fix the `parse` function $(touch CANARY1) `touch CANARY2` "double" \'single\' ; touch CANARY3 && echo \\\nsecond line $HOME ${PATH} \'unbalanced';
      const args = `${prompt}\n  --max-iterations 3 --completion-promise "ALL DONE"`;
      // The block names the script from the project root; this workspace is another folder.
      const script = block.replace(' .claude/hooks/', ` ${loop.project.root}/.claude/hooks/`).replaceAll('$ARGUMENTS', args);
      const { CLAUDE_PROJECT_DIR: _unset, ...env } = process.env;
      const result = spawnSync('bash', ['-c', script], { cwd: ws.dir, env, encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      for (const canary of ['CANARY1', 'CANARY2', 'CANARY3']) expect(ws.exists(canary)).toBe(false);
      expect(readLoopState(ws, loop)).toMatchObject({ iteration: 1, maxIterations: 3, promise: 'ALL DONE' });
      const text = readFileSync(ws.path(loop.stateFile), 'utf8');
      const stored = runtime === 'node' ? JSON.parse(text).prompt : text.slice(text.indexOf('\n---\n') + 6).replace(/^\n/, '').replace(/\n$/, '');
      expect(stored).toBe(prompt);
    });

    it.each([
      ['Fix the parser; it is broken --completion-promise DONE --max-iterations 3', 'Fix the parser; it is broken', 'DONE', 3],
      ['"Build X" --max-iterations=5 --completion-promise=\'ALL DONE\'', 'Build X', 'ALL DONE', 5],
      ['--max-iterations 2 -- --verbose is a flag', '--verbose is a flag', null, 2],
    ])('--arguments-on-stdin reads %j as a command line would, without a shell', (text, prompt, promise, max) => {
      const ws = workspace();
      const argv = loop.runtime === 'node' ? [process.execPath, loop.setup] : ['bash', loop.setup];
      const result = spawnSync(argv[0]!, [...argv.slice(1), '--arguments-on-stdin'], { cwd: ws.dir, input: `${text}\n`, env: { ...process.env, CLAUDE_PROJECT_DIR: ws.dir }, encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      expect(readLoopState(ws, loop)).toMatchObject({ maxIterations: max, promise });
      expect(result.stdout).toContain(`\n${prompt}\n`);
    });

    it('--arguments-on-stdin --checked takes text ending with the mark line, and refuses text cut short without it (nothing written)', () => {
      const ws = workspace();
      const argv = loop.runtime === 'node' ? [process.execPath, loop.setup] : ['bash', loop.setup];
      const run = (input: string) => spawnSync(argv[0]!, [...argv.slice(1), '--arguments-on-stdin', '--checked'], { cwd: ws.dir, input, env: { ...process.env, CLAUDE_PROJECT_DIR: ws.dir }, encoding: 'utf8' });
      const cut = run('fix this:\n');
      expect(cut.status).toBe(1);
      expect(cut.stderr).toContain("ralph-loop: the arguments were cut short: Claude Code ends the command's shell block at the first ``` (three backticks) in them; write the prompt without ```");
      expect(readLoopState(ws, loop)).toBeUndefined();
      const whole = run('fix this\n!RALPH_LOOP_ARGUMENTS_COMPLETE\ntoo --max-iterations 4\n!RALPH_LOOP_ARGUMENTS_COMPLETE\n');
      expect(whole.status, whole.stderr).toBe(0);
      expect(readLoopState(ws, loop)).toMatchObject({ maxIterations: 4 });
      expect(whole.stdout).toContain('\nfix this\n!RALPH_LOOP_ARGUMENTS_COMPLETE\ntoo\n');
    });

    it('generates /ralph-loop and /cancel-ralph running the setup script', () => {
      const ext = runtime === 'node' ? 'cjs' : 'sh'; // node: the CommonJS launchers
      const start = readFileSync(loop.project.file('.claude/commands/ralph-loop.md'), 'utf8');
      // No variable and no $ARGUMENTS on the command line: Claude Code's permission check refuses both.
      expect(start).toContain(`${runtime} .claude/hooks/stop-watcher-setup.${ext} --arguments-on-stdin --checked <<'!RALPH_LOOP_ARGUMENTS_END'\n$ARGUMENTS\n!RALPH_LOOP_ARGUMENTS_COMPLETE\n!RALPH_LOOP_ARGUMENTS_END\n`);
      expect(start).toContain(`allowed-tools: ['Bash(${runtime} .claude/hooks/stop-watcher-setup.${ext} --arguments-on-stdin:*)']`);
      const cancel = readFileSync(loop.project.file('.claude/commands/cancel-ralph.md'), 'utf8');
      expect(cancel).toContain(`stop-watcher-setup.${ext} --cancel`);
      const settings = JSON.parse(readFileSync(loop.project.file('.claude/settings.json'), 'utf8'));
      expect(settings.hooks.Stop[0].hooks[0].command).toBe(`${runtime} "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.${ext}`);
    });
  });

  describe('loop replay', () => {
    it('runs 3 iterations and ends on the promise', async () => {
      const ws = workspace();
      expect(runSetup(loop, ws, ['Make the tests pass', '--completion-promise', 'DONE', '--max-iterations', '10']).status).toBe(0);
      const result = await replayStopLoop({
        hook: loop.hook,
        workspace: ws,
        firstTurn: { reply: 'Started on the tests.', tools: [{ name: 'Bash' }] },
        agent: [
          { reply: 'Fixed two tests.', tools: [{ name: 'Edit' }] },
          { reply: 'All tests pass.\n<promise>DONE</promise>', tools: [{ name: 'Bash' }] },
        ],
        input: { session_id: 'session-a' },
      });
      assertLoopEnd(result, { endedBy: 'stopped', iterations: 3, blocks: 2 });
      expect(result.history.map((it) => it.reason)).toEqual(['Make the tests pass', 'Make the tests pass', undefined]);
      assertSystemMessageContains(result.history[2]!.result, 'detected <promise>DONE</promise> at iteration 3');
      expect(ws.exists(loop.stateFile)).toBe(false);
    });

    it('ends at max iterations with the reason in systemMessage', async () => {
      const ws = workspace();
      expect(runSetup(loop, ws, ['Keep going', '--completion-promise', 'DONE', '--max-iterations', '4']).status).toBe(0);
      const result = await replayStopLoop({
        hook: loop.hook,
        workspace: ws,
        agent: [{ reply: 'Not there yet (DONE is a word, not a tag).', tools: [{ name: 'Edit' }] }],
        input: { session_id: 'session-a' },
      });
      assertLoopEnd(result, { endedBy: 'stopped', iterations: 4, blocks: 3 });
      assertSystemMessageContains(result.history[3]!.result, '🛑 Ralph loop stopped: max iterations (4) reached');
    });

    it('ignores another session', async () => {
      const ws = workspace();
      expect(runSetup(loop, ws, ['Owner task', '--max-iterations', '5'], { CLAUDE_CODE_SESSION_ID: 'owner' }).status).toBe(0);
      const before = readFileSync(ws.path(loop.stateFile), 'utf8');
      const result = await replayStopLoop({ hook: loop.hook, workspace: ws, agent: [{ reply: 'x' }], input: { session_id: 'intruder' } });
      assertLoopEnd(result, { endedBy: 'stopped', iterations: 1, blocks: 0 });
      assertSilent(result.history[0]!.result);
      expect(readFileSync(ws.path(loop.stateFile), 'utf8')).toBe(before);
    });
  });
});

describe.each(RUNTIMES)('loop preset (%s runtime): hostile bytes', (runtime) => {
  const loop = loops[runtime]!;

  it('invalid UTF-8 in the state file never reaches stdout: the answer is valid UTF-8 JSON', async () => {
    const ws = workspace();
    const file = writeLoopState(ws, loop, { prompt: 'PROMPT_MARK', promise: 'PROMISE_MARK' });
    const bytes = readFileSync(file);
    const patched = Buffer.from(bytes.toString('latin1').replace('PROMPT_MARK', 'Build \xc3\x28 the caf\xc3\xa9 \xff\xfe thing').replace('PROMISE_MARK', 'DO\xffNE'), 'latin1');
    writeFileSync(file, patched);
    for (const env of [{}, { CLAUDE_PROJECT_DIR: undefined }]) {
      // Raw bytes: runHook decodes stdout, which would hide invalid UTF-8.
      const { CLAUDE_PROJECT_DIR: _drop, ...base } = process.env;
      const result = spawnSync(runtime === 'node' ? process.execPath : 'bash', [loop.hook], {
        cwd: ws.dir,
        input: JSON.stringify(stopInput({ cwd: ws.dir, session_id: 'session-a', last_assistant_message: 'working' })),
        env: 'CLAUDE_PROJECT_DIR' in env ? base : { ...base, CLAUDE_PROJECT_DIR: ws.dir },
      });
      expect(result.stderr.toString()).toBe('');
      const out = result.stdout;
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(out)).not.toThrow();
      const answer = JSON.parse(out.toString('utf8'));
      expect(answer.decision).toBe('block');
      expect(answer.reason).toContain('caf\u00e9');
      writeFileSync(file, patched);
    }
  });

  it('NUL bytes in the input and the state: nothing on stderr (no shell warning), one JSON answer', async () => {
    const ws = workspace();
    // bash: a raw NUL in the prompt's lines; node (JSON): an escaped one, which parsing turns into NUL.
    const file = writeLoopState(ws, loop, { prompt: 'Build\u0000it' });
    if (runtime === 'bash') writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from('more\u0000text\n')]));
    const input = `${JSON.stringify({ cwd: ws.dir, session_id: 'session-a', transcript_path: 'a\u0000b', last_assistant_message: 'x\u0000y', stop_hook_active: false })}\u0000\n`;
    for (const env of [{}, { CLAUDE_PROJECT_DIR: undefined }]) {
      const result = await runHook(loop.hook, input.replace('\u0000\n', '\n'), { cwd: ws.dir, env });
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout).decision).toBe('block');
    }
  });
});

describe.each(RUNTIMES)('loop preset (%s runtime): files and sizes', (runtime) => {
  const loop = loops[runtime]!;

  it('control characters in the prompt (ESC, BEL) reach the answer byte for byte', async () => {
    const ws = workspace();
    const prompt = 'Build \u001b[1mthe\u001b[0m thing\u0007 \u0001\u001f done';
    writeLoopState(ws, loop, { prompt });
    const result = await stop(loop, ws, { last_assistant_message: 'working' });
    expect(result.json?.reason).toBe(prompt);
    expect(result.stdout).toContain('\\u001b[1m');
  });

  it('a state file larger than 1 MiB ends the loop as corrupt at once; it is not fed back', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { prompt: 'Build the thing\n'.repeat(140_000), promise: null, maxIterations: 0 });
    const result = await stop(loop, ws, { last_assistant_message: 'working' }, {}, 60_000);
    expect(result.json?.decision).toBeUndefined();
    assertSystemMessageContains(result, 'is corrupted');
    expect(result.stdout.length).toBeLessThan(1000);
  });

  it('a prompt just under 1 MiB of short lines costs linear time: well under the bound, fed back whole', async () => {
    // Bash's ${text//x/y} copies the rest of the text at every match: on 20 000 lines the
    // old quoting took minutes. Linear quoting takes well under a second; the bound is generous.
    const ws = workspace();
    const prompt = Array.from({ length: 20_000 }, (_, i) => `step ${i}: do "it" \\ now\t\u001b[0m é`).join('\n');
    writeLoopState(ws, loop, { prompt, promise: null, maxIterations: 0 });
    const result = await stop(loop, ws, { last_assistant_message: 'working' }, {}, 30_000);
    expect(result.timedOut).toBe(false);
    expect(result.json?.reason).toBe(prompt);
  }, 60_000);

  it('long lines cost linear time: one 1 MB line, frontmatter values of 60 000 blanks (bash patterns on them took seconds each)', async () => {
    const ws = workspace();
    ws.write(loop.stateFile, 'a'.repeat(1_000_000));
    const single = await stop(loop, ws, { last_assistant_message: 'working' }, {}, 8_000);
    expect(single.timedOut).toBe(false);
    assertSystemMessageContains(single, 'is corrupted');
    if (runtime === 'bash') {
      const blanks = ' '.repeat(60_000);
      ws.write(loop.stateFile, ['---', `iteration:${blanks}`, `session_id:${blanks}`, `completion_promise:${blanks}`, 'iteration: 2', 'max_iterations: 5', '---', '', 'Go on', ''].join('\n'));
      const padded = await stop(loop, ws, { last_assistant_message: 'working' }, {}, 8_000);
      expect(padded.timedOut).toBe(false);
      expect(padded.json).toMatchObject({ decision: 'block', reason: 'Go on' });
    }
  }, 30_000);

  it('a state file no one may read (mode 000): silent, exit 0, the file left as it is', () => {
    const ws = workspace();
    const file = writeLoopState(ws, loop);
    const before = readFileSync(file, 'utf8');
    const result = runWithUnreadable({
      file,
      command: [runtime === 'node' ? process.execPath : 'bash', loop.hook],
      cwd: ws.dir,
      input: JSON.stringify(stopInput({ cwd: ws.dir, session_id: 'session-a', last_assistant_message: 'working' })),
      open: [ws.dir, loop.project.root],
      env: { CLAUDE_PROJECT_DIR: ws.dir },
    });
    expect(result).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a hard link to the state file is not written through; a state folder linked out of the project is left alone', async () => {
    const ws = workspace();
    const file = writeLoopState(ws, loop, { promise: null });
    const before = readFileSync(file, 'utf8');
    linkSync(file, ws.path('other-name'));
    expect((await stop(loop, ws, { last_assistant_message: 'working' })).json?.decision).toBe('block');
    expect(readLoopState(ws, loop)?.iteration).toBe(2);
    expect(readFileSync(ws.path('other-name'), 'utf8')).toBe(before);

    const outside = workspace();
    const moved = writeLoopState(outside, loop, { promise: null });
    const kept = readFileSync(moved, 'utf8');
    const linked = workspace();
    symlinkSync(dirname(moved), linked.path('.claude'));
    const result = await stop(loop, linked, { last_assistant_message: 'working' });
    assertSilent(result);
    expect(readFileSync(moved, 'utf8')).toBe(kept);
  });
});

describe('loop preset, bash runtime only', () => {
  const loop = loops.bash!;

  it('frontmatter values are trimmed of spaces and tabs on both sides, with or without a space after the colon', async () => {
    const ws = workspace();
    ws.write(loop.stateFile, ['---', 'active:true', 'iteration:\t 3 \t', 'session_id:  session-a', 'max_iterations:4', 'completion_promise: \t"DONE" ', '---', '', 'Go on', ''].join('\n'));
    const result = await stop(loop, ws, { last_assistant_message: 'working' });
    assertJsonBlock(result);
    assertSystemMessageContains(result, 'Ralph iteration 4/4 | To stop: output <promise>DONE</promise>');
    expect(readLoopState(ws, loop)).toMatchObject({ iteration: 4, session: 'session-a', maxIterations: 4, promise: 'DONE' });
    assertSystemMessageContains(await stop(loop, ws, { last_assistant_message: 'working' }), 'max iterations (4) reached');
  });

  it("a claimed loop's continuation writes the new count in place: the same file, every other byte kept, nothing beside it", async () => {
    const ws = workspace();
    const file = writeLoopState(ws, loop, { session: 'session-a', iteration: 3, maxIterations: 0, prompt: 'Line one\n\n---\niteration: 3\n' });
    const before = readFileSync(file, 'utf8');
    const inode = statSync(file).ino;
    assertJsonBlock(await stop(loop, ws, { last_assistant_message: 'working' }));
    expect(statSync(file).ino).toBe(inode);
    expect(readFileSync(file, 'utf8')).toBe(before.replace('\niteration: 3\n', '\niteration: 4\n'));
    expect(readdirSync(ws.path('.claude'))).toEqual([loop.stateFile.split('/').pop()]);
  });

  it('a count that gains a digit, a second name (hard link) or CRLF line ends: a new file renamed over the old one, as when claiming', async () => {
    const ws = workspace();
    const file = writeLoopState(ws, loop, { session: 'session-a', iteration: 9, maxIterations: 0 });
    let inode = statSync(file).ino;
    assertJsonBlock(await stop(loop, ws, { last_assistant_message: 'working' }));
    expect(statSync(file).ino).not.toBe(inode);
    expect(readLoopState(ws, loop)?.iteration).toBe(10);

    const kept = readFileSync(file, 'utf8');
    linkSync(file, ws.path('other-name'));
    assertJsonBlock(await stop(loop, ws, { last_assistant_message: 'working' }));
    expect(readLoopState(ws, loop)?.iteration).toBe(11);
    expect(readFileSync(ws.path('other-name'), 'utf8')).toBe(kept);

    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('\n', '\r\n'));
    inode = statSync(file).ino;
    assertJsonBlock(await stop(loop, ws, { last_assistant_message: 'working' }));
    expect(statSync(file).ino).not.toBe(inode);
    expect(readFileSync(file, 'utf8')).toBe(kept.replace('iteration: 10', 'iteration: 12'));
    expect(readdirSync(ws.path('.claude')).sort()).toEqual([loop.stateFile.split('/').pop()]);
  });

  it('reads the state file the official setup script writes (no session_id line, max 0, unescaped quotes)', async () => {
    const ws = workspace();
    ws.write(
      '.claude/ralph-loop.local.md',
      ['---', 'active: true', 'iteration: 1', 'max_iterations: 3', 'completion_promise: "say "hi""', 'started_at: "2026-08-22T10:00:00Z"', '---', '', 'Prompt with --- inside', '---', 'and more', ''].join('\n'),
    );
    const result = await stop(loop, ws, { last_assistant_message: 'nope' });
    expect(result.json?.reason).toBe('Prompt with --- inside\n---\nand more');
    const text = ws.read('.claude/ralph-loop.local.md');
    expect(text).toContain('iteration: 2\n');
    expect(text).toContain('session_id: session-a\n---\n');
    const done = await stop(loop, ws, { last_assistant_message: '<promise>say "hi"</promise>' });
    assertSystemMessageContains(done, 'Ralph loop finished');
  });

  it('a state file with CRLF line ends reads exactly as the same file with LF (and is written back as LF)', async () => {
    const answers = [];
    for (const ending of ['\n', '\r\n']) {
      const ws = workspace();
      ws.write('.claude/ralph-loop.local.md', ['---', 'active: true', 'iteration: 1', 'max_iterations: 3', 'completion_promise: "DONE"', '---', '', 'Line one', '', 'Line \u001b[1mtwo\u001b[0m', ''].join(ending));
      const result = await stop(loop, ws, { last_assistant_message: 'nope' });
      answers.push({ json: result.json, stderr: result.stderr, state: ws.read('.claude/ralph-loop.local.md') });
    }
    expect(answers[0]!.json?.reason).toBe('Line one\n\nLine \u001b[1mtwo\u001b[0m');
    expect(answers[1]).toEqual(answers[0]);
  });

  it('a state file without max_iterations gets the configured default', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { maxIterations: null, iteration: 20 });
    assertSystemMessageContains(await stop(loop, ws), 'max iterations (20)');
  });

  it('without jq it fails open, silently unless RALPH_HOOKS_DEBUG=1', async () => {
    const ws = workspace();
    writeLoopState(ws, loop);
    const bin = ws.path('bin');
    mkdirSync(bin);
    for (const tool of ['cat', 'tail', 'mv', 'rm', 'dirname', 'date']) symlinkSync(execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(), join(bin, tool));
    const run = (env: Record<string, string>) => runHook({ script: loop.hook, interpreter: execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim() }, stopInput({ cwd: ws.dir }), { cwd: ws.dir, env: { PATH: bin, ...env } });
    assertSilent(await run({}));
    const result = await run({ RALPH_HOOKS_DEBUG: '1' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^\[ralph-loop\] jq not found on PATH.*allowing the stop\n$/);
  });

  it('the generated scripts are shellcheck-clean', () => {
    for (const file of [loop.hook, loop.setup]) {
      const result = spawnSync('shellcheck', ['--severity=style', file], { encoding: 'utf8' });
      expect(result.stdout + result.stderr, file).toBe('');
      expect(result.status).toBe(0);
    }
  });
});

describe('loop preset, node runtime only', () => {
  const loop = loops.node!;

  it('appends the guidance under its own heading', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { guidance: 'Prefer small commits.' });
    const result = await stop(loop, ws);
    expect(result.json?.reason).toBe('Build the thing\n\n## Guidance\nPrefer small commits.');
  });

  it('accepts the seed\'s notebookLmGuidance field too', async () => {
    const ws = workspace();
    writeLoopState(ws, loop);
    const state = JSON.parse(ws.read(loop.stateFile));
    ws.write(loop.stateFile, { ...state, notebookLmGuidance: 'Read the docs.' });
    expect((await stop(loop, ws)).json?.reason).toBe('Build the thing\n\n## Guidance\nRead the docs.');
  });

  it('a state file that is not JSON ends the loop with a message', async () => {
    const ws = workspace();
    ws.write(loop.stateFile, '{ nope');
    const result = await stop(loop, ws);
    assertSystemMessageContains(result, 'corrupted (not a JSON object)');
  });

  it('a state path that is no regular file (a link to /dev/zero, a FIFO) ends the loop at once instead of reading forever', async () => {
    for (const make of [(path: string) => symlinkSync('/dev/zero', path), (path: string) => execFileSync('mkfifo', [path])]) {
      const ws = workspace();
      mkdirSync(join(ws.dir, '.claude'), { recursive: true });
      make(join(ws.dir, loop.stateFile));
      const result = await stop(loop, ws);
      expect(result.exitCode).toBe(0);
      assertSystemMessageContains(result, 'corrupted (not a JSON object)');
    }
  });

  it('a lock released and taken again by other stops between two of its looks: it waits its turn and answers', async () => {
    // Fault injection (a module loaded before the hook, through Node's own options): the
    // state's lock is held when the hook first tries it; at the hook's next look the lock is
    // gone, and right after that look it is back (released by one stop, taken by a third);
    // a look later it is released for good. A hook that took the lock it then saw for a
    // planted file would let the agent stop without a word.
    const ws = workspace();
    const state = writeLoopState(ws, loop, { session: 'session-a', maxIterations: 10, promise: null });
    const preload = join(ws.dir, 'churn-lock.mjs');
    writeFileSync(preload, `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const lock = ${JSON.stringify(`${state}.lock`)};
const { openSync, writeSync, closeSync, unlinkSync } = fs; // the real ones, kept before the patch
const take = () => { const fd = openSync(lock, 'wx'); writeSync(fd, String(process.ppid)); closeSync(fd); };
let looks = -1; // -1: the hook has not tried the lock yet
for (const name of ['openSync', 'statSync', 'lstatSync']) {
  const real = fs[name];
  fs[name] = function (path, ...rest) {
    if (path !== lock) return real.call(this, path, ...rest);
    if (looks === -1 && rest[0] === 'wx') { looks = 0; take(); return real.call(this, path, ...rest); }
    if (looks < 0) return real.call(this, path, ...rest);
    looks += 1;
    if (looks === 1) { unlinkSync(lock); try { return real.call(this, path, ...rest); } finally { take(); } }
    if (looks === 3) unlinkSync(lock);
    return real.call(this, path, ...rest);
  };
}
syncBuiltinESMExports();
`);
    const result = await stop(loop, ws, {}, { NODE_OPTIONS: `--import=${preload}`, RALPH_HOOKS_DEBUG: '1' });
    assertJsonBlock(result);
    expect(readLoopState(ws, loop)?.iteration).toBe(2);
  });

  it('is plain ESM with only node: imports, runnable without a compiler', () => {
    for (const file of [loop.hook, loop.setup]) {
      const source = readFileSync(file, 'utf8');
      const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      expect(imports.every((name) => name!.startsWith('node:')), imports.join(', ')).toBe(true);
      expect(source).not.toMatch(/\b(interface|type \w+ =|as const)\b/);
      const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
      expect(check.status, check.stderr).toBe(0);
    }
  });

  it('goes to commands/ and runs through ${CLAUDE_PLUGIN_ROOT} in a plugin', async () => {
    const { generateProject } = await import('../helpers/generate.js');
    const project = generateProject({ target: 'claude-plugin', hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime: 'node' } }] });
    const start = readFileSync(project.file('commands/ralph-loop.md'), 'utf8');
    expect(start).toContain(`node "\${CLAUDE_PLUGIN_ROOT}"/hooks/scripts/stop-watcher-setup.cjs --arguments-on-stdin --checked <<'!RALPH_LOOP_ARGUMENTS_END'
$ARGUMENTS
`);
    const hooks = JSON.parse(readFileSync(project.file('hooks/hooks.json'), 'utf8'));
    expect(hooks.hooks.Stop[0].hooks[0].command).toBe('node "${CLAUDE_PLUGIN_ROOT}"/hooks/scripts/stop-watcher.cjs');
  });

  it('starts and runs from a project folder whose path holds a backslash (Node\'s ES module loader refuses such an entry)', async () => {
    const { generateProject } = await import('../helpers/generate.js');
    const root = join(tempDir('rh-backslash-'), 'my\\project');
    mkdirSync(root);
    generateProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime: 'node' } }] } as never, root);
    // The setup line of /ralph-loop and the registered Stop command, as they are written.
    const setupLine = readFileSync(join(root, '.claude/commands/ralph-loop.md'), 'utf8').split('\n').find((line) => line.startsWith('node '))!;
    // What the command's here-document hands over: the arguments, then the line that says they are whole.
    const setup = spawnSync('bash', ['-c', setupLine.replace(/ <<.*$/, '')], { cwd: root, input: 'Build the thing\n!RALPH_LOOP_ARGUMENTS_COMPLETE\n', encoding: 'utf8' });
    expect(setup.stderr).toBe('');
    expect(setup.status).toBe(0);
    const command = JSON.parse(readFileSync(join(root, '.claude/settings.json'), 'utf8')).hooks.Stop[0].hooks[0].command;
    const input = JSON.stringify(stopInput({ cwd: root, session_id: 'session-a', last_assistant_message: 'working' }));
    const result = spawnSync('bash', ['-c', command], { cwd: root, input, encoding: 'utf8', env: { ...process.env, CLAUDE_PROJECT_DIR: root } });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'block', reason: 'Build the thing' });
  });
});
