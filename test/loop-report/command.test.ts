/**
 * `ralph-hooks report` through the built CLI, as a user runs it: no log, an empty log, a
 * truncated line, each format, --session, --all, --out, and the usage errors.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ralphHooks, tempDir } from '../helpers/cli.js';
import { lines, realisticProject, stop, writeLog } from './fixtures.js';

const report = (root: string, ...args: string[]) => ralphHooks(['report', ...args], { cwd: root });

describe('ralph-hooks report', () => {
  it('no log: a sentence and exit 0; JSON: an empty report on stdout and the sentence on stderr', () => {
    const root = tempDir();
    const table = report(root);
    expect(table).toMatchObject({ status: 0, stderr: '' });
    expect(table.stdout).toBe('No loop has been recorded here yet: .ralph-hooks/state/loops/ does not exist. Each stop-watcher appends a line there at every Stop once a loop runs.\n');
    const json = report(root, '--format', 'json');
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ version: 1, sessions: [] });
    expect(json.stderr).toContain('No loop has been recorded here yet');
  });

  it('an empty log: a sentence that names it', () => {
    const root = tempDir();
    writeLog(root, 'abc', '');
    expect(report(root)).toMatchObject({ status: 0, stdout: 'No Stop could be read from .ralph-hooks/state/loops/:\n  .ralph-hooks/state/loops/abc.jsonl: empty\n' });
  });

  it('a truncated last line: the report of the lines before it, and a sentence about it', () => {
    const root = tempDir();
    writeLog(root, 's', lines([stop(1, 60, { session: 's' }), stop(2, 120, { session: 's' })]) + '{"v":1,"at":"2026-11');
    const result = report(root);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Session s: Claude Code, loop preset (hook ralph-loop), 2 iterations');
    expect(result.stdout).toContain('.ralph-hooks/state/loops/s.jsonl: the last line is cut short (a Stop was being written, or the disk was full) and was skipped.');
  });

  it('the last session by default; --session picks one; --all every one, oldest first', () => {
    const root = tempDir();
    writeLog(root, 'first', lines([stop(1, 60, { session: 'first' })]));
    writeLog(root, 'second', lines([stop(1, 600, { session: 'second', agent: 'codex', usage: null, usageNote: 'the transcript carries no usage' })]));
    expect(report(root).stdout).toMatch(/^Session second: Codex/);
    expect(report(root, '--session', 'first').stdout).toMatch(/^Session first: Claude Code/);
    const all = JSON.parse(report(root, '--all', '--format', 'json').stdout);
    expect(all.sessions.map((s: { id: string }) => s.id)).toEqual(['first', 'second']);
    expect(all.sessions[1].totals.tokens).toEqual({ input: null, output: null, cacheRead: null, cacheWrite: null });
  });

  it('an unknown session: exit 1, with the sessions there are', () => {
    const root = tempDir();
    writeLog(root, 'first', lines([stop(1, 60, { session: 'first' })]));
    const result = report(root, '--session', 'frist');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("ralph-hooks report: no session 'frist' in .ralph-hooks/state/loops/. Did you mean first?\nThe latest sessions:\n  first\n");
  });

  it('html: writes the page to .ralph-hooks/reports/loop-report.html by default, or to --out', () => {
    const root = tempDir();
    realisticProject(root);
    const result = report(root, '--format', 'html');
    expect(result).toMatchObject({ status: 0, stdout: 'Wrote .ralph-hooks/reports/loop-report.html (session sess-a: Claude Code, 5 iterations, completed).\n' });
    expect(readFileSync(join(root, '.ralph-hooks/reports/loop-report.html'), 'utf8')).toContain('<h2>Session sess-a</h2>');
    const out = report(root, '--format', 'html', '--out', 'out/page.html');
    expect(out.stdout).toBe('Wrote out/page.html (session sess-a: Claude Code, 5 iterations, completed).\n');
    expect(existsSync(join(root, 'out/page.html'))).toBe(true);
    const json = report(root, '--format', 'json', '--out', 'r.json');
    expect(JSON.parse(readFileSync(join(root, 'r.json'), 'utf8')).sessions[0].totals.iterations).toBe(5);
  });

  it('usage errors: exit 2 with what is wrong', () => {
    const root = tempDir();
    expect(report(root, '--format', 'htm')).toMatchObject({ status: 2, stderr: "ralph-hooks report: --format must be table, json or html, got 'htm'. Did you mean html?\n" });
    expect(report(root, '--all', '--session', 'x').status).toBe(2);
    expect(report(root, '--sesion', 'x').stderr).toContain("unknown option '--sesion'. Did you mean --session?");
  });

  it('is listed in help, and its --help describes the flags', () => {
    const root = tempDir();
    expect(ralphHooks(['help'], { cwd: root }).stdout).toMatch(/\n {2}report +what each loop did and what it cost/);
    const help = report(root, '--help').stdout;
    for (const flag of ['--format', '--out', '--session', '--all', '--dir']) expect(help).toContain(flag);
  });
});
