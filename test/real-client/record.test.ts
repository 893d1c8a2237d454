import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { runClaudeCode, saveRecordedCases, stopRuns } from '../../testkit/clients/index.js';
import { ralphHooks } from '../helpers/cli.js';
import { describeRealClient, realProject, SESSION_TIMEOUT_MS, TEST_TIMEOUT_MS } from './helpers.js';

const CLI = resolve('bin/ralph-hooks.js');
const TURNS = [{ text: 'Started.' }, { shell: 'echo half > progress.txt' }, { text: 'Half done.' }, { text: 'All done. <promise>DONE</promise>' }];

function loopProject(runtime: 'bash' | 'node') {
  const project = realProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop', name: 'loop', options: { runtime } }] } as never);
  const stateFile = runtime === 'node' ? '.claude/ralph-loop.local.json' : '.claude/ralph-loop.local.md';
  writeFileSync(
    project.file(stateFile),
    runtime === 'node'
      ? JSON.stringify({ active: true, iteration: 1, maxIterations: 10, completionPromise: 'DONE', prompt: 'Build it', sessionId: null })
      : '---\nactive: true\niteration: 1\nsession_id: \nmax_iterations: 10\ncompletion_promise: "DONE"\n---\n\nBuild it\n',
  );
  // The node loop is registered through its CommonJS launcher (a path with a backslash cannot be an ES module entry).
  return { project, stateFile, script: runtime === 'node' ? '.claude/hooks/loop.cjs' : '.claude/hooks/loop.sh' };
}

/** `ralph-hooks test` on a folder of the project: the TAP lines. */
function replay(root: string, folder: string) {
  const result = ralphHooks(['test', folder, '--reporter', 'tap'], { cwd: root });
  return { status: result.status, ok: (result.stdout.match(/^ok /gm) ?? []).length, output: result.stdout + result.stderr };
}

describeRealClient('recording from the real Claude Code', () => {
  it('`record -- <hook>` as the registered command: every recorded loop case replays green (the state before the hook is captured)', async () => {
    const { project, stateFile, script } = loopProject('bash');
    const settingsPath = project.file('.claude/settings.json');
    const settings = JSON.parse(readFileSync(settingsPath, 'utf8'));
    settings.hooks.Stop[0].hooks[0].command = `'${process.execPath}' '${CLI}' record --capture ${stateFile} -- bash "$CLAUDE_PROJECT_DIR"/${script}`;
    writeFileSync(settingsPath, JSON.stringify(settings, null, 2));

    const run = await runClaudeCode(project.root, { prompt: 'Build it', turns: TURNS, timeoutMs: SESSION_TIMEOUT_MS });
    expect(stopRuns(run).map((s) => JSON.parse(s.stdout || '{}').decision ?? 'allow')).toEqual(['block', 'block', 'allow']);
    const dir = project.file('test/hook-cases/recorded');
    const cases = readdirSync(dir).sort();
    expect(cases).toHaveLength(3);
    // The first case starts from iteration 1, as the hook saw it, not the 2 it wrote.
    const first = JSON.parse(readFileSync(join(dir, cases[0]), 'utf8'));
    expect(first.workspace.files[stateFile]).toContain('iteration: 1\n');
    const last = cases.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))).find((c) => c.expect.files);
    expect(last?.expect.files).toEqual({ [stateFile]: { exists: false } });

    const replayed = replay(project.root, 'test/hook-cases/recorded');
    expect(replayed.ok, replayed.output).toBe(3);
    expect(replayed.status).toBe(0);
  }, TEST_TIMEOUT_MS);

  for (const runtime of ['bash', 'node'] as const) {
    it(`the tap of a session (${runtime} loop) yields cases that replay green`, async () => {
      const { project, stateFile, script } = loopProject(runtime);
      const run = await runClaudeCode(project.root, { prompt: 'Build it', turns: TURNS, capture: [stateFile], timeoutMs: SESSION_TIMEOUT_MS });
      expect(run.files(stateFile)).toBeNull();
      const files = saveRecordedCases(run, project.file('test/hook-cases/session'), { hook: script, prefix: `session-${runtime}` });
      expect(files).toHaveLength(3);
      const replayed = replay(project.root, 'test/hook-cases/session');
      expect(replayed.ok, replayed.output).toBe(3);
      expect(replayed.status).toBe(0);
    }, TEST_TIMEOUT_MS);
  }
});
