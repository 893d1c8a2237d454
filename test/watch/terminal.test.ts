/**
 * The live view as a person sees it: `ralph-hooks watch` in a real terminal (tmux, on a server
 * of its own), while the test appends the records a loop would write. The screen is captured
 * until it shows each new iteration, its totals and its budget; a key switches session; a log
 * truncated and then removed under it changes the screen, not the process; `q` gives the
 * terminal back and ends the command with 0.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, snapshot, tempDir } from '../helpers/cli.js';
import { iso, lines, stop, writeFile, writeLog } from '../loop-report/fixtures.js';
import { waitUntil } from './waiting.js';

const SERVER = `ralph-hooks-watch-${process.pid}`;
const tmux = (...args: string[]) => spawnSync('tmux', ['-L', SERVER, '-f', '/dev/null', ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', 'watch').stdout;
const showsAll = (...texts: Array<string | RegExp>) => (seen: string) => texts.every((t) => (typeof t === 'string' ? seen.includes(t) : t.test(seen)));

afterAll(() => {
  // This test's own tmux server, by its name: nothing else runs on it.
  tmux('kill-server');
});

describe('ralph-hooks watch in a terminal', () => {
  it('shows each new iteration, its totals and budget; switches session; survives a log cut and removed; q quits', async () => {
    expect(spawnSync('tmux', ['-V']).status, 'tmux must be on PATH (Debian: apt-get install tmux; .ci/run installs it)').toBe(0);
    const root = tempDir();
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop', options: { maxTokens: 100_000 } }, { kind: 'guard', preset: 'guard' }] }));
    // Loops started now, so the clock the view shows is a live one.
    const now = Date.now();
    const atA = (n: number) => ({ at: iso(now + n * 1000), loopStarted: iso(now) });
    const logA = writeLog(root, 'sess-a', lines([stop(1, 0, { ...atA(1), task: 'Write the tokenizer' })]));
    const before = snapshot(root);

    // The command's exit status is printed after it, so the test sees how it ended.
    const command = `'${process.execPath}' '${CLI}' watch --interval 50; echo "watch exited with $?"; exec sleep 600`;
    const started = tmux('new-session', '-d', '-s', 'watch', '-x', '110', '-y', '40', '-c', root, 'bash', '-c', command);
    expect(started.stderr).toBe('');

    await waitUntil(screen, showsAll('Session sess-a', /> sess-a .* #1 .* 6,200 .* running/, 'tokens  [#.......................]   6%  6,200 of 100,000'), 'the first iteration');

    appendFileSync(join(root, logA), lines([stop(2, 0, { ...atA(2), task: 'Parse expressions' })]));
    await waitUntil(screen, showsAll(/> sess-a .* #2 .* 13,400 .* running/, 'iteration  2', 'task       Parse expressions', '13%  13,400 of 100,000'), 'the second iteration');

    writeFile(root, '.ralph-hooks/logs/guard.log', `${iso(now + 2500).slice(0, 19)}+0000\tfs-destroy\tBash\trm -rf /\n`);
    await waitUntil(screen, showsAll('Guard denials (1 in this loop)', /fs-destroy +Bash +rm -rf \//), 'the denial');

    // A second session starts: the view follows the newest Stop until a key picks one.
    const logB = writeLog(root, 'sess-b', lines([stop(1, 0, { session: 'sess-b', agent: 'codex', at: iso(now + 5000), loopStarted: iso(now + 4000) })]));
    await waitUntil(screen, showsAll('Session sess-b', '2 sessions, 2 running', /> sess-b +Codex/), 'the second session');
    tmux('send-keys', '-t', 'watch', 'j');
    await waitUntil(screen, showsAll('Session sess-a', /> sess-a/), 'sess-a chosen with j');
    // Chosen, it stays chosen when the other session moves on.
    appendFileSync(join(root, logB), lines([stop(2, 0, { session: 'sess-b', agent: 'codex', at: iso(now + 6000), loopStarted: iso(now + 4000), decision: 'stop', reason: 'completed', message: 'Done.' })]));
    await waitUntil(screen, showsAll(/ {2}sess-b +Codex .* #2 .* completed/, 'Session sess-a'), 'sess-b ended, sess-a still shown');
    tmux('send-keys', '-t', 'watch', 'Up');
    await waitUntil(screen, showsAll('Session sess-b', 'status     ended: completed', 'message    Done.'), 'sess-b chosen with the up arrow');

    // Cut and rewritten, then removed: the screen follows, the process goes on.
    writeLog(root, 'sess-b', lines([stop(1, 0, { session: 'sess-b', agent: 'codex', at: iso(now + 7000), loopStarted: iso(now + 7000) })]));
    await waitUntil(screen, showsAll(/> sess-b +Codex .* #1 .* running/), 'sess-b read again from its start');
    rmSync(join(root, logB));
    await waitUntil(screen, showsAll('(its log was removed)'), 'the removed log marked');

    tmux('send-keys', '-t', 'watch', 'q');
    const after = await waitUntil(screen, showsAll('watch exited with 0'), 'the command to end');
    // The alternate screen is left: the view is gone from the terminal.
    expect(after).not.toContain('Session sess-');
    // The project holds what the test wrote, nothing more.
    expect(Object.keys(snapshot(root)).sort()).toEqual([...Object.keys(before), '.ralph-hooks/logs/guard.log'].sort());
  });
});
