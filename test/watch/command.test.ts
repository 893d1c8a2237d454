/**
 * `ralph-hooks watch` as a process, its output a pipe: --once (the view as text), --plain --once
 * (a line per session), the plain form following a log as records land (and as the log is
 * truncated and removed), and the usage errors. The project is never written to.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ralphHooks, snapshot, tempDir } from '../helpers/cli.js';
import { T0, guardLine, lines, realisticProject, stop, writeFile, writeLog } from '../loop-report/fixtures.js';
import { waitUntil } from './waiting.js';

const watch = (root: string, ...args: string[]) => ralphHooks(['watch', ...args], { cwd: root });

describe('ralph-hooks watch --once', () => {
  it('the view of every session as text, the last one in full; nothing written', () => {
    const root = tempDir();
    realisticProject(root);
    writeLog(root, 'sess-b', lines([stop(1, 30, { session: 'sess-b', agent: 'codex', usage: null, usageNote: 'no token_count event since the previous Stop', toolCalls: null })]));
    const before = snapshot(root);
    const result = watch(root, '--once');
    expect(result).toMatchObject({ status: 0, stderr: '' });
    const out = result.stdout;
    // The figures are the report's own for the same log.
    const totals = JSON.parse(ralphHooks(['report', '--session', 'sess-a', '--format', 'json'], { cwd: root }).stdout).sessions[0].totals;
    const tokens = (totals.tokens.input + totals.tokens.output + totals.tokens.cacheRead + totals.tokens.cacheWrite).toLocaleString('en-US');
    const cost = `$${totals.costUsd.toFixed(4)}`;
    expect(out.split('\n')[0]).toBe(`ralph-hooks watch  ${root}  ·  2 sessions, 1 running`);
    expect(out).toContain(`\n> sess-a              Claude Code  loop         #5   8 min 50 s      ${tokens}   ${cost}  completed\n`);
    expect(out).toMatch(/^ {2}sess-b +Codex CLI +loop +#1 +\d+ h \d+ min +- +- +running$/m);
    expect(out).toContain(`  cost       ${cost} (claude-sonnet-4-5)\n`);
    expect(out).toContain('  status     ended: completed\n');
    expect(out).toContain(`  tokens  [#######################.]  99%  ${tokens} of 400,000\n`);
    expect(out).toContain('  Guard denials (2 in this loop)\n');
    expect(out).toMatch(/^ {2}09:06:40 +secrets +Read +\.env$/m);
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    expect(out).not.toContain('\x1b');
    expect(snapshot(root)).toEqual(before);
  });

  it('--session shows that one; --plain a line per session', () => {
    const root = tempDir();
    realisticProject(root);
    writeLog(root, 'sess-b', lines([stop(1, 30, { session: 'sess-b' })]));
    expect(watch(root, '--once', '--session', 'sess-b').stdout).toContain('\nSession sess-b\n');
    const plain = watch(root, '--once', '--plain');
    expect(plain.status).toBe(0);
    const [a, b] = plain.stdout.split('\n').filter(Boolean);
    expect(a).toMatch(/^2026-11-28T09:08:50Z {2}sess-a {2}claude-code\/loop {2}#5 {2}ended: completed {2}tokens 397,455 {2}cost \$0\.\d{4} {2}tools 41 {2}task Report errors with line numbers$/);
    expect(b).toMatch(/^2026-11-28T09:00:30Z {2}sess-b {2}claude-code\/loop {2}#1 {2}running: iteration 2 under way \(last Stop .* ago\) {2}tokens 6,200 {2}cost \$0\.\d{4} {2}tools 3$/);
  });

  it('no log yet, an unknown session, a wrong flag', () => {
    const root = tempDir();
    expect(watch(root, '--once')).toMatchObject({ status: 0, stdout: expect.stringContaining('No loop has been recorded here yet: .ralph-hooks/state/loops/ does not exist.') });
    expect(watch(root, '--once', '--plain').stdout).toBe('No loop has been recorded here yet: .ralph-hooks/state/loops/ does not exist.\n');
    writeLog(root, 'first', lines([stop(1, 60, { session: 'first' })]));
    expect(watch(root, '--once', '--session', 'frist')).toMatchObject({ status: 1, stderr: "ralph-hooks watch: no session 'frist' in .ralph-hooks/state/loops/. Did you mean first?\nThe sessions:\n  first\n" });
    expect(watch(root, '--interval', '5')).toMatchObject({ status: 2, stderr: "ralph-hooks watch: --interval takes milliseconds, from 50 to 3600000, got '5'.\n" });
    expect(watch(root, '--onse')).toMatchObject({ status: 2, stderr: expect.stringContaining("unknown option '--onse'. Did you mean --once?") });
  });
});

describe('ralph-hooks watch, its output a pipe: a line per event', () => {
  it('follows the logs: each Stop, denial, end and log change as it lands', async () => {
    const root = tempDir();
    writeFile(root, 'ralph-hooks.config.json', JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop' }, { kind: 'guard', preset: 'guard' }] }));
    const log = writeLog(root, 'sess-a', lines([stop(1, 60), stop(2, 120)]));
    const child = spawn(process.execPath, [CLI, 'watch', '--interval', '50'], { cwd: root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const shows = (text: string) => waitUntil(() => out, (seen) => seen.includes(text), `"${text}" in the output`);
    try {
      await shows('sess-a  claude-code/loop  #2  running');
      appendFileSync(join(root, log), lines([stop(3, 180, { task: 'Parse expressions' })]));
      await waitUntil(() => out, (seen) => /\n2026-11-28T09:03:00Z {2}sess-a {2}claude-code\/loop {2}#3 continue {2}tokens \+8,200 = 21,600 {2}cost \+\$0\.\d{4} = \$0\.\d{4} {2}tools 3 {2}task Parse expressions\n/.test(seen), 'the third Stop');
      writeFile(root, '.ralph-hooks/logs/guard.log', guardLine(T0 + 190_000, 'fs-destroy'));
      await shows('2026-11-28T09:03:10Z  guard denied fs-destroy: Bash rm -rf /\n');
      appendFileSync(join(root, log), lines([stop(4, 240, { decision: 'stop', reason: 'completed', message: 'Done.' })]));
      await shows('#4 stop completed  tokens +9,200 = 30,800');
      writeLog(root, 'sess-a', lines([stop(1, 900)]));
      await shows(`${log} was truncated: read again from its start\n`);
      rmSync(join(root, log));
      await shows(`${log} was removed; its figures so far stay shown\n`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(err).toBe('');
    expect(out.split('\n')[0]).toMatch(/^2026-11-28T09:02:00Z {2}sess-a {2}claude-code\/loop {2}#2 {2}running/);
  });
});
