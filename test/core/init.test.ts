import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import helpers from 'yeoman-test';
import { afterEach, describe, expect, it } from 'vitest';
import RalphHooksGenerator from '../../generators/app/index.js';
import { CLI, ralphHooks, snapshot, tempDir } from '../helpers/cli.js';

const GENERATOR = { resolved: join(import.meta.dirname, '../../generators/app/index.ts'), namespace: 'ralph-hooks:app' };
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

function gitRepo(): string {
  const root = tempDir();
  spawnSync('git', ['init', '-q'], { cwd: root });
  return root;
}

describe('init --runtime (the loop\'s)', () => {
  it('--runtime node writes the Node loop; --runtime bash on a later init switches it back; the default writes no option', () => {
    const root = gitRepo();
    expect(ralphHooks(['init', '--yes', '--stop-watcher', 'loop', '--runtime', 'node', '--guard', 'none'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks).toEqual([{ kind: 'stop-watcher', preset: 'loop', options: { runtime: 'node' } }]);
    expect(existsSync(join(root, '.claude/hooks/stop-watcher.mjs'))).toBe(true);
    expect(ralphHooks(['init', '--yes', '--runtime', 'bash'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks).toEqual([{ kind: 'stop-watcher', preset: 'loop', options: { runtime: 'bash' } }]);
    expect(existsSync(join(root, '.claude/hooks/stop-watcher.sh'))).toBe(true);
    const fresh = gitRepo();
    expect(ralphHooks(['init', '--yes', '--stop-watcher', 'loop', '--guard', 'none'], { cwd: fresh }).status).toBe(0);
    expect(readJson(join(fresh, 'ralph-hooks.config.json')).hooks).toEqual([{ kind: 'stop-watcher', preset: 'loop' }]);
  });

  it('a bad value, or --runtime with another stop-watcher, is a usage error that writes nothing', () => {
    const root = gitRepo();
    const bad = ralphHooks(['init', '--yes', '--stop-watcher', 'loop', '--runtime', 'deno'], { cwd: root });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe("ralph-hooks init: --runtime: got 'deno'; allowed: bash, node.\n");
    const other = ralphHooks(['init', '--yes', '--stop-watcher', 'specum', '--runtime', 'node'], { cwd: root });
    expect(other.status).toBe(2);
    expect(other.stderr).toContain("--runtime: the runtime is the loop's; it goes with --stop-watcher loop, not 'specum'.");
    expect(existsSync(join(root, 'ralph-hooks.config.json'))).toBe(false);
  });
});

describe('the next steps fit the project', () => {
  it.each([
    ['claude-project', 'Start (or restart) Claude Code here'],
    ['claude-plugin', 'Load the plugin: claude --plugin-dir .'],
    ['codex-project', 'Start Codex here'],
    ['qwen-project', 'Start Qwen Code here'],
    ['copilot-project', 'Start Copilot CLI here and trust the folder'],
    ['gemini-project', 'Start Gemini CLI here in a trusted folder'],
    ['droid-project', 'Start droid here'],
    ['forgeflare', 'Start forgeflare here'],
  ])('%s: how to start the agent that reads them', (target, start) => {
    const result = ralphHooks(['init', '--yes', '--target', target], { cwd: gitRepo() });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`  - ${start}`);
    for (const other of ['Claude Code', 'Codex', 'Qwen Code', 'Copilot CLI', 'Gemini CLI', 'droid'].filter((name) => !start.includes(name) && !(target.startsWith('claude') && name === 'Claude Code'))) {
      expect(result.stdout).not.toContain(`Start ${other}`);
    }
  });

  it('"Replay the recorded cases" only where cases were written (specum ships them; the loop, speckit and passive do not)', () => {
    const specum = ralphHooks(['init', '--yes'], { cwd: gitRepo() });
    expect(specum.stdout).toContain('Replay the recorded cases: npx ralph-hooks test');
    for (const preset of ['loop', 'speckit', 'passive']) {
      const other = ralphHooks(['init', '--yes', '--stop-watcher', preset], { cwd: gitRepo() });
      expect(other.status, other.stderr).toBe(0);
      expect(other.stdout).not.toContain('Replay the recorded cases');
    }
  });
});

describe('ralph-hooks init', () => {
  it('--yes in a subfolder of a git repository scaffolds at the repository root and says so', () => {
    const root = gitRepo();
    mkdirSync(join(root, 'packages/app'), { recursive: true });
    const result = ralphHooks(['init', '--yes'], { cwd: join(root, 'packages/app') });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Project root: ${root} (the git repository root)`);
    expect(readJson(join(root, 'ralph-hooks.config.json'))).toEqual({
      $schema: './node_modules/ralph-hooks/schema/config.schema.json',
      target: 'claude-project',
      // The guard is on by default, with its default rules.
      hooks: [{ kind: 'stop-watcher', preset: 'specum' }, { kind: 'guard', preset: 'guard' }],
      extras: { vitest: true, bats: true, cases: true, workflow: true, scenarios: false, packageJson: true },
    });
    expect(existsSync(join(root, '.claude/hooks/stop-watcher.sh'))).toBe(true);
    expect(readJson(join(root, '.claude/settings.json')).hooks.PreToolUse[0].hooks[0].command).toBe('bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh');
    expect(existsSync(join(root, 'packages/app/ralph-hooks.config.json'))).toBe(false);
    expect(result.stdout).toContain('Next steps:');
  });

  it("npm's own --yes (npm_config_yes=true) counts as --yes, even on a terminal", () => {
    const root = gitRepo();
    // script(1) gives the CLI a real terminal; with npm_config_yes it must not prompt.
    const result = spawnSync('script', ['-qec', `node ${CLI} init`, '/dev/null'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, npm_config_yes: 'true', NO_COLOR: '1' },
      input: '',
      timeout: 120_000,
    });
    expect(result.status).toBe(0);
    expect(existsSync(join(root, '.claude/hooks/stop-watcher.sh'))).toBe(true);
  });

  it('every question has a flag: --target claude-plugin --stop-watcher specum', () => {
    const root = gitRepo();
    const result = ralphHooks(['init', '--target', 'claude-plugin', '--stop-watcher', 'specum'], { cwd: root });
    expect(result.status).toBe(0);
    expect(existsSync(join(root, 'hooks/scripts/stop-watcher.sh'))).toBe(true);
    expect(readJson(join(root, 'hooks/hooks.json')).hooks.Stop).toHaveLength(1);
  });

  it('--stop-watcher none leaves the guard alone; with --guard none too the config has no hooks', () => {
    const root = gitRepo();
    expect(ralphHooks(['init', '--yes', '--stop-watcher', 'none', '--extras', 'none'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks).toEqual([{ kind: 'guard', preset: 'guard' }]);
    // On a project that has it, --guard none takes it out again (and the registration with it).
    expect(ralphHooks(['init', '--yes', '--guard', 'none'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks).toEqual([]);
    expect(existsSync(join(root, '.claude/hooks/guard.sh'))).toBe(false);
    const bare = gitRepo();
    expect(ralphHooks(['init', '--yes', '--stop-watcher', 'none', '--guard', 'none'], { cwd: bare }).status).toBe(0);
    expect(readJson(join(bare, 'ralph-hooks.config.json')).hooks).toEqual([]);
  });

  it('a bad flag value names the flag and the choices, exits 2 (a usage error) and writes nothing', () => {
    const root = gitRepo();
    const before = snapshot(root);
    const result = ralphHooks(['init', '--yes', '--target', 'vscode'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^ralph-hooks init: --target: got 'vscode'; allowed: claude-project, claude-plugin\b.*\.\n$/);
    expect(snapshot(root)).toEqual(before);
  });

  it("an existing package.json, settings.json and workflow survive, settings' foreign keys included", () => {
    const root = gitRepo();
    const pkg = { name: 'mine', version: '1.2.3', scripts: { test: 'node --test' }, private: true };
    const settings = { permissions: { allow: ['Bash(ls)'] }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo bye' }] }] } };
    writeFileSync(join(root, 'package.json'), JSON.stringify(pkg, null, 2));
    mkdirSync(join(root, '.claude'));
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify(settings));
    mkdirSync(join(root, '.github/workflows'), { recursive: true });
    writeFileSync(join(root, '.github/workflows/ci.yml'), 'on: push\n');
    expect(ralphHooks(['init', '--yes'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, 'package.json'))).toMatchObject(pkg);
    expect(readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8')).toBe('on: push\n');
    const merged = readJson(join(root, '.claude/settings.json'));
    expect(merged.permissions).toEqual(settings.permissions);
    expect(merged.hooks.Stop[0]).toEqual(settings.hooks.Stop[0]);
    expect(merged.hooks.Stop[1].hooks[0].command).toBe('bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh');
  });

  it('re-running init keeps options set by hand in the config and changes nothing else', () => {
    const root = gitRepo();
    ralphHooks(['init', '--yes'], { cwd: root });
    const config = readJson(join(root, 'ralph-hooks.config.json'));
    config.hooks[0].options = { maxGlobalIterations: 7 };
    writeFileSync(join(root, 'ralph-hooks.config.json'), `${JSON.stringify(config, null, 2)}\n`);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const before = snapshot(root);
    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Everything is up to date');
    expect(snapshot(root)).toEqual(before);
  });

  it('re-running init over a hand-edited hook without a terminal fails with exit 2 and keeps the config as it was', () => {
    const root = gitRepo();
    ralphHooks(['init', '--yes'], { cwd: root });
    writeFileSync(join(root, '.claude/hooks/stop-watcher.sh'), '#!/bin/bash\n# mine\n');
    const before = snapshot(root);
    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.status).toBe(2);
    expect(snapshot(root)).toEqual(before);
  });
});

describe('the init generator prompts (yeoman-test)', () => {
  // yeoman-test runs the generator in a temporary folder it moves into; the files after this
  // one in the same worker find the repository where they expect it.
  const cwd = process.cwd();
  afterEach(() => process.chdir(cwd));

  it('asks each question and writes the answers', async () => {
    const result = await helpers
      .run(RalphHooksGenerator as any, GENERATOR)
      .withOptions({ interactive: true, quiet: true } as any)
      .withAnswers({ target: 'claude-plugin', stopWatcher: 'specum', guard: 'none', maxCostUsd: '', extras: ['cases'] });
    // Each question once (the extras checkbox used to be asked a second time, its answer ignored),
    // then the way back: "write the files, or change my answers?". No cost cap: none written.
    expect(result.askedQuestions.map((q) => q.name)).toEqual(['target', 'stopWatcher', 'guard', 'maxCostUsd', 'extras', 'next']);
    expect(readJson(join(result.cwd, 'ralph-hooks.config.json')).hooks[0].options).toBeUndefined();
    expect(readJson(join(result.cwd, 'ralph-hooks.config.json')).extras).toEqual({ vitest: false, bats: false, cases: true, workflow: false, scenarios: false, packageJson: false });
    expect(readJson(join(result.cwd, 'ralph-hooks.config.json'))).toMatchObject({ target: 'claude-plugin', hooks: [{ preset: 'specum' }] });
    expect(existsSync(join(result.cwd, 'hooks/scripts/stop-watcher.sh'))).toBe(true);
  });

  it('asks for the runtime and a cost cap when the loop is chosen, and writes them into the hook\'s options', async () => {
    const result = await helpers
      .run(RalphHooksGenerator as any, GENERATOR)
      .withOptions({ interactive: true, quiet: true } as any)
      .withAnswers({ target: 'claude-project', stopWatcher: 'loop', guard: 'guard', runtime: 'node', maxCostUsd: '2.50', extras: [] });
    expect(result.askedQuestions.map((q) => q.name)).toEqual(['target', 'stopWatcher', 'guard', 'runtime', 'maxCostUsd', 'extras', 'next']);
    expect(readJson(join(result.cwd, 'ralph-hooks.config.json')).hooks).toEqual([{ kind: 'stop-watcher', preset: 'loop', options: { runtime: 'node', maxCostUsd: 2.5 } }, { kind: 'guard', preset: 'guard' }]);
    expect(existsSync(join(result.cwd, '.claude/hooks/guard.sh'))).toBe(true);
    expect(existsSync(join(result.cwd, '.claude/hooks/stop-watcher.mjs'))).toBe(true);
  });

  it('"change my answers" goes back through the questions; the second answers are the ones written', async () => {
    let round = 0;
    const result = await helpers
      .run(RalphHooksGenerator as any, GENERATOR)
      .withOptions({ interactive: true, quiet: true } as any)
      .withAnswers({}, {
        callback: (_answer: unknown, { question }: { question: { name: string } }) => {
          if (question.name === 'next') return round++ === 0 ? 'back' : 'write';
          const first = { target: 'forgeflare', stopWatcher: 'loop', guard: 'guard', runtime: 'node', maxCostUsd: '', extras: ['bats'] } as Record<string, unknown>;
          const second = { target: 'claude-project', stopWatcher: 'passive', guard: 'none', extras: ['cases'] } as Record<string, unknown>;
          return (round === 0 ? first : second)[question.name];
        },
      });
    // The loop of the first round brings its runtime question; the passive observer of the second does not.
    expect(result.askedQuestions.map((q) => q.name)).toEqual(['target', 'stopWatcher', 'guard', 'runtime', 'maxCostUsd', 'extras', 'next', 'target', 'stopWatcher', 'guard', 'extras', 'next']);
    expect(readJson(join(result.cwd, 'ralph-hooks.config.json'))).toMatchObject({ target: 'claude-project', hooks: [{ preset: 'passive' }], extras: { cases: true, bats: false } });
    expect(existsSync(join(result.cwd, '.forgeflare'))).toBe(false);
  });

  it('does not ask what a flag already answered', async () => {
    const result = await helpers
      .run(RalphHooksGenerator as any, GENERATOR)
      .withOptions({ interactive: true, quiet: true, target: 'claude-project', extras: 'none' } as any)
      .withAnswers({ stopWatcher: 'none', guard: 'none' });
    expect(result.askedQuestions.map((q) => q.name)).toEqual(['stopWatcher', 'guard', 'next']);
    expect(readJson(join(result.cwd, 'ralph-hooks.config.json'))).toMatchObject({ target: 'claude-project', hooks: [] });
  });
});

describe('init without questions loads no generator framework', () => {
  /** Run the CLI with a module hook that lists every specifier it resolves into `log`. */
  function withResolveLog(args: string[], cwd: string, stdinIsTerminal = false) {
    const dir = tempDir('rh-resolve-');
    const log = join(dir, 'resolved.txt');
    writeFileSync(join(dir, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';\nexport async function resolve(specifier, context, next) { appendFileSync(${JSON.stringify(log)}, specifier + '\\n'); return next(specifier, context); }\n`);
    writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${join(dir, 'hooks.mjs')}`)});\n`);
    writeFileSync(log, '');
    const result = spawnSync(process.execPath, ['--import', join(dir, 'register.mjs'), CLI, ...args], { cwd, encoding: 'utf8', input: stdinIsTerminal ? undefined : '' });
    return { ...result, resolved: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
  }

  it('init --yes (and init with no terminal) writes the project without importing Yeoman or the generator (which bundles it)', () => {
    for (const args of [['init', '--yes'], ['init']]) {
      const root = tempDir('rh-light-');
      spawnSync('git', ['init', '-q'], { cwd: root });
      const run = withResolveLog(args, root);
      expect(run.status, run.stderr).toBe(0);
      expect(existsSync(join(root, '.claude/hooks/stop-watcher.sh'))).toBe(true);
      expect(run.resolved.length).toBeGreaterThan(10); // the hook did see the imports
      expect(run.resolved.filter((s) => /yeoman|generators\/app\/index\.js$/.test(s))).toEqual([]);
    }
  });
});

describe('init --max-cost-usd', () => {
  it('writes the cap into the stop-watcher\'s options with --yes; none takes it away; a bad value names the flag and the fix', () => {
    const root = gitRepo();
    expect(ralphHooks(['init', '--yes', '--quiet', '--stop-watcher', 'loop', '--max-cost-usd', '2.5'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks[0]).toEqual({ kind: 'stop-watcher', preset: 'loop', options: { maxCostUsd: 2.5 } });
    expect(readFileSync(join(root, '.claude/hooks/stop-watcher.sh'), 'utf8')).toContain('claude-sonnet-4');
    // Run again without the flag: the cap stays; with none: it goes.
    expect(ralphHooks(['init', '--yes', '--quiet'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks[0].options).toEqual({ maxCostUsd: 2.5 });
    expect(ralphHooks(['init', '--yes', '--quiet', '--max-cost-usd', 'none'], { cwd: root }).status).toBe(0);
    expect(readJson(join(root, 'ralph-hooks.config.json')).hooks[0].options).toEqual({});
    const bad = ralphHooks(['init', '--yes', '--max-cost-usd', 'lots'], { cwd: root });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--max-cost-usd: got 'lots'; give a positive number of US dollars");
    const passive = ralphHooks(['init', '--yes', '--stop-watcher', 'passive', '--max-cost-usd', '3'], { cwd: root });
    expect(passive.stderr).toContain('a cost cap needs a stop-watcher with budgets (loop, specum, speckit)');
  });
});
