import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../cli/commands/test.js';
import { CliError } from '../../src/util/errors.js';
import { FIXTURES, REPO_ROOT, tempDir } from './helpers.js';

let logged: string[];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
});
afterEach(() => vi.restoreAllMocks());
const output = () => logged.join('\n');

/** A throwaway project: hooks/stop.sh prints a block whose systemMessage comes from MESSAGE. */
function project(message = 'iteration 1'): string {
  const root = tempDir('rh-project-');
  mkdirSync(join(root, 'hooks'));
  cpSync(FIXTURES, join(root, 'fixtures'), { recursive: true });
  writeHook(root, message);
  return root;
}
function writeHook(root: string, message: string): void {
  writeFileSync(join(root, 'hooks/stop.sh'), `cat >/dev/null\necho '{"decision":"block","reason":"Keep going","systemMessage":"${message}"}'\n`);
}
function writeCase(root: string, name: string, body: object): string {
  const file = join(root, 'test/hook-cases', `${name}.case.json`);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ hook: 'hooks/stop.sh', stdin: {}, ...body }, null, 2)}\n`);
  return file;
}

describe('ralph-hooks test', () => {
  it("the fixture project's starter corpus passes against its real generated hook", async () => {
    expect(await run(['--root', join(REPO_ROOT, 'test/fixtures/project')])).toBe(0);
    expect(output()).toMatch(/(\d+) passed, 0 failed, 0 errors, \1 cases/);
    expect(output()).toContain('✓ stop-watcher/continues-when-tasks-remain');
  });

  it('finds cases under test/hook-cases by default and fails with a diff per failure', async () => {
    const root = project();
    writeCase(root, 'ok', { expect: { json: { decision: 'block' } } });
    writeCase(root, 'wrong', { expect: { exitCode: 2, json: { decision: 'block', systemMessage: 'iteration 2' } } });
    expect(await run(['--root', root])).toBe(1);
    const text = output();
    expect(text).toContain('✓ ok');
    expect(text).toContain('✗ wrong');
    expect(text).toContain(['-- wrong: exitCode --', 'expected : 2', 'actual   : 0', '--'].join('\n'));
    expect(text).toContain(
      ['-- wrong: json --', 'diff (- expected, + actual) (5 lines):', '    {', '      "decision": "block",', '  -   "systemMessage": "iteration 2"', '  +   "systemMessage": "iteration 1"', '    }', '--'].join('\n'),
    );
    expect(text).toContain('-- wrong: hook output --');
    expect(text).toMatch(/1 passed, 1 failed, 0 errors, 2 cases/);
  });

  it('TAP reporter', async () => {
    const root = project();
    writeCase(root, 'a', { expect: { json: { decision: 'block' } } });
    writeCase(root, 'b', { expect: { silent: true } });
    expect(await run(['--root', root, '--reporter', 'tap'])).toBe(1);
    const lines = output().split('\n');
    expect(lines.slice(0, 4)).toEqual(['TAP version 13', '1..2', 'ok 1 - a', 'not ok 2 - b']);
    expect(lines).toContain('  status: fail');
    expect(lines).toContain('    -- b: silent --');
  });

  it('JUnit XML validates against the JUnit XSD with xmllint and names each case', async () => {
    const root = project();
    writeCase(root, 'specum/passes', { expect: { json: { decision: 'block' } } });
    writeCase(root, 'specum/fails <&>', { expect: { stdout: 'nope\u0001' } });
    writeFileSync(join(root, 'test/hook-cases/broken.case.json'), '{"hook": 1}');
    expect(await run(['--root', root, '--reporter', 'junit=report.xml', '--reporter', 'human'])).toBe(1);
    const xml = readFileSync(join(root, 'report.xml'), 'utf8');
    execFileSync('xmllint', ['--noout', '--schema', join(REPO_ROOT, 'test/fixtures/junit/junit.xsd'), join(root, 'report.xml')], { stdio: 'pipe' });
    expect(xml).toContain('<testcase name="specum/passes" classname="test.hook-cases.specum" time=');
    expect(xml).toContain('<testcase name="specum/fails &lt;&amp;&gt;" classname="test.hook-cases.specum"');
    expect(xml).toContain('<failure message="stdout" type="HookAssertionError">');
    expect(xml).toContain('<error message="test/hook-cases/broken.case.json: hook: Invalid input: expected string, received number');
    expect(xml).toMatch(/tests="3" failures="1" errors="1"/);
  });

  it('--filter and --shard pick cases', async () => {
    const root = project();
    for (const name of ['alpha', 'beta', 'gamma', 'delta']) writeCase(root, name, { expect: { exitCode: 0 } });
    expect(await run(['--root', root, '--filter', 'a', '--reporter', 'tap'])).toBe(0);
    expect(output()).toContain('1..4');
    logged = [];
    await run(['--root', root, '--filter', '/^(beta|gamma)$/', '--reporter', 'tap']);
    expect(output()).toContain('ok 1 - beta\nok 2 - gamma');
    const shards = [];
    for (const shard of ['1/2', '2/2']) {
      logged = [];
      await run(['--root', root, '--shard', shard, '--reporter', 'tap']);
      shards.push(output().match(/ok \d+ - \w+/g));
    }
    expect(shards).toEqual([['ok 1 - alpha', 'ok 2 - delta'], ['ok 1 - beta', 'ok 2 - gamma']]);
    await expect(run(['--root', root, '--shard', '3/2'])).rejects.toThrow(new CliError("--shard wants I/N with 1 <= I <= N, got '3/2'", 2));
  });

  it('--update rewrites exactly the cases whose output changed, and shows what changed', async () => {
    const root = project('iteration 1');
    const golden = writeCase(root, 'golden', { expect: { exitCode: 0, json: { decision: 'block', reason: 'Keep going', systemMessage: 'iteration 1' } } });
    const loose = writeCase(root, 'loose', { expect: { json: { decision: 'block' }, reason: { contains: 'Keep' } } });
    const partial = writeCase(root, 'partial', { expect: { systemMessage: { contains: ['iteration', 'iteration 1'] }, reason: { contains: 'Keep' } } });
    const looseBefore = readFileSync(loose, 'utf8');
    writeHook(root, 'iteration 2');

    expect(await run(['--root', root, '--update'])).toBe(0);
    expect(readFileSync(loose, 'utf8')).toBe(looseBefore);
    expect(JSON.parse(readFileSync(golden, 'utf8')).expect).toEqual({ exitCode: 0, json: { decision: 'block', reason: 'Keep going', systemMessage: 'iteration 2' } });
    expect(JSON.parse(readFileSync(partial, 'utf8')).expect).toEqual({
      systemMessage: { contains: 'iteration' },
      reason: { contains: 'Keep' },
      exitCode: 0,
      json: { decision: 'block', reason: 'Keep going', systemMessage: 'iteration 2' },
    });
    expect(output()).toContain('updated test/hook-cases/golden.case.json:');
    expect(output()).toContain('-       "systemMessage": "iteration 1"\n+       "systemMessage": "iteration 2"');
    expect(output()).toContain('2 case file(s) updated');

    logged = [];
    expect(await run(['--root', root])).toBe(0);
  });

  it('a hang is killed at its timeout and reported', async () => {
    const root = project();
    writeCase(root, 'hangs', { hook: 'fixtures/hang.sh', timeoutMs: 300, expect: { silent: true } });
    const started = Date.now();
    expect(await run(['--root', root])).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(output()).toMatch(/-- hangs: timeout --\nexpected : the hook to finish\nactual {3}: killed after its timeout \(\d+ ms\)\n--/);
    expect(output()).toContain('exit code (1 lines):\n  timed out (killed)');
  });

  it('a case file that breaks the schema is named with the field', async () => {
    const root = project();
    writeCase(root, 'bad', { expect: { exitCode: 'zero', files: { 'a.json': { exist: true } } } });
    expect(await run(['--root', root])).toBe(1);
    expect(output()).toContain(
      'test/hook-cases/bad.case.json: expect.exitCode: Invalid input: expected number, received string; expect.files.a.json: Unrecognized key: "exist"',
    );
  });

  it('workspace setup, placeholders, env, steps and file expectations', async () => {
    const root = project();
    writeCase(root, 'env', {
      hook: 'fixtures/echo-env.sh',
      env: { RH_FIXTURE_VALUE: '${WORKSPACE}/x' },
      stdin: { cwd: '${WORKSPACE}' },
      expect: { json: { value: '${WORKSPACE}/x', input_cwd: '${WORKSPACE}' } },
    });
    writeCase(root, 'files', {
      hook: 'fixtures/write-file.sh',
      stdin: undefined,
      workspace: { files: { '.ralph/stale': 'old' } },
      steps: [
        { stdin: { tool_name: 'Bash' }, expect: { silent: true, files: { '.ralph/last-tool.json': { json: { tool: 'Bash' } }, '.ralph/stale': { exists: false } } } },
        { workspace: { files: { '.ralph/stale': 'again' } }, stdin: { tool_name: 'Edit' }, expect: { files: { '.ralph/last-tool.json': { json: { tool: 'Edit' }, contains: '"count":1' } } } },
      ],
    });
    const code = await run(['--root', root]);
    expect(output()).toMatch(/2 passed/);
    expect(code).toBe(0);
  });

  it('lastLine: the last line of a JSON Lines file, as a subset; a miss is shown as a diff, and --update takes the actual values', async () => {
    const root = project();
    mkdirSync(join(root, 'bin'));
    // Appends a line to a log the way the stop-watchers add to the loop record.
    writeFileSync(join(root, 'bin/log.sh'), `cat >/dev/null\nmkdir -p log\nprintf '{"n":1,"decision":"continue"}\\n{"n":2,"decision":"stop","usage":null}\\n' >>log/loop.jsonl\n`);
    writeCase(root, 'record', { hook: 'bin/log.sh', expect: { silent: true, files: { 'log/loop.jsonl': { lastLine: { n: 2, usage: null } } } } });
    expect(await run(['--root', root])).toBe(0);
    const file = writeCase(root, 'record', { hook: 'bin/log.sh', expect: { silent: true, files: { 'log/loop.jsonl': { lastLine: { n: 2, decision: 'continue' } } } } });
    logged = [];
    expect(await run(['--root', root])).toBe(1);
    expect(output()).toContain('files.log/loop.jsonl.lastLine');
    expect(output()).toMatch(/-\s+"decision": "continue"\n\s*\+\s+"decision": "stop"/);
    expect(await run(['--root', root, '--update'])).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).expect.files['log/loop.jsonl'].lastLine).toEqual({ n: 2, decision: 'stop' });
  });

  it('no cases is an error, and a missing hook is reported per case', async () => {
    const root = project();
    await expect(run(['--root', root, 'fixtures'])).rejects.toThrow('no cases found');
    writeCase(root, 'missing', { hook: 'hooks/nope.sh', expect: {} });
    expect(await run(['--root', root])).toBe(1);
    expect(output()).toContain('test/hook-cases/missing.case.json: hook: hooks/nope.sh not found under');
  });
});
