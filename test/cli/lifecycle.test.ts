/**
 * The lifecycle a user expects: re-running init keeps hooks it did not ask about; remove,
 * uninstall, upgrade; adopting a hand edit so doctor and CI go green; warnings for likely
 * mistakes; `add` with options; the state folder ignored by git; `test` from a subfolder;
 * doctor naming a lost executable bit and pointing at the installed docs; plugin.json.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { troubleshootingPath } from '../../src/diagnose/doctor.js';
import { PACKAGE_ROOT } from '../../src/util/package-info.js';
import { copyOfMadeOnce, ralphHooks, snapshot, tempDir } from '../helpers/cli.js';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

/** A git repository with `init --yes --guard none` (every extra) already run; `setup` writes the user's files first. */
function initProject(args: string[] = [], setup?: (root: string) => void): string {
  if (setup) return initInto(tempDir('rh-life-'), args, setup);
  // Without files of the user's, the same flags give the same project: init once, copy it.
  return copyOfMadeOnce(`init ${args.join(' ')}`, (dir) => initInto(dir, args), 'rh-life-');
}

function initInto(root: string, args: string[], setup: (root: string) => void = () => {}): string {
  spawnSync('git', ['init', '-q'], { cwd: root });
  setup(root);
  // The guard (on by default) is not what these tests are about: left out unless asked for.
  const guard = args.includes('--guard') ? [] : ['--guard', 'none'];
  const result = ralphHooks(['init', '--yes', ...guard, ...args], { cwd: root });
  if (result.status !== 0) throw new Error(result.stderr);
  return root;
}

