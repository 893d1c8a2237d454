import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ralphHooks } from '../helpers/cli.js';
import { describeRealClient, realProject, scratch } from './helpers.js';

const HOOKS = [
  { kind: 'guard', preset: 'guard', name: 'ralph-guard' },
  { kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop' },
  { kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop-node', options: { runtime: 'node', commands: false } },
  { kind: 'stop-watcher', preset: 'specum', name: 'specum' },
  { kind: 'stop-watcher', preset: 'speckit', name: 'speckit' },
  { kind: 'stop-watcher', preset: 'passive', name: 'observer', options: { specsDirs: ['./other-specs'] } },
  { kind: 'convergence', preset: 'convergence', name: 'convergence' },
  { kind: 'session-end', preset: 'session-end', name: 'session-end' },
  { kind: 'audit-log', preset: 'audit-log', name: 'audit-log' },
];

describeRealClient('the scenarios extra', () => {
  it('scaffolds one real-client scenario per hook, and `ralph-hooks test` runs them green in Claude Code', () => {
    const project = realProject({ hooks: HOOKS, extras: { scenarios: true } } as never);
    const dirs = readdirSync(project.file('test/hook-scenarios')).sort();
    expect(dirs).toEqual(HOOKS.map((h) => h.name).sort());
    for (const dir of dirs) expect(readdirSync(project.file(`test/hook-scenarios/${dir}`))).toHaveLength(1);
    const result = ralphHooks(['test', '--reporter', 'tap'], { cwd: project.root });
    expect(result.stdout, result.stdout + result.stderr).toMatch(new RegExp(`^1\\.\\.${HOOKS.length}$`, 'm'));
    expect(result.status, result.stdout + result.stderr).toBe(0);
  }, 600_000);

  it('is off by default and with init --yes (it needs the claude package)', () => {
    const root = realProject({ hooks: [HOOKS[0]] } as never).root;
    expect(readdirSync(root)).not.toContain('test');
    const init = scratch();
    const result = ralphHooks(['init', '--yes'], { cwd: init });
    expect(result.status, result.stderr).toBe(0);
    expect(readdirSync(`${init}/test`)).not.toContain('hook-scenarios');
  }, 120_000);
});
