/**
 * `ralph-hooks status` through the built CLI: the record a real hook run wrote, as text and as
 * --json, the loops running now (loop and specum state files), and a missing or broken record.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ralphHooks } from '../helpers/cli.js';
import { generateProject } from '../helpers/generate.js';

const RECORD = '.ralph-hooks/state/loop-end.json';
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project() {
  const generated = generateProject({
    hooks: [
      { kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop', options: { commands: false } },
      { kind: 'stop-watcher', preset: 'specum', name: 'spec-watcher' },
    ],
  } as never);
  made.push(generated.root);
  return generated.root;
}

const writeFile = (root: string, path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** A loop at its limit, ended by one real run of the generated hook. */
function endLoopAtLimit(root: string) {
  writeFile(root, '.claude/ralph-loop.local.md', '---\nactive: true\niteration: 3\nmax_iterations: 3\ncompletion_promise: "DONE"\n---\n\nBuild it\n');
  const input = JSON.stringify({ session_id: 's', cwd: root, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'working' });
  const hook = spawnSync('bash', [join(root, '.claude/hooks/ralph-loop.sh')], { input, cwd: root, encoding: 'utf8', env: { ...process.env, CLAUDE_PROJECT_DIR: root } });
  expect(hook.stdout).toContain('max iterations (3) reached');
}

const status = (root: string, args: string[] = []) => ralphHooks(['status', ...args], { cwd: root });

describe('ralph-hooks status', () => {
  it('no record and no loop: one line each, exit 0', () => {
    const root = project();
    expect(status(root)).toEqual({
      status: 0,
      stdout: `No loop end recorded yet (${RECORD} is absent).\nNo loop is running.\n`,
      stderr: '',
    });
  });

  it('prints the end a real hook run recorded: reason, when, iteration, hook, message', () => {
    const root = project();
    endLoopAtLimit(root);
    const result = status(root);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        [
          '^Last loop end: iteration limit reached',
          '  reason     max-iterations',
          '  when       \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ',
          '  iteration  3/3',
          '  hook       ralph-loop \\(loop\\)',
          '  message    🛑 Ralph loop stopped: max iterations \\(3\\) reached\\. Start again with /ralph-loop\\.',
          'No loop is running\\.\n$',
        ].join('\n'),
      ),
    );
  });

  it('a loop paused by StopFailure: the reason in words, and the paused loop is not shown as running', () => {
    const root = project();
    writeFile(root, '.claude/ralph-loop.local.md', '---\nactive: true\niteration: 2\nsession_id: s\nmax_iterations: 5\ncompletion_promise: "DONE"\n---\n\nBuild it\n');
    const input = JSON.stringify({ session_id: 's', cwd: root, hook_event_name: 'StopFailure', error: 'invalid_request', error_details: 'prompt is too long' });
    spawnSync('bash', [join(root, '.claude/hooks/ralph-loop.sh')], { input, cwd: root, encoding: 'utf8', env: { ...process.env, CLAUDE_PROJECT_DIR: root } });
    // The hook writes a StopFailure's pause in a session of its own, after it ends.
    for (let waited = 0; !existsSync(join(root, RECORD)) && waited < 10_000; waited += 50) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    const result = status(root);
    expect(result.stdout).toMatch(/^Last loop end: the session ended on an API error\n  reason     session-failed\n[\s\S]*  iteration  2\/5\n[\s\S]*paused at iteration 2: the session ended on an API error \(invalid_request: prompt is too long\)[\s\S]*\nNo loop is running\.\n$/);
  });

  it('--json: the record as written, no problem, the running loops', () => {
    const root = project();
    endLoopAtLimit(root);
    const json = JSON.parse(status(root, ['--json']).stdout);
    expect(json).toEqual({
      root,
      lastEnd: { reason: 'max-iterations', at: expect.any(String), hook: 'ralph-loop', preset: 'loop', iteration: 3, limit: 3, message: expect.stringContaining('max iterations (3)') },
      recordProblem: null,
      running: [],
    });
  });

  it('lists the loops running now: a loop state file and the current spec\'s state', () => {
    const root = project();
    writeFile(root, '.claude/ralph-loop.local.md', '---\nactive: true\niteration: 4\nmax_iterations: 20\n---\n\nBuild it\n');
    writeFile(root, 'specs/.current-spec', 'parser\n');
    writeFile(root, 'specs/parser/.ralph-state.json', JSON.stringify({ phase: 'execution', taskIndex: 1, totalTasks: 3, globalIteration: 7, maxGlobalIterations: 50 }));
    expect(status(root).stdout).toBe(
      [
        `No loop end recorded yet (${RECORD} is absent).`,
        'Running: ralph-loop (loop), iteration 4/20, state in .claude/ralph-loop.local.md',
        'Running: spec-watcher (specum), iteration 7/50, state in specs/parser/.ralph-state.json',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(status(root, ['--json']).stdout).running).toEqual([
      { hook: 'ralph-loop', preset: 'loop', stateFile: '.claude/ralph-loop.local.md', iteration: 4, limit: 20 },
      { hook: 'spec-watcher', preset: 'specum', stateFile: 'specs/parser/.ralph-state.json', iteration: 7, limit: 50 },
    ]);
  });

  it('an inactive loop (active: false) is not running', () => {
    const root = project();
    writeFile(root, '.claude/ralph-loop.local.md', '---\nactive: false\niteration: 4\n---\n\nBuild it\n');
    expect(status(root).stdout).toContain('No loop is running.');
  });

  it.each([
    ['not JSON', '{"reason":'],
    ['reason "finished" is not one of completed, max-iterations, no-progress, cancelled, corrupt-state, block-cap, session-failed, context-full, budget', '{"reason":"finished","at":"x","hook":"h","preset":"loop","message":"m"}'],
    ['message is not a string', '{"reason":"completed","at":"x","hook":"h","preset":"loop"}'],
    ['not a JSON object', '[1]'],
  ])('a broken record (%s): one clear line, exit 0; --json names the problem', (problem, text) => {
    const root = project();
    writeFile(root, RECORD, text);
    expect(status(root)).toEqual({ status: 0, stdout: `The loop end record ${RECORD} cannot be read (${problem}).\nNo loop is running.\n`, stderr: '' });
    expect(JSON.parse(status(root, ['--json']).stdout)).toMatchObject({ lastEnd: null, recordProblem: problem });
  });

  it('works in a folder without a config: the record alone', () => {
    const root = project();
    endLoopAtLimit(root);
    rmSync(join(root, 'ralph-hooks.config.json'));
    mkdirSync(join(root, '.git'));
    expect(status(root).stdout).toMatch(/^Last loop end: iteration limit reached\n[\s\S]*\nNo loop is running\.\n$/);
  });

  it('is in the help; an unknown flag is a usage error', () => {
    const root = project();
    expect(ralphHooks(['help'], { cwd: root }).stdout).toMatch(/\n {2}status {5}why the last loop ended/);
    expect(status(root, ['--help']).stdout).toMatch(/^Usage: ralph-hooks status \[--dir <path>\] \[--json\]/);
    expect(status(root, ['--jsn']).status).toBe(2);
  });
});