describe('re-running init', () => {
  it('keeps a hook that `add` created (it used to remove it)', () => {
    const root = initProject();
    expect(ralphHooks(['add', 'stop-watcher', '--preset', 'loop', '--name', 'ralph-loop'], { cwd: root }).status).toBe(0);
    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain('remove');
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks.map((h: { name?: string; preset: string }) => h.name ?? h.preset)).toEqual(['specum', 'ralph-loop']);
    expect(existsSync(join(root, '.claude/hooks/ralph-loop.sh'))).toBe(true);
  }, 60_000);

  it('--stop-watcher replaces only the first stop-watcher', () => {
    const root = initProject();
    ralphHooks(['add', 'stop-watcher', '--preset', 'passive', '--name', 'observer'], { cwd: root });
    expect(ralphHooks(['init', '--yes', '--stop-watcher', 'speckit'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks).toEqual([
      { kind: 'stop-watcher', preset: 'speckit' },
      { kind: 'stop-watcher', preset: 'passive', name: 'observer' },
    ]);
  }, 60_000);
});

describe('remove <hook>', () => {
  it('takes out its config entry, script, tests, cases and registration; other hooks stay', () => {
    const root = initProject();
    ralphHooks(['add', 'stop-watcher', '--preset', 'loop', '--name', 'ralph-loop'], { cwd: root });
    const result = ralphHooks(['remove', 'ralph-loop'], { cwd: root });
    expect(result.status, result.stderr).toBe(0);
    for (const file of ['.claude/hooks/ralph-loop.sh', 'test/hooks/ralph-loop.vitest.ts', 'test/hooks/ralph-loop.bats']) expect(existsSync(join(root, file)), file).toBe(false);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks).toEqual([{ kind: 'stop-watcher', preset: 'specum' }]);
    expect(readFileSync(join(root, '.claude/settings.json'), 'utf8')).not.toContain('ralph-loop');
    expect(existsSync(join(root, '.claude/hooks/stop-watcher.sh'))).toBe(true);
    expect(ralphHooks(['doctor'], { cwd: root }).status).toBe(0);
  }, 60_000);

  it('an unknown name is an error with a "did you mean", nothing written', () => {
    const root = initProject();
    const before = snapshot(root);
    const result = ralphHooks(['remove', 'stop-wacher'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("has no hook named 'stop-wacher'. Did you mean stop-watcher?");
    expect(snapshot(root)).toEqual(before);
  }, 60_000);
});

describe('uninstall', () => {
  it.each([
    ['claude-plugin', 'hooks/hooks.json'],
    ['codex-project', '.codex/hooks.json'],
    ['forgeflare', '.forgeflare/hooks.toml'],
  ])('under %s recognises its handlers by the target\'s command root and removes %s', (target, registration) => {
    const root = initProject(['--target', target, '--extras', 'none']);
    expect(existsSync(join(root, registration))).toBe(true);
    const result = ralphHooks(['uninstall', '--yes'], { cwd: root });
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(join(root, registration))).toBe(false);
  });

  it('--dry-run lists the files that would go and diffs only the files that stay and change', () => {
    const root = initProject([], (dir) => writeFileSync(join(dir, 'package.json'), '{\n  "name": "mine"\n}\n'));
    const result = ralphHooks(['uninstall', '--dry-run'], { cwd: root });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('--- a/package.json');
    expect(result.stdout).toMatch(/remove {2}\.claude\/hooks\/stop-watcher\.sh/);
    expect(result.stdout).not.toContain('--- a/.claude/hooks/stop-watcher.sh');
    expect(result.stdout.split('\n').length).toBeLessThan(60);
  });

  it('removes what ralph-hooks wrote, keeps hand edits and the user\'s own settings and scripts', () => {
    const root = initProject();
    const settings = readJson(join(root, '.claude/settings.json'));
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify({ ...settings, permissions: { allow: ['Bash(ls)'] } }, null, 2));
    const pkg = readJson(join(root, 'package.json'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ ...pkg, scripts: { ...pkg.scripts, lint: 'eslint .' } }, null, 2));
    writeFileSync(join(root, 'test/hooks/stop-watcher.bats'), '# mine\n');
    mkdirSync(join(root, '.ralph-hooks/logs'), { recursive: true });
    writeFileSync(join(root, '.ralph-hooks/logs/hooks.log'), 'x\n');

    expect(ralphHooks(['uninstall'], { cwd: root }).status).toBe(2); // no terminal, no --yes
    const result = ralphHooks(['uninstall', '--yes'], { cwd: root });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/keep +test\/hooks\/stop-watcher\.bats {2}\(edited by hand: left in place\)/);
    expect(readFileSync(join(root, 'test/hooks/stop-watcher.bats'), 'utf8')).toBe('# mine\n');
    expect(readJson(join(root, '.claude/settings.json'))).toEqual({ permissions: { allow: ['Bash(ls)'] } });
    const after = readJson(join(root, 'package.json'));
    // The test script init wrote is gone, not turned into npm's failing placeholder; the user's own script stays,
    // and so does the package.json init created, since it holds something of theirs now.
    expect(after.scripts).toEqual({ lint: 'eslint .' });
    expect(after.devDependencies).toBeUndefined();
    expect(result.stdout).toContain("  - package.json stays: ralph-hooks created it, but it now holds things of yours (scripts.lint); only ralph-hooks' scripts and devDependencies come out of it.");
    expect(result.stdout).toContain('  - test/hooks/stop-watcher.bats (edited by hand) stays. Delete it if you no longer want it: rm test/hooks/stop-watcher.bats');
    // Nothing was installed: no command to update node_modules.
    expect(result.stdout).not.toContain('Then update');
    for (const gone of ['ralph-hooks.config.json', '.ralph-hooks', '.claude/hooks', '.github/workflows/ralph-hooks.yml', 'test/hook-cases']) {
      expect(existsSync(join(root, gone)), gone).toBe(false);
    }
  }, 60_000);

  it('a settings.json that held only our hooks goes; --dry-run writes nothing', () => {
    const root = initProject(['--extras', 'none']);
    const before = snapshot(root);
    expect(ralphHooks(['uninstall', '--dry-run'], { cwd: root }).status).toBe(0);
    expect(snapshot(root)).toEqual(before);
    expect(ralphHooks(['uninstall', '--yes'], { cwd: root }).status).toBe(0);
    expect(readdirSync(root)).toEqual(['.git']);
  }, 60_000);
});

