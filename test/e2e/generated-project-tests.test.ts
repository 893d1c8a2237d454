/**
 * The generated vitest and bats files and starter cases, run inside a generated project
 * whose node_modules holds this repository's package as a user installs it (installedPackage)
 * and its vitest and bats, for every preset and both contracts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { PRESETS } from '../../src/presets/index.js';
import { generateProject } from '../helpers/generate.js';
import { linkInstalled, REPO_ROOT, ralphHooks, tempDir } from '../helpers/cli.js';

const ALL_EXTRAS = { vitest: true, bats: true, cases: true, workflow: true, packageJson: true };

/**
 * A project generated from `config`, with node_modules linked to this repository. Generated in
 * this process, as `ralph-hooks generate` does (the same plan, written the same way), without
 * starting the CLI (~0.3 s of CPU each): the CLI's generate has tests of its own, and the last
 * test here regenerates through it.
 */
export function generatedProject(config: object): string {
  const root = generateProject(config as never, tempDir('rh-generated-')).root;
  linkInstalled(join(root, 'node_modules'), ['vitest', 'bats']);
  return root;
}

/** Every preset's project for `target`, made once: the tests that use it only read it or run its tests. */
const everyPresetProjects = new Map<string, string>();
function everyPresetProject(target: string): string {
  let root = everyPresetProjects.get(target);
  if (root === undefined) everyPresetProjects.set(target, (root = generatedProject(everyPreset(target))));
  return root;
}

const run = (command: string, args: string[], cwd: string) =>
  spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true' }, timeout: 120_000 });

/** The generated projects' vitest command (HOOK_VITEST_COMMAND), with this repository's vitest. */
const vitest = (root: string) => run(process.execPath, [join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/hooks/vitest.config.cjs'], root);

/** Each target's presets, found once: finding them renders every preset. */
const presetsOf = new Map<string, (typeof PRESETS)[number][]>();
/**
 * One hook per preset that renders for the target with its defaults. Left out: presets with
 * required options (cc-compat wraps a script you name) or that refuse the target.
 */
function presetsFor(target: string) {
  const known = presetsOf.get(target);
  if (known) return known;
  const presets = PRESETS.filter((preset) => {
    try {
      renderHooks(validateConfig({ target, hooks: [{ kind: preset.kind, preset: preset.id }] }));
      return true;
    } catch {
      return false;
    }
  });
  presetsOf.set(target, presets);
  return presets;
}

const everyPreset = (target: string) => ({
  target,
  hooks: presetsFor(target).map((preset) => ({ kind: preset.kind, preset: preset.id, name: `${preset.id}-hook` })),
  extras: ALL_EXTRAS,
});

describe.each(['claude-project', 'forgeflare', 'codex-project', 'qwen-project', 'copilot-project', 'gemini-project', 'droid-project'])('generated tests for every preset (%s)', (target) => {
  let root: string;
  beforeAll(() => {
    root = everyPresetProject(target);
  }, 240_000);

  it('the vitest files pass', () => {
    const result = vitest(root);
    expect(presetsFor(target).length).toBeGreaterThanOrEqual(5);
    expect(result.stdout + result.stderr).toMatch(new RegExp(`Test Files +${presetsFor(target).length} passed`));
    expect(result.status).toBe(0);
  }, 120_000);

  it('the bats files pass', () => {
    const result = run(join(root, 'node_modules/bats/bin/bats'), ['test/hooks'], root);
    expect(result.stdout + result.stderr).not.toMatch(/^not ok/m);
    expect(result.status).toBe(0);
  }, 120_000);

  it('the starter cases pass with ralph-hooks test', () => {
    const result = ralphHooks(['test'], { cwd: root });
    expect(result.stdout).toMatch(/(\d+) passed, 0 failed, 0 errors, \1 cases/);
    expect(result.status).toBe(0);
  }, 240_000);
});

describe('generated test files', () => {
  it('a guard gets the fail-closed contract, a stop-watcher the fail-open one', () => {
    const root = everyPresetProject('claude-project');
    const guardTest = readFileSync(join(root, 'test/hooks/guard-hook.vitest.ts'), 'utf8');
    expect(guardTest).toContain('expect(result).toDeny();');
    expect(readFileSync(join(root, 'test/hooks/guard-hook.bats'), 'utf8')).toContain('assert_deny');
    const stopTest = readFileSync(join(root, 'test/hooks/specum-hook.vitest.ts'), 'utf8');
    expect(stopTest).toContain('expect(result).toBeSilent({ allowStderr: true });');
    expect(stopTest).toContain('listCaseFiles("test/hook-cases/specum-hook"');
  });

  it('a failing case fails its vitest test with the full failure text', () => {
    const root = generatedProject({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }], extras: { vitest: true, cases: true } });
    const file = join(root, 'test/hook-cases/stop-watcher/continues-midway.case.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Task 3/5, Iter 4', 'Task 9/9, Iter 4'));
    const result = vitest(root);
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toContain('CaseFailedError: case stop-watcher/continues-midway (test/hook-cases/stop-watcher/continues-midway.case.json) failed');
    expect(result.stdout + result.stderr).toMatch(/stop-watcher\/continues-midway: reason\.contains --\nexpected \(1 lines\):\n {2}Continue spec: test-spec \(Task 9\/9, Iter 4\)/);
  }, 120_000);

  it('cases follow the hook options: a config change regenerates both and they still pass', () => {
    const root = generatedProject({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }], extras: { cases: true } });
    const custom = {
      hooks: [{
        kind: 'stop-watcher',
        preset: 'specum',
        options: {
          stateFile: '.loop-state.json', specsDirs: ['./work'], currentSpecFile: '.active', settingsFile: '.claude/loop.md',
          completionSignal: 'DONE.NOW', completionMatch: 'word', completionSource: 'transcript', logPrefix: 'my-loop', displayName: 'My-loop',
          onMaxIterations: 'allow', onStopHookActive: 'continue', commands: { implement: '/my:start', cancel: '/my:stop' },
        },
      }],
      extras: { cases: true },
    };
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify(custom));
    const generate = ralphHooks(['generate'], { cwd: root });
    expect(generate.status).toBe(0);
    expect(generate.stdout).toMatch(/update +test\/hook-cases\/stop-watcher\/  \(2\d files\)/);
    const result = ralphHooks(['test'], { cwd: root });
    expect(result.stdout).toMatch(/(\d+) passed, 0 failed, 0 errors, \1 cases/);
  }, 240_000);
});
