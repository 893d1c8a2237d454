import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HookRunError, runHook, stopInput } from '../../testkit/index.js';
import { fixture, tempDir } from './helpers.js';

describe('runHook', () => {
  it('returns exit code, stdout, stderr apart, parsed json and a duration', async () => {
    const result = await runHook(fixture('block.sh'), stopInput());
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.json).toEqual({ decision: 'block', reason: 'Keep going: task 1 is not done', systemMessage: 'Loop iteration 1' });
    expect(result.durationMs).toBeGreaterThan(0);
    expect(result.timedOut).toBe(false);
  });

  it('runs in cwd with CLAUDE_PROJECT_DIR there, plus extra env', async () => {
    const dir = tempDir();
    const result = await runHook(fixture('echo-env.sh'), { cwd: dir }, { cwd: dir, env: { RH_FIXTURE_VALUE: 'v1' } });
    expect(result.json).toEqual({ pwd: dir, project: dir, value: 'v1', input_cwd: dir });
  });

  it('passes non-zero exit codes and stderr through', async () => {
    const result = await runHook(fixture('exit-code.sh'), { code: 2, msg: 'denied' });
    expect(result).toMatchObject({ exitCode: 2, stderr: 'denied\n', stdout: '' });
  });

  it('json is parsed only when stdout starts with {, and reports why it failed', async () => {
    const text = await runHook({ command: 'echo "profile noise"; echo \'{"decision":"block"}\'' });
    expect(text.json).toBeUndefined();
    const broken = await runHook({ command: 'echo "{ not json"' });
    expect(broken.json).toBeUndefined();
    expect(broken.jsonError).toMatch(/JSON/);
  });

  it('handles multi-megabyte stdin', async () => {
    const input = { pad: 'x'.repeat(5 * 1024 * 1024) };
    const result = await runHook(fixture('count-bytes.sh'), input);
    expect(result.json).toEqual({ bytes: JSON.stringify(input).length });
  });

  it('handles a hook that never reads stdin, even with a big input', async () => {
    const result = await runHook(fixture('no-stdin.sh'), { pad: 'y'.repeat(3 * 1024 * 1024) });
    expect(result.exitCode).toBe(0);
    expect(result.json).toEqual({ decision: 'block', reason: 'did not read stdin' });
  });

  it('kills the whole process group on timeout', async () => {
    const started = Date.now();
    const result = await runHook(fixture('hang.sh'), {}, { timeoutMs: 300 });
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
    expect(result.signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(3000);
    const child = Number(/child (\d+)/.exec(result.stderr)?.[1]);
    // The background sleep was in the hook's group: it is gone (or an unreaped zombie).
    const alive = (() => {
      try {
        process.kill(child, 0);
        return !readFileSync(`/proc/${child}/stat`, 'utf8').split(' ')[2]!.startsWith('Z');
      } catch {
        return false;
      }
    })();
    expect(alive).toBe(false);
  });

  it('runs commands through sh -c and argv without a shell', async () => {
    expect((await runHook({ command: 'printf "%s" "$0"' })).stdout).toBe('sh');
    expect((await runHook({ argv: ['printf', '%s', 'a b'] })).stdout).toBe('a b');
  });

  it('reports a missing interpreter clearly', async () => {
    await expect(runHook({ script: fixture('block.sh'), interpreter: 'no-such-interpreter' })).rejects.toThrow(
      new HookRunError(`cannot run hook: interpreter 'no-such-interpreter' was not found on PATH (command: no-such-interpreter ${fixture('block.sh')})`),
    );
  });

  it('reports a missing script with its path', async () => {
    await expect(runHook('/nonexistent/hook.sh')).rejects.toThrow('hook script not found: /nonexistent/hook.sh');
  });
});