describe('upgrade', () => {
  it('re-renders after a new version and says what changed in each hook', () => {
    const root = initProject();
    // What an older ralph-hooks would have left: another version in the manifest, an older script.
    const manifest = readJson(join(root, '.ralph-hooks/manifest.json'));
    const script = join(root, '.claude/hooks/stop-watcher.sh');
    const older = readFileSync(script, 'utf8').replace(/^readonly DEFAULT_MAX_GLOBAL_ITERATIONS=.*$/m, 'readonly DEFAULT_MAX_GLOBAL_ITERATIONS=999');
    writeFileSync(script, older);
    manifest.generator = 'ralph-hooks@0.0.9';
    manifest.files['.claude/hooks/stop-watcher.sh'] = createHash('sha256').update(older).digest('hex');
    writeFileSync(join(root, '.ralph-hooks/manifest.json'), JSON.stringify(manifest, null, 2));

    // doctor points at upgrade, not generate: the files are another version's.
    const doctor = ralphHooks(['doctor'], { cwd: root });
    expect(doctor.stdout + doctor.stderr).toMatch(/RH10 The files were generated by ralph-hooks@0\.0\.9; ralph-hooks@\d+\.\d+\.\d+ is installed and renders 1 of them differently: \.claude\/hooks\/stop-watcher\.sh\./);
    expect(doctor.stdout + doctor.stderr).toContain('Run: npx ralph-hooks upgrade');

    const result = ralphHooks(['upgrade'], { cwd: root });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Upgrade: generated by ralph-hooks@0\.0\.9, now ralph-hooks@\d+\.\d+\.\d+\./);
    expect(result.stdout).toMatch(/ {2}stop-watcher \(specum stop-watcher\):\n {4}update +\.claude\/hooks\/stop-watcher\.sh {2}\(\+1 -1 lines\)/);
    expect(readFileSync(script, 'utf8')).not.toContain('=999');
    expect(ralphHooks(['doctor'], { cwd: root }).status).toBe(0);
  }, 60_000);

  it('names a hook by its preset once when the preset is its kind: "guard (guard)", not "guard guard"', async () => {
    const { hookLabel } = await import('../../cli/commands/upgrade.js');
    expect(hookLabel({ name: 'guard', preset: 'guard', kind: 'guard' })).toBe('guard (guard)');
    expect(hookLabel({ name: 'stop-watcher', preset: 'specum', kind: 'stop-watcher' })).toBe('stop-watcher (specum stop-watcher)');
  });
});

describe('adopting a hand edit', () => {
  it('makes doctor and the workflow check green, until --force restores the generated version', () => {
    const root = initProject();
    const script = join(root, '.claude/hooks/stop-watcher.sh');
    writeFileSync(script, `${readFileSync(script, 'utf8')}# my tweak\n`);
    expect(ralphHooks(['doctor'], { cwd: root }).status).toBe(1);
    expect(ralphHooks(['generate', '--on-conflict=fail'], { cwd: root }).status).toBe(2);

    const adopt = ralphHooks(['generate', '--on-conflict=adopt'], { cwd: root });
    expect(adopt.status, adopt.stderr).toBe(0);
    expect(adopt.stdout).toContain('adopt');
    expect(readFileSync(script, 'utf8')).toMatch(/# my tweak\n$/);
    const doctor = ralphHooks(['doctor'], { cwd: root });
    expect(doctor.status, doctor.stdout).toBe(0);
    expect(doctor.stdout).toContain('(1 of them your adopted edit)');
    // The workflow's step: generate --on-conflict=fail finds nothing to do.
    const check = ralphHooks(['generate', '--on-conflict=fail'], { cwd: root });
    expect(check.status).toBe(0);
    expect(check.stdout).toContain('Everything is up to date');

    // A config change that alters the script makes it a conflict again (the edit is not lost).
    const config = readJson(join(root, 'ralph-hooks.config.json'));
    config.hooks[0].options = { maxGlobalIterations: 40 };
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify(config, null, 2));
    expect(ralphHooks(['generate', '--on-conflict=fail'], { cwd: root }).stderr).toContain('your adopted edit, and the generated version has changed since');

    expect(ralphHooks(['generate', '--force'], { cwd: root }).status).toBe(0);
    expect(readFileSync(script, 'utf8')).not.toContain('# my tweak');
    expect(readJson(join(root, '.ralph-hooks/manifest.json')).adopted).toBeUndefined();
  }, 90_000);
});

