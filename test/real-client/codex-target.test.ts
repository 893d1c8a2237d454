/**
 * The codex-project target in the real Codex CLI: `ralph-hooks init --yes --target
 * codex-project` in an empty repository, then scripted sessions under `codex exec`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCodex, sentToModel, toolCalls, type Turn } from '../../testkit/clients/index.js';
import { ralphHooks } from '../helpers/cli.js';
import { scratch, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS, describeAgent } from './helpers.js';

const describeCodex = describeAgent('codex', { concurrent: false });

const ADVANCE = "jq '.taskIndex += 1 | .globalIteration += 1' specs/demo/.ralph-state.json > state.tmp && mv state.tmp specs/demo/.ralph-state.json";
const STATE = { phase: 'execution', taskIndex: 0, totalTasks: 3, taskIteration: 1, maxTaskIterations: 5, globalIteration: 1, maxGlobalIterations: 20 };

/** An empty git repository with `ralph-hooks init --yes --target codex-project --guard none` run in it (the stop-watcher's test: the guard's is in shared-scenarios). */
function initProject(): string {
  const root = scratch('ralph-hooks-codex-');
  expect(spawnSync('git', ['init', '-q'], { cwd: root }).status).toBe(0);
  const init = ralphHooks(['init', '--yes', '--target', 'codex-project', '--guard', 'none'], { cwd: root });
  expect(init.status, init.stderr).toBe(0);
  return root;
}

function writeSpec(root: string): void {
  const dir = join(root, 'specs/demo');
  spawnSync('mkdir', ['-p', dir]);
  writeFileSync(join(root, 'specs/.current-spec'), 'demo');
  writeFileSync(join(dir, 'tasks.md'), '- [ ] 1. parser\n- [ ] 2. printer\n- [ ] 3. cli\n');
  writeFileSync(join(dir, '.ralph-state.json'), `${JSON.stringify(STATE, null, 2)}\n`);
}

const stopsOf = (run: Awaited<ReturnType<typeof runCodex>>) =>
  run.hookInputs.filter((h) => h.event === 'Stop').map((h) => ({ active: h.input.stop_hook_active, out: h.stdout }));

