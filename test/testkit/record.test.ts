import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { run as runTest } from '../../cli/commands/test.js';
import { buildCase, saveCase } from '../../testkit/replay/record-case.js';
import { redactText, redactValue } from '../../testkit/replay/redact.js';
import { fixture, REPO_ROOT, SPECUM_HOOK, tempDir } from './helpers.js';

// record is a process wrapper, so it is tested as one: the package as built (npm test builds it
// first, as the CLI tests need), started through a small script of its own.
const BUILD = join(REPO_ROOT, 'node_modules', '.cache', 'ralph-hooks-testkit-record');
const RECORD = join(BUILD, 'record.mjs');

beforeAll(() => {
  const command = join(REPO_ROOT, 'dist/cli/commands/record.js');
  expect(existsSync(command), 'run `npm run build` first').toBe(true);
  mkdirSync(BUILD, { recursive: true });
  writeFileSync(RECORD, `const { run } = await import(${JSON.stringify(pathToFileURL(command).href)});\nprocess.exitCode = await run(process.argv.slice(2));\n`);
});

beforeEach(() => vi.spyOn(console, 'log').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

function specumProject(): string {
  const root = tempDir('rh-rec-');
  mkdirSync(join(root, 'specs/test-spec'), { recursive: true });
  mkdirSync(join(root, 'hooks'));
  cpSync(SPECUM_HOOK, join(root, 'hooks/stop-watcher.sh'));
  writeFileSync(join(root, 'specs/.current-spec'), 'test-spec\n');
  writeFileSync(join(root, 'specs/test-spec/.ralph-state.json'), JSON.stringify({ phase: 'execution', taskIndex: 1, totalTasks: 4, taskIteration: 2 }));
  execFileSync('touch', ['-d', '-5 min', join(root, 'specs/test-spec/.ralph-state.json')]);
  return root;
}

const input = (root: string) =>
  JSON.stringify({ session_id: 's1', cwd: root, hook_event_name: 'Stop', stop_hook_active: false, transcript_path: join(root, 'no-transcript.jsonl'), note: 'GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123' });

function run(root: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, args, { cwd: root, input: input(root), env: { ...process.env, CLAUDE_PROJECT_DIR: root, ...env }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('ralph-hooks record', () => {
  it('passes the hook result through unchanged and saves a case that replays green', async () => {
    const root = specumProject();
    const direct = spawnSync('bash', ['hooks/stop-watcher.sh'], { cwd: root, input: input(root), encoding: 'utf8' });
    const recorded = run(root, [RECORD, '--capture', 'specs', '--', 'bash', 'hooks/stop-watcher.sh']);
    expect(recorded).toEqual({ status: direct.status, stdout: direct.stdout, stderr: direct.stderr });
    expect(JSON.parse(recorded.stdout).reason).toMatch(/^Continue spec: test-spec \(Task 2\/4, Iter 1\)/);

    const dir = join(root, 'test/hook-cases/recorded');
    const [file] = readdirSync(dir);
    const text = readFileSync(join(dir, file!), 'utf8');
    expect(file).toMatch(/^Stop-\d{8}T\d{6}\.\d{3}Z\.case\.json$/);
    expect(text).not.toContain(root);
    expect(text).not.toContain('ghp_abcdefghij');
    const saved = JSON.parse(text);
    expect(saved).toMatchObject({
      hook: 'hooks/stop-watcher.sh',
      stdin: { cwd: '${WORKSPACE}', note: 'GITHUB_TOKEN=[REDACTED]' },
      workspace: { files: { 'specs/.current-spec': 'test-spec\n' } },
      expect: { exitCode: 0, json: { decision: 'block', systemMessage: 'Ralph-specum iteration 1 | Task 2/4' } },
    });

    expect(await runTest(['--root', root])).toBe(0);
  }, 120_000);

  it('captures the files as they were before the hook ran, so a hook that updates its state replays green', async () => {
    const root = tempDir('rh-rec-');
    mkdirSync(join(root, 'hooks'));
    // A stateful hook: reports the counter it read, writes the next one, deletes it at 2.
    writeFileSync(
      join(root, 'hooks/counter.sh'),
      'cat >/dev/null\nn=$(cat state/count)\nif [ "$n" -ge 2 ]; then rm state/count; else echo $((n + 1)) > state/count; fi\nprintf \'{"decision":"block","reason":"count %s"}\\n\' "$n"\n',
    );
    mkdirSync(join(root, 'state'));
    writeFileSync(join(root, 'state/count'), '1\n');
    for (const name of ['a-first', 'b-second']) expect(run(root, [RECORD, '--name', `recorded/${name}`, '--capture', 'state', '--', 'bash', 'hooks/counter.sh']).stdout).toMatch(/count [12]/);
    const dir = join(root, 'test/hook-cases/recorded');
    const cases = readdirSync(dir).sort().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
    expect(cases.map((c) => c.workspace.files['state/count'])).toEqual(['1\n', '2\n']);
    expect(cases.map((c) => c.expect.json.reason)).toEqual(['count 1', 'count 2']);
    expect(cases[1].expect.files).toEqual({ 'state/count': { exists: false } });
    expect(await runTest(['--root', root])).toBe(0);
  }, 30_000);

  it('a failing recorder does not change the hook result', () => {
    const root = specumProject();
    writeFileSync(join(root, 'not-a-dir'), '');
    const log = join(root, 'record.log');
    const direct = spawnSync('bash', ['hooks/stop-watcher.sh'], { cwd: root, input: input(root), encoding: 'utf8' });
    const recorded = run(root, [RECORD, '--out', 'not-a-dir/cases', '--', 'bash', 'hooks/stop-watcher.sh'], { RALPH_HOOKS_RECORD_LOG: log });
    expect(recorded).toEqual({ status: direct.status, stdout: direct.stdout, stderr: direct.stderr });
    expect(readFileSync(log, 'utf8')).toMatch(/record failed: Error: ENOTDIR/);
  });

  it('passes non-zero exit codes through, and a missing command behaves like the shell', () => {
    const root = specumProject();
    cpSync(fixture('exit-code.sh'), join(root, 'hooks/exit.sh'));
    const result = spawnSync(process.execPath, [RECORD, '--out', 'cases', '--', 'bash', 'hooks/exit.sh'], { cwd: root, input: '{"code":2,"msg":"denied"}', encoding: 'utf8' });
    expect(result).toMatchObject({ status: 2, stdout: '', stderr: 'denied\n' });
    expect(JSON.parse(readFileSync(join(root, 'cases', readdirSync(join(root, 'cases'))[0]!), 'utf8')).expect).toEqual({ exitCode: 2, stdout: '' });
    const missing = spawnSync(process.execPath, [RECORD, '--out', 'cases', '--', 'no-such-hook-binary'], { cwd: root, input: '{}', encoding: 'utf8' });
    expect(missing).toMatchObject({ status: 127, stderr: 'no-such-hook-binary: command not found\n' });
  });
});

describe('saved case names', () => {
  const invocation = (root: string) => ({ argv: ['bash', 'hooks/h.sh'], stdin: '{"hook_event_name":"Stop"}', stdout: '', stderr: '', exitCode: 0, cwd: root, env: {} });

  it('sort in the order of the runs, also for runs within one second', () => {
    const root = tempDir('rh-rec-');
    const out = join(root, 'cases');
    const times = ['2026-11-23T03:55:00.120Z', '2026-11-23T03:55:00.940Z', '2026-11-23T03:55:01.005Z'];
    const saved = times.map((now) => saveCase(buildCase(invocation(root), { projectRoot: root, outDir: out, now: new Date(now) }), out));
    expect(readdirSync(out).sort()).toEqual(saved.map((file) => basename(file)));
    expect(readdirSync(out).sort()[0]).toBe('Stop-20261123T035500.120Z.case.json');
  });

  it('never overwrite a case: a taken name gets the next number', () => {
    const root = tempDir('rh-rec-');
    const out = join(root, 'cases');
    const hookCase = buildCase(invocation(root), { projectRoot: root, outDir: out, name: 'recorded/same' });
    expect([1, 2, 3].map(() => basename(saveCase(hookCase, out)))).toEqual(['same.case.json', 'same-2.case.json', 'same-3.case.json']);
  });
});

describe('redaction', () => {
  it('redacts env-like secrets, token shapes, bearer headers and the home directory', () => {
    const text = 'export API_KEY="abc123" GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx password: hunter2 curl -H "Authorization: Bearer eyJabc.def.ghi1234" /home/me/p/x /home/me/.claude';
    expect(redactText(text, { projectRoot: '/home/me/p', home: '/home/me' })).toBe(
      'export API_KEY="[REDACTED]" GITHUB_TOKEN=[REDACTED] password: [REDACTED] curl -H "Authorization: Bearer [REDACTED]" ${WORKSPACE}/x ${HOME}/.claude',
    );
    expect(redactText('sk-ant-api03-abcdefghijklmnop and AKIAABCDEFGHIJKLMNOP')).toBe('[REDACTED] and [REDACTED]');
    expect(redactText('taskIndex: 3 and tokens: 45000 words')).toBe('taskIndex: 3 and tokens: 45000 words');
  });
  it('redacts values under secret-looking JSON keys', () => {
    expect(redactValue({ tool_input: { command: 'ls', api_key: 'k', nested: ['SECRET=s'] }, total_tokens: 45000 })).toEqual({
      tool_input: { command: 'ls', api_key: '[REDACTED]', nested: ['SECRET=[REDACTED]'] },
      total_tokens: 45000,
    });
  });
});