describe('adopting an edit made before a config change (issue: the change was dropped silently)', () => {
  it('says so at the adopt, in generate and in doctor, shows what is missing, and re-adopting a merged edit clears it', () => {
    const root = initProject(['--extras', 'none']);
    const script = join(root, '.claude/hooks/stop-watcher.sh');
    const configPath = join(root, 'ralph-hooks.config.json');
    const config = readJson(configPath);
    config.hooks[0].options = { maxGlobalIterations: 40 };
    writeFileSync(configPath, JSON.stringify(config, null, 2));
    writeFileSync(script, `${readFileSync(script, 'utf8')}# my tweak\n`);

    const adopt = ralphHooks(['generate', '--on-conflict=adopt'], { cwd: root });
    expect(adopt.status, adopt.stderr).toBe(0);
    expect(adopt.stdout).toMatch(/lacks it: see npx (--yes ralph-hooks@[0-9.]+|ralph-hooks) generate --dry-run --force/);
    expect(readFileSync(script, 'utf8')).toContain('DEFAULT_MAX_GLOBAL_ITERATIONS=100');

    const again = ralphHooks(['generate'], { cwd: root });
    expect(again.status).toBe(0);
    expect(again.stderr).toContain('.claude/hooks/stop-watcher.sh is your adopted edit, made from a rendering older than the config');
    const doctor = ralphHooks(['doctor'], { cwd: root });
    expect(doctor.status, doctor.stdout).toBe(1);
    expect(doctor.stdout).toContain('✗ RH10 .claude/hooks/stop-watcher.sh is your adopted edit, made before a config change it lacks');

    // --dry-run --force shows the difference --force would make, and writes nothing.
    const preview = ralphHooks(['generate', '--dry-run', '--force'], { cwd: root });
    expect(preview.status).toBe(0);
    expect(preview.stdout).toContain('-readonly DEFAULT_MAX_GLOBAL_ITERATIONS=100');
    expect(preview.stdout).toContain('+readonly DEFAULT_MAX_GLOBAL_ITERATIONS=40');
    expect(readFileSync(script, 'utf8')).toContain('# my tweak');

    // The user folds the change into the edit and adopts again: all is well.
    writeFileSync(script, readFileSync(script, 'utf8').replace('DEFAULT_MAX_GLOBAL_ITERATIONS=100', 'DEFAULT_MAX_GLOBAL_ITERATIONS=40'));
    expect(ralphHooks(['generate', '--on-conflict=adopt'], { cwd: root }).stdout).toContain('adopted your edit: generate, doctor and CI accept it');
    const healthy = ralphHooks(['doctor'], { cwd: root });
    expect(healthy.status, healthy.stdout).toBe(0);
    expect(ralphHooks(['generate'], { cwd: root }).stderr).not.toContain('adopted edit');
  }, 90_000);

  it('an edit adopted with no config change in between is not flagged', () => {
    const root = initProject(['--extras', 'none']);
    const script = join(root, '.claude/hooks/stop-watcher.sh');
    writeFileSync(script, `${readFileSync(script, 'utf8')}# my tweak\n`);
    expect(ralphHooks(['generate', '--on-conflict=adopt'], { cwd: root }).stdout).not.toContain('lacks');
    expect(ralphHooks(['generate'], { cwd: root }).stderr).toBe('');
  }, 60_000);
});