describeCodex('init --yes --target codex-project, then the real codex exec', () => {
  it('specum with its Codex defaults runs a three-task spec to taskIndex 3', async () => {
    const root = initProject();
    expect(JSON.parse(readFileSync(join(root, '.codex/hooks.json'), 'utf8')).hooks.Stop[0].hooks[0].command).toBe(
      'bash "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/.codex/hooks/stop-watcher.sh',
    );
    expect(readFileSync(join(root, '.codex/config.toml'), 'utf8')).toBe('[features]\nhooks = true\n');
    const doctor = ralphHooks(['doctor'], { cwd: root });
    expect(doctor.stdout).toContain('RH20');
    writeSpec(root);
    const turns: Turn[] = [1, 2, 3].flatMap((n) => [{ shell: ADVANCE }, { text: `Task ${n} done.` }]);
    const run = await runCodex(root, { prompt: 'Implement the spec', turns, timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.files('specs/demo/.ralph-state.json')!).taskIndex).toBe(3);
    expect(stopsOf(run).map((s) => [s.active, s.out.includes('"decision":"block"')])).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
    expect(run.modelTurns).toBe(6);
    expect(run.exhausted).toBe(false);
    expect(sentToModel(run).some((t) => t.includes('<hook_prompt') && t.includes('Continue spec: demo (Task 2/3'))).toBe(true);
    // What Codex sends a Stop hook, and where its transcript is.
    const stop = run.hookInputs.find((h) => h.event === 'Stop')!.input;
    expect(Object.keys(stop).sort()).toEqual(
      ['cwd', 'hook_event_name', 'last_assistant_message', 'model', 'permission_mode', 'session_id', 'stop_hook_active', 'transcript_path', 'turn_id'],
    );
    expect(stop).toMatchObject({ hook_event_name: 'Stop', model: 'scripted', last_assistant_message: 'Task 1 done.', cwd: root });
    expect(String(stop.transcript_path)).toMatch(/\/sessions\/.*\/rollout-.*\.jsonl$/);
    expect(new Set(run.hookInputs.filter((h) => h.event === 'Stop').map((h) => h.input.turn_id)).size).toBe(1); // one turn, continued
    expect((run.transcript as { type: string }[])[0].type).toBe('session_meta');
    expect(run.transcript).toContainEqual(expect.objectContaining({ type: 'response_item', payload: expect.objectContaining({ type: 'function_call', name: 'exec_command' }) }));
    console.log(`codex: three-task spec, ${run.modelTurns} model turns, ${run.durationMs} ms`);
  }, TEST_TIMEOUT_MS);

  it('a model that never advances the task stops at the configured stallLimit', async () => {
    const root = initProject();
    const configPath = join(root, 'ralph-hooks.config.json');
    const config = JSON.parse(readFileSync(configPath, 'utf8'));
    config.hooks[0].options = { ...config.hooks[0].options, stallLimit: 2 };
    writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
    const generate = ralphHooks(['generate'], { cwd: root });
    expect(generate.status, generate.stderr).toBe(0);
    writeSpec(root);
    const turns: Turn[] = Array.from({ length: 8 }, () => ({ text: 'Still reading task 1.' }));
    const run = await runCodex(root, { prompt: 'Implement the spec', turns, timeoutMs: SESSION_TIMEOUT_MS });
    expect(run.exitCode, run.stderr).toBe(0);
    const stops = stopsOf(run);
    expect(stops.map((s) => s.out.includes('"decision":"block"'))).toEqual([true, true, false]);
    expect(JSON.parse(stops[2].out).systemMessage).toBe('Ralph-specum: stopped after 2 continuation(s) without progress (task index 0)');
    expect(run.modelTurns).toBe(3);
    expect(JSON.parse(run.files('specs/demo/.ralph-state.json')!).taskIndex).toBe(0);
  }, TEST_TIMEOUT_MS);

  it('the guard (ralph-hooks add guard) denies rm -rf with its reason reaching the model; echo runs', async () => {
    const root = initProject();
    const add = ralphHooks(['add', 'guard', '--preset', 'guard'], { cwd: root });
    expect(add.status, add.stderr).toBe(0);
    const run = await runCodex(root, {
      prompt: 'Clean up',
      turns: [{ shell: 'rm -rf / --no-preserve-root' }, { shell: 'echo harmless-ran' }, { text: 'Done.' }],
      timeoutMs: SESSION_TIMEOUT_MS,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const [rm, echo] = toolCalls(run);
    expect(rm).toMatchObject({ name: 'Bash', input: { command: 'rm -rf / --no-preserve-root' }, isError: true });
    expect(rm.result).toContain('Command blocked by PreToolUse hook: fs-destroy: rm --no-preserve-root removes the whole filesystem');
    expect(echo.isError).toBe(false);
    expect(echo.result).toContain('harmless-ran');
    const pre = run.hookInputs.filter((h) => h.event === 'PreToolUse');
    expect(pre.map((h) => [h.input.tool_name, (h.input.tool_input as { command: string }).command])).toEqual([
      ['Bash', 'rm -rf / --no-preserve-root'],
      ['Bash', 'echo harmless-ran'],
    ]);
    expect(run.result?.result).toBe('Done.');
  }, TEST_TIMEOUT_MS);
});

describeCodex('hook trust in the real codex exec', () => {
  it('an untrusted hook does not run; trust given through codex app-server (as /hooks does) is persisted and lets it run', async () => {
    const root = initProject();
    writeSpec(root);
    const turns: Turn[] = [{ shell: ADVANCE }, { text: 'Task 1 done.' }, { text: 'more' }];
    const untrusted = await runCodex(root, { prompt: 'Implement the spec', turns, hookTrust: 'none', timeoutMs: SESSION_TIMEOUT_MS });
    expect(untrusted.exitCode, untrusted.stderr).toBe(0);
    expect(untrusted.hookInputs).toEqual([]);
    expect(untrusted.modelTurns).toBe(2);

    writeSpec(root);
    const trusted = await runCodex(root, { prompt: 'Implement the spec', turns, hookTrust: 'app-server', keepHome: true, timeoutMs: SESSION_TIMEOUT_MS });
    expect(trusted.exitCode, trusted.stderr).toBe(0);
    expect(trusted.stderr).not.toContain('dangerously-bypass-hook-trust');
    expect(stopsOf(trusted).length).toBeGreaterThan(0);
    const homeConfig = readFileSync(join(trusted.home!, 'config.toml'), 'utf8');
    expect(homeConfig).toContain(`[hooks.state."${root}/.codex/hooks.json:stop:0:0"]`);
    expect(homeConfig).toMatch(/trusted_hash = "sha256:[0-9a-f]{64}"/);
    spawnSync('rm', ['-rf', trusted.home!]);
  }, TEST_TIMEOUT_MS);
});
