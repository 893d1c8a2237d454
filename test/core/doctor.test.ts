import { appendFileSync, chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { generatedProject, ralphHooks, tempDir } from '../helpers/cli.js';

const HOOK = '.claude/hooks/stop-watcher.sh';

describe('ralph-hooks doctor', () => {
  let root: string;
  beforeEach(() => {
    root = generatedProject(JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
  });

  const doctor = (env: Record<string, string> = {}) => ralphHooks(['doctor'], { cwd: root, env });

  it('is green on a freshly generated project', () => {
    const result = doctor();
    expect(result.stdout).toContain('All is well.');
    expect(result.status).toBe(0);
  });

  it('RH02: jq missing', () => {
    const bin = join(tempDir(), 'bin');
    mkdirSync(bin);
    symlinkSync('/bin/bash', join(bin, 'bash'));
    const result = doctor({ PATH: bin });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/✗ RH02 jq is not on PATH.*\n\s+fix: Install jq ≥ 1\.6/);
  });

  it('RH08: a hook script that bash cannot run', () => {
    appendFileSync(join(root, HOOK), 'if then fi\n');
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/✗ RH08 \.claude\/hooks\/stop-watcher\.sh does not parse under bash/);
  });

  it('RH05: settings file that is not valid JSON', () => {
    writeFileSync(join(root, '.claude/settings.json'), '{ "hooks": ');
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/✗ RH05 \.claude\/settings\.json is not valid JSON \(line 1, column 12\)/);
  });

  it('RH06: a configured hook that is not registered', () => {
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify({ hooks: {} }));
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/✗ RH06 \.claude\/hooks\/stop-watcher\.sh is not registered for Stop in \.claude\/settings\.json\.\n\s+fix: Run: npx (--yes ralph-hooks@[0-9.]+|ralph-hooks) generate/);
  });

  it('RH09: manifest drift (a hand edit)', () => {
    appendFileSync(join(root, HOOK), '# tweak\n');
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✗ RH09 .claude/hooks/stop-watcher.sh differs from what ralph-hooks wrote (edited by hand).');
  });

  it('RH04: an invalid config', () => {
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'vscode' }));
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/✗ RH04 ralph-hooks\.config\.json is not valid:\n\s+- target: got "vscode"/);
  });

  it('RH10: a config change not generated yet', () => {
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'specum', options: { maxGlobalIterations: 3 } }] }));
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✗ RH10 The config asks for changes not generated yet: .claude/hooks/stop-watcher.sh.');
  });

  it('RH14: any handler whose script is gone, ours from another target or the user\'s, in any hook file here', () => {
    const settings = JSON.parse(readFileSync(join(root, '.claude/settings.json'), 'utf8'));
    settings.hooks.PreToolUse = [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'bash "$CLAUDE_PROJECT_DIR"/scripts/my-guard.sh' }, { type: 'command', command: 'notify-send hi' }] }];
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify(settings));
    mkdirSync(join(root, '.gemini'));
    writeFileSync(join(root, '.gemini/settings.json'), JSON.stringify({ hooks: { AfterAgent: [{ hooks: [{ type: 'command', command: 'bash "${GEMINI_PROJECT_DIR}"/.gemini/hooks/stop-watcher.sh || exit 0' }] }] } }));
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✗ RH14 .claude/settings.json: the PreToolUse handler `bash "$CLAUDE_PROJECT_DIR"/scripts/my-guard.sh` runs scripts/my-guard.sh, which does not exist');
    expect(result.stdout).toContain('✗ RH14 .gemini/settings.json: the AfterAgent handler');
    expect(result.stdout).not.toContain('notify-send');
    mkdirSync(join(root, 'scripts'));
    writeFileSync(join(root, 'scripts/my-guard.sh'), 'exit 0\n');
    expect(doctor().stdout).not.toContain('RH14 .claude/settings.json');
    // Started directly, a script must be executable.
    settings.hooks.PreToolUse[0].hooks[0].command = '"$CLAUDE_PROJECT_DIR"/scripts/my-guard.sh';
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify(settings));
    expect(doctor().stdout).toContain('✗ RH14 .claude/settings.json: the PreToolUse handler `"$CLAUDE_PROJECT_DIR"/scripts/my-guard.sh` starts scripts/my-guard.sh directly, and it is not executable');
    chmodSync(join(root, 'scripts/my-guard.sh'), 0o755);
    expect(doctor().stdout).not.toContain('RH14 .claude/settings.json');
  });

  it('RH14 reads the script out of every agent\'s command spelling, and leaves commands it cannot follow alone', async () => {
    const { scriptOf } = await import('../../src/diagnose/handler-scripts.js');
    const cases: [string, string | undefined][] = [
      ['bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh', '/p/.claude/hooks/stop-watcher.sh'],
      ['bash "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/.codex/hooks/guard.sh || exit 2', '/p/.codex/hooks/guard.sh'],
      ['node "${CLAUDE_PLUGIN_ROOT}"/hooks/scripts/loop.mjs', '/p/hooks/scripts/loop.mjs'],
      ['bash "${GEMINI_PROJECT_DIR}"/.gemini/hooks/x.sh || exit 0', '/p/.gemini/hooks/x.sh'],
      ['./mine.sh', '/p/mine.sh'],
      ['/usr/local/bin/hook', '/usr/local/bin/hook'],
      ['notify-send done', undefined],
      ['echo hi | tee log', undefined],
      ['python3 -m tool', undefined],
      // The shell expands the home folder (a user-level hook often starts there); other variables are not followed.
      ['bash "$HOME"/x.sh', join(process.env.HOME ?? '', 'x.sh')],
      ['bash ~/bin/x.sh', join(process.env.HOME ?? '', 'bin/x.sh')],
      ['bash "$XDG_CONFIG_HOME"/x.sh', undefined],
    ];
    for (const [command, script] of cases) expect(scriptOf(command, '/p'), command).toBe(script);
  });

  it('RH15: a guard handler whose "onFailure": "block" was edited away fails open; generate puts it back', () => {
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'guard', preset: 'guard' }] }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const path = join(root, '.claude/settings.json');
    const settings = JSON.parse(readFileSync(path, 'utf8'));
    delete settings.hooks.PreToolUse[0].hooks[0].onFailure;
    writeFileSync(path, JSON.stringify(settings));
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✗ RH15 .claude/settings.json: the PreToolUse handler of .claude/hooks/guard.sh has no "onFailure": "block"');
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8')).hooks.PreToolUse[0].hooks[0].onFailure).toBe('block');
    expect(doctor().stdout).not.toContain('RH15');
  });

  it('RH16: a hand-written matcher naming a tool by Claude Code\'s name where the agent calls it otherwise never matches', () => {
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'gemini-project', hooks: [{ kind: 'guard', preset: 'guard' }] }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(doctor().stdout).not.toContain('RH16'); // ralph-hooks translated its own
    const path = join(root, '.gemini/settings.json');
    const settings = JSON.parse(readFileSync(path, 'utf8'));
    mkdirSync(join(root, 'scripts'));
    writeFileSync(join(root, 'scripts/mine.sh'), 'exit 0\n');
    settings.hooks.BeforeTool.push({ matcher: 'Bash|write_file', hooks: [{ type: 'command', command: './scripts/mine.sh' }] });
    writeFileSync(path, JSON.stringify(settings));
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('✗ RH16 .gemini/settings.json: the BeforeTool matcher "Bash|write_file" names Bash, which Gemini CLI calls run_shell_command: that part never matches.');
    expect(result.stdout).not.toContain('names write_file');
  });

  it('RH16 is not raised under Qwen Code, whose matchers take Claude Code\'s tool names too', () => {
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'qwen-project', hooks: [{ kind: 'guard', preset: 'guard' }] }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const path = join(root, '.qwen/settings.json');
    const settings = JSON.parse(readFileSync(path, 'utf8'));
    mkdirSync(join(root, 'scripts'));
    writeFileSync(join(root, 'scripts/mine.sh'), 'exit 0\n');
    settings.hooks.PreToolUse.push({ matcher: 'Bash|Write', hooks: [{ type: 'command', command: 'bash ./scripts/mine.sh' }] });
    writeFileSync(path, JSON.stringify(settings));
    expect(doctor().stdout).not.toContain('RH16');
  });

  it('--json gives the findings to scripts', () => {
    const report = JSON.parse(ralphHooks(['doctor', '--json'], { cwd: root }).stdout);
    expect(report.healthy).toBe(true);
    expect(report.findings.map((f: { code: string }) => f.code)).toEqual(expect.arrayContaining(['RH01', 'RH02', 'RH04', 'RH05', 'RH06', 'RH08', 'RH09', 'RH10']));
  });
});

