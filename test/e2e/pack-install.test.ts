/**
 * The path a user takes, from packages: pack ralph-hooks and create-ralph-hooks, install
 * both into an empty git repository and run `npm init ralph-hooks -- --yes` there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

// A time limit on each step: a synchronous call the registry never answers would otherwise block
// the worker past beforeAll's own limit (which only fires between awaits).
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'], timeout: 200_000, killSignal: 'SIGKILL' });

describe('packed packages in an empty git repository', () => {
  let project: string;
  let initOutput: string;

  beforeAll(() => {
    const packs = tempDir('ralph-hooks-packs-');
    // npm test has just built dist/ and create/index.js; --ignore-scripts skips the prepack build.
    run('npm', ['pack', '--ignore-scripts', '--pack-destination', packs], REPO_ROOT);
    run('npm', ['pack', '--ignore-scripts', '--pack-destination', packs], join(REPO_ROOT, 'create'));
    const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;
    project = tempDir('ralph-hooks-user-');
    run('git', ['init', '-q'], project);
    // The dependencies are those `npm ci` just fetched for this repository: take them from npm's
    // cache when it holds them (--prefer-offline), as a user's warm cache would.
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(packs, `ralph-hooks-${version}.tgz`), join(packs, `create-ralph-hooks-${version}.tgz`)], project);
    initOutput = run('npm', ['init', 'ralph-hooks', '--', '--yes'], project);
  }, 240_000);

  it('npm init ralph-hooks -- --yes writes the config, an executable stop-watcher, the guard and a merged settings.json', () => {
    expect(initOutput).toContain('create  .claude/hooks/  (7 files)');
    expect(initOutput).toContain('create  .claude/hooks/guard-rules/');
    const config = JSON.parse(readFileSync(join(project, 'ralph-hooks.config.json'), 'utf8'));
    expect(config.hooks).toEqual([{ kind: 'stop-watcher', preset: 'specum' }, { kind: 'guard', preset: 'guard' }]);
    expect(statSync(join(project, '.claude/hooks/stop-watcher.sh')).mode & 0o111).not.toBe(0);
    const settings = JSON.parse(readFileSync(join(project, '.claude/settings.json'), 'utf8'));
    expect(settings.hooks.Stop[0].hooks[0].command).toBe('bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh');
    // The guard is registered before every tool call, and denies a dangerous one.
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toBe('bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh');
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf ~' }, cwd: project, session_id: 's' });
    const denied = spawnSync('bash', ['.claude/hooks/guard.sh'], { cwd: project, input, encoding: 'utf8' });
    expect(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('the $schema in the config points at a schema the installed package ships', () => {
    const config = JSON.parse(readFileSync(join(project, 'ralph-hooks.config.json'), 'utf8'));
    const schema = JSON.parse(readFileSync(join(project, config.$schema), 'utf8'));
    expect(schema.title).toBe('ralph-hooks.config.json');
  });

  it('shellcheck reports nothing on the generated scripts', () => {
    const result = spawnSync('shellcheck', ['-x', join(project, '.claude/hooks/stop-watcher.sh'), join(project, '.claude/hooks/guard.sh')], { encoding: 'utf8', cwd: join(project, '.claude/hooks') });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('npx ralph-hooks generate finds nothing to do right after init', () => {
    expect(run('npx', ['ralph-hooks', 'generate'], project)).toContain('Everything is up to date');
  });
});
