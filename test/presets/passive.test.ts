/**
 * The passive preset (seed 003): it runs beside a loop plugin that owns the loop and never
 * writes to stdout. Every row of the seed's responsibilities and error table, plus a
 * corpus of varied inputs that must all leave stdout empty.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertLoopEnd,
  assertSilent,
  assertStderrContains,
  createHookInput,
  replayStopLoop,
  runHook,
  type Workspace,
} from '../../testkit/index.js';
import { generateHook } from '../helpers/generate.js';
import { specOutsideProject, workspacePool } from '../helpers/workspaces.js';
import { generateLoop, runSetup } from './loop-helpers.js';

const hook = generateHook('passive', 'stop-watcher', { stateSettleMs: 200 });
const workspace = workspacePool();
const observe = (ws: Workspace, fields: Record<string, unknown> = {}) => runHook(hook, createHookInput({ cwd: ws.dir, ...fields }), { cwd: ws.dir });

/** Passive means: exit 0 and not one byte on stdout, whatever it logs. */
function assertQuiet(result: { exitCode: number | null; stdout: string; stderr: string }) {
  assertSilent(result, { allowStderr: true });
  expect(result.stdout).toBe('');
}

describe('passive preset: what it does', () => {
  it('logs the spec, task progress and iteration on stderr during execution; nothing on stdout', async () => {
    const ws = workspace();
    ws.writeState({ taskIndex: 2, totalTasks: 5, taskIteration: 3, globalIteration: 7, maxGlobalIterations: 40 });
    const result = await observe(ws);
    assertQuiet(result);
    expect(result.stderr).toBe('[ralph-specum] Session stopped during spec: test-spec | Task: 3/5 | Attempt: 3/5 | Iteration: 7/40\n');
  });

  it('stays silent when no spec is active, the state is missing, or the phase is not execution', async () => {
    const ws = workspace();
    assertSilent(await observe(ws));
    ws.writeState({ phase: 'design' });
    assertSilent(await observe(ws));
    ws.writeState({ taskIndex: 5, totalTasks: 5 });
    assertSilent(await observe(ws));
    ws.delete('specs/.current-spec');
    ws.writeState();
    assertSilent(await observe(ws));
  });

  it('keeps the settings enabled: check', async () => {
    const ws = workspace();
    ws.writeState();
    ws.writeSettings(false);
    assertSilent(await observe(ws));
    ws.writeSettings(true);
    assertStderrContains(await observe(ws), 'Session stopped during spec');
  });

  it('cleans orphaned .progress-task-*.md older than 60 minutes', async () => {
    const ws = workspace();
    ws.writeState();
    ws.write('specs/test-spec/.progress-task-1.md', 'old', { ageSeconds: 61 * 60 });
    ws.write('specs/test-spec/.progress-task-2.md', 'new', { ageSeconds: 10 * 60 });
    assertQuiet(await observe(ws));
    expect(ws.exists('specs/test-spec/.progress-task-1.md')).toBe(false);
    expect(ws.exists('specs/test-spec/.progress-task-2.md')).toBe(true);
  });

  it.each(['absolute', 'relative'] as const)('leaves orphans alone in a spec folder outside the project (%s path in .current-spec)', async (form) => {
    const ws = workspace();
    const orphan = specOutsideProject(ws, form);
    assertQuiet(await observe(ws));
    expect(existsSync(orphan)).toBe(true);
  });

  it('leaves orphans alone in a spec folder that is a symlink out of the project', async () => {
    const ws = workspace();
    const orphan = specOutsideProject(ws, 'absolute');
    symlinkSync(dirname(orphan), ws.path('specs/linked'));
    ws.setCurrentSpec('linked');
    assertQuiet(await observe(ws));
    expect(existsSync(orphan)).toBe(true);
  });

  it('cleans orphans outside execution too', async () => {
    const ws = workspace();
    ws.writeState({ phase: 'tasks' });
    ws.write('specs/test-spec/.progress-task-9.md', 'old', { ageSeconds: 2 * 3600 });
    assertSilent(await observe(ws));
    expect(ws.exists('specs/test-spec/.progress-task-9.md')).toBe(false);
  });

  it('detects the completion signal as a backup: logs it, leaves the state file', async () => {
    const ws = workspace();
    ws.writeState();
    ws.transcript().assistant('ALL_TASKS_COMPLETE').write();
    const result = await observe(ws, { transcript_path: ws.transcriptPath });
    assertQuiet(result);
    expect(result.stderr).toBe('[ralph-specum] ALL_TASKS_COMPLETE detected in transcript\n');
    expect(ws.exists('specs/test-spec/.ralph-state.json')).toBe(true);
  });

  it('validates the state file: a corrupt one is a stderr warning, never stdout', async () => {
    const ws = workspace();
    ws.writeCorruptState();
    const result = await observe(ws);
    assertQuiet(result);
    assertStderrContains(result, '[ralph-specum] ERROR: Corrupt state file at ./specs/test-spec/.ralph-state.json');
    assertStderrContains(result, 'Recovery options: 1. Reset state: /ralph-specum:implement (reinitializes from tasks.md) 2. Cancel spec: /ralph-specum:cancel');
  });

  it('a reached iteration limit is a stderr error, never stdout', async () => {
    const ws = workspace();
    ws.writeState({ globalIteration: 100 });
    const result = await observe(ws);
    assertQuiet(result);
    assertStderrContains(result, '[ralph-specum] ERROR: Maximum global iterations (100) reached.');
  });

  it('stop_hook_active does not change anything: still only stderr', async () => {
    const ws = workspace();
    ws.writeState();
    const result = await observe(ws, { stop_hook_active: true });
    assertQuiet(result);
    assertStderrContains(result, 'Session stopped during spec');
  });

  it('missing jq: silent; with RALPH_HOOKS_DEBUG=1 one stderr line', async () => {
    const ws = workspace();
    ws.writeState();
    const bin = ws.path('bin');
    mkdirSync(bin);
    symlinkSync(execFileSync('sh', ['-c', 'command -v cat'], { encoding: 'utf8' }).trim(), join(bin, 'cat'));
    const bash = execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim();
    const run = (env: Record<string, string>) => runHook({ script: hook, interpreter: bash }, createHookInput({ cwd: ws.dir }), { cwd: ws.dir, env: { PATH: bin, ...env } });
    assertQuiet(await run({}));
    expect((await run({})).stderr).toBe('');
    const debugged = await run({ RALPH_HOOKS_DEBUG: '1' });
    assertQuiet(debugged);
    expect(debugged.stderr).toMatch(/^\[ralph-specum\] jq not found[^\n]*\n$/);
  });

  it('the generated script has no JSON output code at all and is shellcheck-clean', () => {
    const source = readHook();
    expect(source).not.toContain('emit_block');
    expect(source).not.toMatch(/printf '\{/);
    const result = spawnSync('shellcheck', ['--severity=style', hook], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('beside the loop preset, only the loop decides', async () => {
    const ws = workspace();
    ws.writeState({ taskIndex: 0, totalTasks: 3 });
    const loop = generateLoop('bash');
    expect(runSetup(loop, ws, ['Run the coordinator', '--completion-promise', 'ALL_TASKS_COMPLETE', '--max-iterations', '6']).status).toBe(0);
    // Claude Code runs both Stop hooks on the same input: each gets its own copy of stdin.
    const both = { command: `input=$(cat); printf '%s' "$input" | bash '${hook}'; printf '%s' "$input" | bash '${loop.hook}'` };
    const result = await replayStopLoop({
      hook: both,
      workspace: ws,
      agent: ({ iteration }) => (iteration < 3 ? { reply: 'Next task.', tools: [{ name: 'Task' }], actions: ['advance-task'] } : { reply: '<promise>ALL_TASKS_COMPLETE</promise>' }),
      input: { session_id: 'session-a' },
    });
    assertLoopEnd(result, { endedBy: 'stopped', iterations: 4, blocks: 3 });
    expect(result.history.every((it) => it.result.stderr.split('\n').filter(Boolean).every((line) => line.startsWith('[ralph-')))).toBe(true);
  });
});

describe('passive preset: never prints to stdout', () => {
  const corpus: Array<{ name: string; setup: (ws: Workspace) => void; input: (ws: Workspace) => unknown }> = [];
  const states: Array<[string, (ws: Workspace) => void]> = [
    ['no spec', (ws) => ws.delete('specs/.current-spec')],
    ['no state', () => {}],
    ['execution 0/5', (ws) => ws.writeState()],
    ['execution 4/5 attempt 5', (ws) => ws.writeState({ taskIndex: 4, taskIteration: 5 })],
    ['done 5/5', (ws) => ws.writeState({ taskIndex: 5 })],
    ['research phase', (ws) => ws.writeState({ phase: 'research' })],
    ['corrupt', (ws) => ws.writeCorruptState()],
    ['array state', (ws) => ws.write('specs/test-spec/.ralph-state.json', '[1,2]')],
    ['string numbers', (ws) => ws.writeState({ taskIndex: '2', totalTasks: 'five', globalIteration: '$((1+1))' } as Record<string, unknown>)],
    ['max reached', (ws) => ws.writeState({ globalIteration: 3, maxGlobalIterations: 3 })],
    ['disabled', (ws) => { ws.writeState(); ws.writeSettings(false); }],
    ['orphans', (ws) => { ws.writeState(); ws.write('specs/test-spec/.progress-task-1.md', 'x', { ageSeconds: 7200 }); }],
    ['quote in spec name', (ws) => { ws.setCurrentSpec('it"s'); ws.write('specs/it"s/.ralph-state.json', { phase: 'execution', taskIndex: 0, totalTasks: 2 }); }],
  ];
  const inputs: Array<[string, (ws: Workspace) => unknown]> = [
    ['seed input', (ws) => createHookInput({ cwd: ws.dir })],
    ['stop_hook_active', (ws) => createHookInput({ cwd: ws.dir, stop_hook_active: true })],
    ['with signal transcript', (ws) => { ws.transcript().assistant('ALL_TASKS_COMPLETE').write(); return createHookInput({ cwd: ws.dir, transcript_path: ws.transcriptPath }); }],
    ['with missing transcript', (ws) => createHookInput({ cwd: ws.dir, transcript_path: ws.path('gone.jsonl') })],
    ['full Claude Code input', (ws) => ({ session_id: 's', transcript_path: ws.transcriptPath, cwd: ws.dir, hook_event_name: 'Stop', permission_mode: 'default', stop_hook_active: false, last_assistant_message: 'hi', background_tasks: [{ cwd: '/elsewhere' }] })],
    ['cwd elsewhere', () => createHookInput({ cwd: '/nonexistent/dir' })],
    ['empty', () => ''],
    ['not json', () => 'hello'],
    ['array', () => '[1,2,3]'],
    ['no cwd', () => '{"stop_hook_active":false}'],
    ['cwd not a string', () => '{"cwd":42}'],
    ['binary', () => Buffer.from([0, 255, 10, 123])],
  ];
  for (const [stateName, setup] of states) {
    for (const [inputName, input] of inputs) corpus.push({ name: `${stateName} × ${inputName}`, setup, input });
  }

  it(`holds over ${corpus.length} varied inputs (≥ 100)`, { timeout: 120_000 }, async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    const failures: string[] = [];
    for (let i = 0; i < corpus.length; i += 16) {
      await Promise.all(
        corpus.slice(i, i + 16).map(async (testCase) => {
          const ws = workspace();
          testCase.setup(ws);
          const result = await runHook(hook, testCase.input(ws), { cwd: ws.dir });
          if (result.stdout !== '' || result.exitCode !== 0) failures.push(`${testCase.name}: exit ${result.exitCode}, stdout ${JSON.stringify(result.stdout)}`);
          for (const line of result.stderr.split('\n').filter(Boolean)) {
            // bash itself warns about a NUL byte in $(cat) (shared read-input partial); harmless on stderr.
            if (!line.startsWith('[ralph-specum] ') && !line.endsWith('ignored null byte in input')) failures.push(`${testCase.name}: stray stderr ${line}`);
          }
        }),
      );
    }
    expect(failures).toEqual([]);
  });
});

function readHook(): string {
  return readFileSync(hook, 'utf8');
}