describe('ralph-hooks doctor: RH11, the Claude Code version a guard needs', () => {
  const guardProject = () => {
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'guard', preset: 'guard' }] }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    return root;
  };
  const fakeClaude = (root: string, version: string) => {
    mkdirSync(join(root, 'node_modules/.bin'), { recursive: true });
    writeFileSync(join(root, 'node_modules/.bin/claude'), `#!/bin/sh\necho '${version} (Claude Code)'\n`, { mode: 0o755 });
  };

  it('warns when the project\'s Claude Code is older than 2.1.295', () => {
    const root = guardProject();
    fakeClaude(root, '2.1.294');
    const result = ralphHooks(['doctor'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/✗ RH11 Claude Code 2\.1\.294 .* is older than 2\.1\.295: it ignores "onFailure": "block"/);
    expect(result.stdout).toContain('npm install -D @anthropic-ai/claude-code@latest');
  });

  it('warns that a Claude Code older than 2.1.332 ignores the guard\'s PreSkillShellCommand registration; not from 2.1.332 on', () => {
    const root = guardProject();
    fakeClaude(root, '2.1.328');
    const result = ralphHooks(['doctor'], { cwd: root });
    expect(result.stdout).toMatch(/✓ RH11 Claude Code 2\.1\.328 blocks a call/);
    expect(result.stdout).toMatch(/! RH11 warning: Claude Code 2\.1\.328 is older than 2\.1\.332: it ignores the PreSkillShellCommand hooks ralph-hooks registered, so the shell lines of skills and custom commands run unguarded\./);
    expect(result.status).toBe(0); // a warning
    fakeClaude(root, '2.1.332');
    expect(ralphHooks(['doctor'], { cwd: root }).stdout).not.toContain('is older than');
  });

  it('is green with 2.1.295 and with the installed Claude Code; silent without a guard', () => {
    const root = guardProject();
    fakeClaude(root, '2.1.295');
    expect(ralphHooks(['doctor'], { cwd: root }).stdout).toMatch(/✓ RH11 Claude Code 2\.1\.295 blocks a call/);
    const real = guardProject();
    mkdirSync(join(real, 'node_modules/.bin'), { recursive: true });
    symlinkSync(join(process.cwd(), 'node_modules/.bin/claude'), join(real, 'node_modules/.bin/claude'));
    const result = ralphHooks(['doctor'], { cwd: real });
    expect(result.stdout).toMatch(/✓ RH11 Claude Code 2\.1\.\d+ blocks a call/);
    expect(result.status).toBe(0);
    const noGuard = tempDir();
    writeFileSync(join(noGuard, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }] }));
    expect(ralphHooks(['generate'], { cwd: noGuard }).status).toBe(0);
    fakeClaude(noGuard, '2.1.100');
    expect(ralphHooks(['doctor'], { cwd: noGuard }).stdout).not.toContain('RH11');
  });
});

