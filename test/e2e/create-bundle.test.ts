/**
 * (The slower half of test/cli/create-bundle.test.ts: a formatter, a terminal, the guard.)
 * create-ralph-hooks is one bundled file (scripts/bundle-create.mjs, part of `npm run build`):
 * what `npm init ralph-hooks` runs must write what `ralph-hooks init` writes, byte for byte, with
 * questions (Yeoman's, on a terminal) or without, formatter included, and need nothing installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/cli.js';
import { BUNDLE, env, files, repo, run } from '../helpers/create-bundle.js';

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