describe('warnings', () => {
  it('two blocking stop-watchers: generate and doctor warn, and doctor stays green', () => {
    const root = initProject(['--extras', 'none']);
    const add = ralphHooks(['add', 'stop-watcher', '--preset', 'loop', '--name', 'ralph-loop'], { cwd: root });
    expect(add.status).toBe(0);
    expect(add.stderr).toContain("warning: 2 stop-watchers can block a stop ('stop-watcher' (specum), 'ralph-loop' (loop))");
    const doctor = ralphHooks(['doctor'], { cwd: root });
    expect(doctor.status).toBe(0);
    expect(doctor.stdout).toContain('! RH13 warning: 2 stop-watchers can block a stop');
  }, 60_000);

  it('a Node loop without its commands reads a state file nothing writes', () => {
    const root = initProject(['--extras', 'none', '--stop-watcher', 'none']);
    const result = ralphHooks(['add', 'stop-watcher', '--preset', 'loop', '--option', 'runtime=node', '--option', 'commands=false'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("reads its loop state from .claude/ralph-loop.local.json, but no registered command writes that file");
  }, 60_000);
});

describe('add with options', () => {
  it('--option key=value (JSON when it parses, dotted keys nest) and --options JSON', () => {
    const root = initProject(['--extras', 'none', '--stop-watcher', 'none']);
    expect(ralphHooks(['add', 'stop-watcher', '--preset', 'loop', '--name', 'a', '--option', 'maxIterations=30', '--option', 'logPrefix=my-loop'], { cwd: root }).status).toBe(0);
    expect(ralphHooks(['add', 'guard', '--preset', 'guard', '--name', 'g', '--options', '{"rules":{"secrets":{"enabled":false}}}'], { cwd: root }).status).toBe(0);
    const hooks = readJson(join(root, 'ralph-hooks.config.json')).hooks;
    expect(hooks[0]).toEqual({ kind: 'stop-watcher', preset: 'loop', name: 'a', options: { maxIterations: 30, logPrefix: 'my-loop' } });
    expect(hooks[1].options).toEqual({ rules: { secrets: { enabled: false } } });
  }, 60_000);

  it('a preset with a required option can be added: cc-compat --option script=… (forgeflare)', () => {
    const root = initProject(['--extras', 'none', '--stop-watcher', 'none', '--target', 'forgeflare']);
    mkdirSync(join(root, '.claude/hooks'), { recursive: true });
    writeFileSync(join(root, '.claude/hooks/ralph-guard.sh'), '#!/bin/bash\nexit 0\n');
    const result = ralphHooks(['add', 'guard', '--preset', 'cc-compat', '--name', 'ralph-guard', '--option', 'script=.claude/hooks/ralph-guard.sh', '--option', 'tools=["Bash"]'], { cwd: root });
    expect(result.status, result.stderr).toBe(0);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks[0].options).toEqual({ script: '.claude/hooks/ralph-guard.sh', tools: ['Bash'] });
    expect(readFileSync(join(root, '.forgeflare/hooks.toml'), 'utf8')).toContain('ralph-guard');
    expect(ralphHooks(['doctor'], { cwd: root }).status).toBe(0);
  }, 60_000);

  it('a wrong option is reported as the flag it came from (the user never wrote the config), a usage error; nothing written', () => {
    const root = initProject(['--extras', 'none', '--stop-watcher', 'none']);
    const before = snapshot(root);
    const result = ralphHooks(['add', 'stop-watcher', '--preset', 'loop', '--option', 'maxIterations=lots'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('ralph-hooks add: the hook you asked for is not valid:\n  - --option maxIterations: got "lots"; expected a number.\n');
    const name = ralphHooks(['add', 'stop-watcher', '--preset', 'loop', '--name', '../evil'], { cwd: root });
    expect(name.status).toBe(2);
    expect(name.stderr).toContain('  - --name: got "../evil"; lower-case letters');
    expect(name.stderr).not.toContain('ralph-hooks.config.json is not valid');
    const required = ralphHooks(['add', 'guard', '--preset', 'cc-compat'], { cwd: root });
    expect(required.stderr).toContain('  - --option script: required (string); give it with --option script=<value>.');
    expect(ralphHooks(['add', 'stop-watcher', '--preset', 'loop', '--options', '[1]'], { cwd: root }).status).toBe(2);
    expect(snapshot(root)).toEqual(before);
  }, 60_000);
});

describe('a config pasted without "extras"', () => {
  it('generate says which extras it removes and how to keep them', () => {
    const root = initProject();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    const dry = ralphHooks(['generate', '--dry-run'], { cwd: root });
    expect(dry.stderr).toMatch(/warning: ralph-hooks\.config\.json has no "extras", so every extra is off: 2\d generated test, case and workflow file\(s\) are removed\./);
    expect(existsSync(join(root, 'test/hooks/stop-watcher.vitest.ts'))).toBe(true);
  }, 60_000);
});

describe('small things', () => {
  it('.ralph-hooks/.gitignore keeps logs and state out of git, the manifest in', () => {
    const root = initProject(['--extras', 'none']);
    mkdirSync(join(root, '.ralph-hooks/logs'), { recursive: true });
    mkdirSync(join(root, '.ralph-hooks/state'), { recursive: true });
    writeFileSync(join(root, '.ralph-hooks/logs/hooks.log'), 'x\n');
    writeFileSync(join(root, '.ralph-hooks/state/loop.json'), '{}\n');
    const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', '.ralph-hooks'], { cwd: root, encoding: 'utf8' }).stdout;
    expect(status.split('\n').filter(Boolean).sort()).toEqual(['?? .ralph-hooks/.gitignore', '?? .ralph-hooks/manifest.json']);
  }, 60_000);

  it('`ralph-hooks test` finds the project root from a subfolder', () => {
    const root = initProject(['--extras', 'cases']);
    mkdirSync(join(root, 'src/deep'), { recursive: true });
    const result = ralphHooks(['test'], { cwd: join(root, 'src/deep') });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/(\d+) passed, 0 failed, 0 errors, \1 cases/);
  }, 60_000);

  it('`ralph-hooks test` with no case folder (a preset without starter cases) passes with a note', () => {
    const root = initProject(['--extras', 'none', '--stop-watcher', 'loop']);
    const result = ralphHooks(['test', '--reporter', 'human', '--reporter', 'junit=reports/hook-cases.xml'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('no cases in test/hook-cases/ yet: nothing to replay');
    expect(readFileSync(join(root, 'reports/hook-cases.xml'), 'utf8')).toMatch(/tests="0"/);
    expect(ralphHooks(['test', 'test/nowhere'], { cwd: root }).status).toBe(2);
  }, 60_000);

  it('doctor after chmod -x names the executable bit, not the config, and points at the docs it can open', () => {
    const root = initProject(['--extras', 'none']);
    chmodSync(join(root, '.claude/hooks/stop-watcher.sh'), 0o644);
    const result = ralphHooks(['doctor'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✗ RH12 .claude/hooks/stop-watcher.sh is not executable any more');
    expect(result.stdout).toContain('fix: chmod +x .claude/hooks/stop-watcher.sh');
    expect(result.stdout).toContain('✓ RH10 the generated files match the config');
    // Outside the package the path is absolute; inside a user's project it is node_modules/ralph-hooks/docs/….
    expect(result.stdout).toMatch(/See \/\S+\/docs\/troubleshooting\.md for each code\./);
    // A project holding the package (node_modules/ralph-hooks) gets a path relative to its root.
    const project = dirname(dirname(PACKAGE_ROOT));
    expect(troubleshootingPath(project)).toBe(`${basename(dirname(PACKAGE_ROOT))}/${basename(PACKAGE_ROOT)}/docs/troubleshooting.md`);
  }, 60_000);

  it('--target claude-plugin writes .claude-plugin/plugin.json (merged: an existing one keeps its keys)', () => {
    const root = initProject(['--extras', 'none', '--target', 'claude-plugin']);
    expect(readJson(join(root, '.claude-plugin/plugin.json'))).toMatchObject({ name: expect.stringMatching(/^rh-life-/), version: '0.1.0' });
    writeFileSync(join(root, '.claude-plugin/plugin.json'), JSON.stringify({ name: 'mine', author: { name: 'me' } }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, '.claude-plugin/plugin.json'))).toEqual({ name: 'mine', author: { name: 'me' } });
    expect(ralphHooks(['doctor'], { cwd: root }).status).toBe(0);
  }, 60_000);
});
