/**
 * (The slower half of test/cli/create-bundle.test.ts: a formatter, a terminal, the guard.)
 * create-ralph-hooks is one bundled file (scripts/bundle-create.mjs, part of `npm run build`):
 * what `npm init ralph-hooks` runs must write what `ralph-hooks init` writes, byte for byte, with
 * questions (Yeoman's, on a terminal) or without, formatter included, and need nothing installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, snapshot, tempDir } from '../helpers/cli.js';

const BUNDLE = join(REPO_ROOT, 'create/index.js');
const env = { ...process.env, NO_COLOR: '1', npm_config_yes: '', GITHUB_ACTIONS: '', CI: '' };

/** An empty git repository named `name` (both runs use the same name: it is written into package.json). */
function repo(name: string, files: Record<string, string> = {}): string {
  const root = join(tempDir('rh-create-'), name);
  mkdirSync(root);
  spawnSync('git', ['init', '-q'], { cwd: root });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
  return root;
}

/** The files under `root` with their content and mode (not their times). */
function files(root: string) {
  return Object.fromEntries(Object.entries(snapshot(root)).map(([path, { content, mode }]) => [path, { content, mode }]));
}

function run(command: string[], cwd: string) {
  const result = spawnSync(process.execPath, command, { cwd, env, encoding: 'utf8', input: '' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** `command` on a real terminal (script(1)), every key typed at once: init reads keys typed ahead. */
function onTerminal(command: string, cwd: string, keys: string) {
  const result = spawnSync('script', ['-qec', command, '/dev/null'], { cwd, env, encoding: 'utf8', input: keys, timeout: 120_000 });
  expect(result.status, result.stdout + result.stderr).toBe(0);
  return result.stdout;
}

describe('create-ralph-hooks, one bundled file (slower cases)', () => {
  it('with the guard, for Codex (TOML) and the Node loop, the same files as the CLI', () => {
    const args = ['--yes', '--target', 'codex-project', '--guard', 'guard', '--stop-watcher', 'loop', '--runtime', 'node'];
    const viaBundle = repo('project');
    const viaCli = repo('project');
    run([BUNDLE, ...args], viaBundle);
    run([CLI, 'init', ...args], viaCli);
    expect(Object.keys(files(viaBundle))).toContain('.codex/config.toml');
    expect(files(viaBundle)).toEqual(files(viaCli));
  });

  it("formats with the project's prettier, as the CLI does (the bundle is its own formatting process)", () => {
    const project = { 'package.json': '{ "name": "x", "devDependencies": { "prettier": "*" } }\n', '.prettierrc': '{ "useTabs": true }\n' };
    const viaBundle = repo('project', project);
    const viaCli = repo('project', project);
    for (const root of [viaBundle, viaCli]) {
      mkdirSync(join(root, 'node_modules'));
      symlinkSync(join(REPO_ROOT, 'node_modules/prettier'), join(root, 'node_modules/prettier'));
    }
    run([BUNDLE, '--yes'], viaBundle);
    run([CLI, 'init', '--yes'], viaCli);
    for (const root of [viaBundle, viaCli]) rmSync(join(root, 'node_modules'), { recursive: true });
    const vitestFile = readFileSync(join(viaBundle, 'test/hooks/stop-watcher.vitest.ts'), 'utf8');
    expect(vitestFile).toMatch(/^\t/m); // formatted: prettier indents with tabs here
    expect(files(viaBundle)).toEqual(files(viaCli));
  });

  it('on a terminal asks the Yeoman questions; the answers typed write what the CLI writes for them', () => {
    // target: down once (claude-plugin); the other questions and "write them": Enter.
    const keys = '\x1b[B\r\r\r\r\r\r\r';
    const viaBundle = repo('project');
    const viaCli = repo('project');
    const shown = onTerminal(`node ${BUNDLE}`, viaBundle, keys);
    expect(shown).toContain('Write the files for target claude-plugin');
    onTerminal(`node ${CLI} init`, viaCli, keys);
    expect(JSON.parse(readFileSync(join(viaBundle, 'ralph-hooks.config.json'), 'utf8')).target).toBe('claude-plugin');
    expect(files(viaBundle)).toEqual(files(viaCli));
  });
});
