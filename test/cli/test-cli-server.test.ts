/**
 * The tests run the CLI through one long-lived process (test/helpers/cli-server.mjs): what it
 * answers must be what `node bin/ralph-hooks.js` answers in a process of its own, call after
 * call, whatever the call before it learnt about its project.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliServerPid, crashCliServer, gitRepoWith, ralphHooks, tempDir, type CliResult } from '../helpers/cli.js';

const AS_PROCESS = { RALPH_HOOKS_TEST_CLI: 'process' };

/** Two copies of a project in folders of the same name length, so the printed paths differ only in the folder. */
function twoCopies(files: Record<string, string>): [string, string] {
  const first = gitRepoWith(files, 'rh-server-');
  const second = tempDir('rh-server-');
  cpSync(first, second, { recursive: true });
  return [first, second];
}

const inFolder = (result: CliResult, root: string) => JSON.stringify(result).replaceAll(root, '<root>');

describe('the tests\' CLI server', () => {
  it('answers each call as a process does: output, errors, exit codes, and the project of this call, not the last', () => {
    const pnpm = { 'package.json': '{"name":"a","private":true,"packageManager":"pnpm@9.15.0"}\n', 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n" };
    // pnpm, then npm, then no package.json: each call follows one in a project of another package manager.
    const projects = [twoCopies(pnpm), twoCopies({ 'package.json': '{"name":"b","private":true}\n' }), twoCopies({})];
    const calls: [string[], number][] = [
      [['init', '--yes'], 0],
      [['doctor'], 0],
      [['generate', '--bogus'], 2],
      [['--version'], 0],
      [['add', 'stop-watcher', '--preset', 'loop', '--name', 'ralph-loop'], 0],
      [['status'], 0],
    ];
    // Each call in every project before the next call: a call meets the state of another project's.
    for (const [args, status] of calls) {
      for (const [server, process] of projects) {
        const fromServer = ralphHooks(args, { cwd: server });
        expect(fromServer.status, `${args.join(' ')}: ${fromServer.stderr}`).toBe(status);
        expect(inFolder(fromServer, server)).toBe(inFolder(ralphHooks(args, { cwd: process, env: AS_PROCESS }), process));
      }
    }
    // A config error names its field the same way in both.
    const [server, process] = projects[1]!;
    for (const root of [server, process]) writeFileSync(join(root, 'ralph-hooks.config.json'), '{"hooks":[{"kind":"guard","preset":"nope"}]}\n');
    const broken = ralphHooks(['generate'], { cwd: server });
    expect(broken.status).toBe(1);
    expect(inFolder(broken, server)).toBe(inFolder(ralphHooks(['generate'], { cwd: process, env: AS_PROCESS }), process));
  });

  it('a server that ended mid-run gives way to a process for that call, and the next call starts another', () => {
    const root = gitRepoWith({});
    expect(ralphHooks(['--version'], { cwd: root }).status).toBe(0);
    const crashed = cliServerPid();
    expect(crashed).toBeDefined();
    crashCliServer();
    const version = ralphHooks(['--version'], { cwd: root, env: AS_PROCESS }).stdout;
    expect(ralphHooks(['--version'], { cwd: root })).toEqual({ status: 0, stdout: version, stderr: '' });
    expect(cliServerPid()).toBeUndefined();
    expect(ralphHooks(['--version'], { cwd: root })).toEqual({ status: 0, stdout: version, stderr: '' });
    expect(cliServerPid()).toBeDefined();
    expect(cliServerPid()).not.toBe(crashed);
  });
});