describe('ralph-hooks doctor: RH19, whether the hook test command finds the hook tests', () => {
  let root: string;
  beforeEach(() => {
    root = generatedProject(JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }], extras: { vitest: true, packageJson: true } }));
  });
  const doctor = () => ralphHooks(['doctor'], { cwd: root });
  const setTestHooks = (script: string) => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    pkg.scripts['test:hooks'] = script;
    writeFileSync(join(root, 'package.json'), JSON.stringify(pkg, null, 2));
  };

  it('is green with the generated config and test:hooks', () => {
    const result = doctor();
    expect(result.stdout).toContain('✓ RH19 the hook tests have their own vitest config (test/hooks/vitest.config.cjs, 1 file(s))');
    expect(result.status, result.stdout).toBe(0);
  });

  it('the generated config missing', () => {
    rmSync(join(root, 'test/hooks/vitest.config.cjs'));
    const result = doctor();
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/✗ RH19 test\/hooks\/vitest\.config\.cjs is missing: `vitest run --config test\/hooks\/vitest\.config\.cjs` stops before it runs a test.*\n\s+fix: Run: npx ralph-hooks generate/);
  });

  it('a test:hooks that runs vitest without it, where the project\'s include (or vitest\'s default) misses the hook tests', () => {
    setTestHooks('vitest run test/hooks --reporter dot && ralph-hooks test');
    const noConfig = doctor();
    expect(noConfig.status).toBe(1);
    expect(noConfig.stdout).toContain("✗ RH19 package.json's test:hooks runs `vitest run test/hooks --reporter dot` without --config test/hooks/vitest.config.cjs: vitest's default include (**/*.{test,spec}.?(c|m)[jt]s?(x)) matches none of the hook tests (test/hooks/stop-watcher.vitest.ts): \"No test files found\", exit 1.");
    expect(noConfig.stdout).toContain('fix: Run the hook tests with their own config in test:hooks: vitest run --config test/hooks/vitest.config.cjs');

    writeFileSync(join(root, 'vitest.config.ts'), "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['packages/**/*.spec.ts'] } });\n");
    expect(doctor().stdout).toContain('vitest takes vitest.config.ts, whose include (packages/**/*.spec.ts) matches none of the hook tests (test/hooks/stop-watcher.vitest.ts)');
    // Found through npx, and through a config named with -c.
    setTestHooks('npx vitest run -c ./vitest.config.ts');
    expect(doctor().stdout).toContain("✗ RH19 package.json's test:hooks runs `vitest run -c ./vitest.config.ts` without --config");

    // A project config whose include takes them: vitest finds them.
    writeFileSync(join(root, 'vitest.config.ts'), "export default { test: { include: ['packages/**/*.spec.ts', 'test/hooks/*.vitest.ts'] } };\n");
    const found = doctor();
    expect(found.stdout).toContain('✓ RH19');
    expect(found.status, found.stdout).toBe(0);

    // An include doctor cannot read: a warning, not a failure.
    writeFileSync(join(root, 'vitest.config.ts'), "import { globs } from './globs.js';\nexport default { test: { include: globs } };\n");
    const unread = doctor();
    expect(unread.stdout).toContain("! RH19 warning: package.json's test:hooks runs `vitest run -c ./vitest.config.ts` without --config test/hooks/vitest.config.cjs: vitest takes vitest.config.ts, whose include ralph-hooks cannot read");
    expect(unread.status, unread.stdout).toBe(0);
  });

  it('reads an include list as vitest does: tinyglobby (the copy vitest uses), with the options vitest passes, as the reference', async () => {
    const { globMatches } = await import('../../src/diagnose/doctor.js');
    // vitest's globFiles: glob(include, { dot: true, cwd, ignore: exclude, expandDirectories: false }).
    const fromVitest = createRequire(createRequire(import.meta.url).resolve('vitest/package.json'));
    const { glob } = fromVitest('tinyglobby') as { glob(patterns: string[], options: object): Promise<string[]> };
    const dir = tempDir('rh-include-');
    const paths = ['test/hooks/stop-watcher.vitest.ts', 'test/hooks/guard.vitest.ts', 'test/hooks/a.test.ts', 'test/unit/deep/a.ts', 'test/2/a.ts', '.config/hooks/a.vitest.ts', 'test/.hidden/a.vitest.ts', 'src/(a)/b.test.ts'];
    for (const path of paths) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), '');
    }
    // Each list is one the hand-written matcher read wrongly: a `!glob` that excludes, an extglob
    // `!(…)`, `**` inside a name (one `*`), a range in braces, a POSIX class, `..` and a trailing
    // `/` normalized away, an absolute glob, nested braces, dot folders.
    const lists = [
      ['test/**/*.ts', '!test/hooks/**'],
      ['test/**', '!**/*.vitest.ts', 'test/hooks/guard.vitest.ts'],
      ['test/hooks/!(*.vitest).ts'],
      ['test/**.vitest.ts'],
      ['test/{1..3}/*.ts'],
      ['test/[[:alpha:]]ooks/*.ts'],
      ['test/unit/../hooks/*.ts'],
      ['test/hooks/'],
      ['test/{hooks,{unit,x}}/**/*.ts'],
      ['**/*.vitest.ts'],
      ['src/\\(a\\)/*.ts'],
      [`${dir}/test/hooks/*.vitest.ts`],
      [''],
    ];
    for (const include of lists) {
      const found = new Set(await glob(include, { dot: true, cwd: dir, expandDirectories: false }));
      for (const path of paths) expect(globMatches(path, include, dir), `${JSON.stringify(include)} ${path}`).toBe(found.has(path));
    }
  });

  it('a test:hooks that does not run vitest, or runs it with the generated config, is fine', () => {
    for (const script of ['ralph-hooks test', 'echo vitest && ralph-hooks test', 'pnpm exec vitest run --config=test/hooks/vitest.config.cjs && ralph-hooks test']) {
      setTestHooks(script);
      expect(doctor().stdout, script).toContain('✓ RH19');
    }
  });

  it('reads include globs as vitest does (node:path matchesGlob as the reference)', async () => {
    const { matchesGlob } = await import('node:path');
    const { globMatches, includesIn, vitestCalls } = await import('../../src/diagnose/doctor.js');
    const globs = ['**/*.vitest.ts', '*.vitest.ts', 'test/**', 'test/**/*.ts', '**/*.{test,spec}.?(c|m)[jt]s?(x)', 'packages/**/*.spec.ts', 'test/hooks/*', '**/?(*.)+(spec|test).?([mc])[jt]s?(x)', '**/__tests__/**/*.?([mc])[jt]s?(x)', 'test/{hooks,unit}/**/*.ts', 'test/[hx]ooks/*.ts', '**'];
    const paths = ['test/hooks/stop-watcher.vitest.ts', 'test/hooks/stop-watcher.test.ts', 'test/hooks/a.spec.mjs', 'packages/a/b.spec.ts', 'src/x.tsx', 'test/unit/deep/a.ts', 'a.test.js', 'x/__tests__/y/z.cjs'];
    for (const glob of globs) for (const path of paths) expect(globMatches(path, glob), `${glob} ${path}`).toBe(matchesGlob(path, glob));
    expect(globMatches('test/hooks/a.vitest.ts', './test/hooks/*.vitest.ts')).toBe(true);
    // A glob picomatch cannot read: taken to match (no finding rather than a wrong one).
    expect(globMatches('test/hooks/a.vitest.ts', 'test/[z-a]ooks/*.ts')).toBe(true);
    expect(includesIn("defineConfig({ test: { include: ['a/**', \"b/*.ts\"], coverage: { include: [`src/**`] } } })")).toEqual(['a/**', 'b/*.ts', 'src/**']);
    expect(includesIn('export default { test: { globals: true } }')).toEqual(['**/*.{test,spec}.?(c|m)[jt]s?(x)']);
    expect(includesIn("export default { test: { include: [...configDefaults.include, 'x/**'] } }")).toBeUndefined();
    expect(includesIn('export default { test: { include: globs } }')).toBeUndefined();
    expect(vitestCalls('tsc && CI=1 npx vitest run a || node node_modules/vitest/vitest.mjs --root x; echo vitest')).toEqual([['vitest', 'run', 'a'], ['node_modules/vitest/vitest.mjs', '--root', 'x']]);
  });
});
