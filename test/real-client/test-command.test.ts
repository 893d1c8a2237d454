import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ralphHooks } from '../helpers/cli.js';
import { describeRealClient, realProject, TEST_TIMEOUT_MS } from './helpers.js';

const PASSING = {
  name: 'guard denies rm -rf /',
  prompt: 'Clean up',
  turns: [{ shell: 'rm -rf / --no-preserve-root' }, { text: 'Done.' }],
  expect: { toolCalls: [{ name: 'Bash', isError: true, result: 'fs-destroy:' }], result: 'Done.' },
};
const FAILING = {
  name: 'a wrong expectation',
  prompt: 'Say hi',
  turns: [{ shell: 'echo hi' }, { text: 'Done.' }],
  expect: { toolCalls: [{ name: 'Bash', result: 'bye' }] },
};

describeRealClient('ralph-hooks test runs *.scenario.json in the real Claude Code', () => {
  it('with the human, TAP and JUnit reporters; a failure names the field and shows the hooks', async () => {
    const project = realProject({ hooks: [{ kind: 'guard', preset: 'guard', name: 'guard' }] } as never);
    const dir = project.file('test/hook-scenarios/guard');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'denies.scenario.json'), JSON.stringify(PASSING, null, 2));
    const passing = ralphHooks(['test', '--reporter', 'human', '--reporter', `junit=reports/hooks.xml`], { cwd: project.root });
    expect(passing.stdout + passing.stderr).toMatch(/✓ guard denies rm -rf \//);
    expect(passing.status).toBe(0);
    const junit = readFileSync(project.file('reports/hooks.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite [^>]*tests="1"[^>]*failures="0"/);
    expect(junit).toContain('name="guard denies rm -rf /"');

    writeFileSync(join(dir, 'wrong.scenario.json'), JSON.stringify(FAILING, null, 2));
    const failing = ralphHooks(['test', '--reporter', 'tap'], { cwd: project.root });
    expect(failing.status).toBe(1);
    expect(failing.stdout).toMatch(/^ok \d+ - guard denies rm -rf \//m);
    expect(failing.stdout).toMatch(/^not ok \d+ - a wrong expectation/m);
    expect(failing.stdout).toContain('toolCalls.0.result');
    expect(failing.stdout).toContain('PreToolUse bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh → exit 0');

    writeFileSync(join(dir, 'broken.scenario.json'), JSON.stringify({ turns: [{ shel: 'x' }] }));
    const broken = ralphHooks(['test', 'test/hook-scenarios/guard/broken.scenario.json'], { cwd: project.root });
    expect(broken.status).toBe(1);
    expect(broken.stdout + broken.stderr).toMatch(/turns\.0: Unrecognized key: "shel"/);
  }, TEST_TIMEOUT_MS);
});
