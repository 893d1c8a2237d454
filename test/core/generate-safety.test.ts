/**
 * generate never deletes or claims what is not its own: manifest entries outside the
 * project, handlers that merely mention our script, colliding hook files, registration
 * files that are not regular files, and temporary files left by killed runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/generate/manifest.js';
import { ralphHooks, tempDir } from '../helpers/cli.js';

const config = (hooks: unknown[], target = 'claude-project') => JSON.stringify({ target, hooks });
const specum = { kind: 'stop-watcher', preset: 'specum' };

function project(hooks: unknown[] = [specum], target?: string): string {
  const root = join(tempDir('rh-safety-'), 'project');
  mkdirSync(root);
  writeFileSync(join(root, 'ralph-hooks.config.json'), config(hooks, target));
  return root;
}

describe('generate: never deletes or claims what is not ours', () => {
  it('ignores a manifest entry outside the project, with a warning, and deletes nothing there', () => {
    const root = project([]);
    const victim = join(root, '..', 'victim.txt');
    writeFileSync(victim, 'precious\n');
    mkdirSync(join(root, '.ralph-hooks'));
    writeFileSync(join(root, '.ralph-hooks/manifest.json'), JSON.stringify({ generator: 'x', files: { '../victim.txt': sha256('precious\n'), '/etc/hostname': 'x', 'a/../../victim.txt': sha256('precious\n') } }));
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(result.stderr).toContain('ignored the entry "../victim.txt"');
    expect(result.stderr).toContain('"/etc/hostname"');
    expect(Object.keys(JSON.parse(readFileSync(join(root, '.ralph-hooks/manifest.json'), 'utf8')).files).filter((f) => !f.startsWith('.ralph-hooks/'))).toEqual([]);
  });

  it('recognises our settings handlers exactly: a command that only mentions our script stays', () => {
    const root = project();
    mkdirSync(join(root, '.claude'));
    const foreign = [
      { type: 'command', command: 'bash ~/.claude/hooks/stop-watcher.sh --my-global-one' },
      { type: 'command', command: '/usr/local/bin/lint-hook .claude/hooks/stop-watcher.sh' },
    ];
    writeFileSync(join(root, '.claude/settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: foreign }] } }));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const stop = JSON.parse(readFileSync(join(root, '.claude/settings.json'), 'utf8')).hooks.Stop;
    const commands = stop.flatMap((g: { hooks: { command: string }[] }) => g.hooks.map((h) => h.command));
    expect(commands).toEqual([...foreign.map((f) => f.command), 'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh']);
    // Our own handler is still recognised: a second run changes nothing.
    const before = readFileSync(join(root, '.claude/settings.json'), 'utf8');
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(readFileSync(join(root, '.claude/settings.json'), 'utf8')).toBe(before);
  });

  it('a forgeflare entry that only mentions our script is the user\'s', () => {
    const root = project([{ kind: 'guard', preset: 'guard' }], 'forgeflare');
    mkdirSync(join(root, '.forgeflare'));
    writeFileSync(join(root, '.forgeflare/hooks.toml'), '[[hooks]]\nevent = "PreToolUse"\nphase = "guard"\ncommand = "my-wrapper .forgeflare/hooks/guard.sh --strict"\n');
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const toml = readFileSync(join(root, '.forgeflare/hooks.toml'), 'utf8');
    expect(toml).toContain('command = "my-wrapper .forgeflare/hooks/guard.sh --strict"');
    expect(toml).toContain('command = "bash .forgeflare/hooks/guard.sh"');
  });

  it('two hooks whose files collide (a and a-setup) are a config error naming both; nothing is written', () => {
    const root = project([{ kind: 'stop-watcher', preset: 'loop', name: 'a' }, { kind: 'stop-watcher', preset: 'specum', name: 'a-setup' }]);
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('hooks "a" and "a-setup" both generate .claude/hooks/a-setup.sh');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(join(root, '.claude'))).toBe(false);
  });

  it('two loop hooks with different names clash on the slash-command file: the error names the command options, not hooks[].name', () => {
    const root = project([
      { kind: 'stop-watcher', preset: 'loop', name: 'loop-bash' },
      { kind: 'stop-watcher', preset: 'loop', name: 'loop-node', options: { runtime: 'node' } },
    ]);
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('hooks "loop-bash" and "loop-node" both generate .claude/commands/ralph-loop.md; give one of them other command names ("loopCommand" and "cancelCommand" in its options), or "commands": false');
    expect(result.stderr).not.toContain('hooks[].name');
    expect(existsSync(join(root, '.claude'))).toBe(false);
    // The fix it names works.
    writeFileSync(join(root, 'ralph-hooks.config.json'), config([
      { kind: 'stop-watcher', preset: 'loop', name: 'loop-bash' },
      { kind: 'stop-watcher', preset: 'loop', name: 'loop-node', options: { runtime: 'node', loopCommand: 'ralph-loop-node', cancelCommand: 'cancel-ralph-node' } },
    ]));
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(existsSync(join(root, '.claude/commands/ralph-loop-node.md'))).toBe(true);
  });

  for (const kind of ['a folder', 'a FIFO', 'a device']) {
    it(`settings.json as ${kind} is a clear error: no hang, no stack trace`, () => {
      const root = project();
      mkdirSync(join(root, '.claude'));
      const settings = join(root, '.claude/settings.json');
      if (kind === 'a folder') mkdirSync(settings);
      else if (kind === 'a FIFO') spawnSync('mkfifo', [settings]);
      else symlinkSync('/dev/zero', settings);
      const result = spawnSync(process.execPath, [join(import.meta.dirname, '../../bin/ralph-hooks.js'), 'generate'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
      expect(result.error, 'generate hung').toBeUndefined();
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`.claude/settings.json is ${kind}, not a regular file`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('cleans temporary files left by killed runs, and keeps a live run\'s', () => {
    const root = project();
    mkdirSync(join(root, '.claude/hooks'), { recursive: true });
    const dead = spawnSync('true').pid!; // a pid that has exited
    writeFileSync(join(root, `.claude/hooks/stop-watcher.sh.${dead}.tmp`), 'half');
    writeFileSync(join(root, `.claude/hooks/stop-watcher.sh.${process.pid}.tmp`), 'live');
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    const left = readdirSync(join(root, '.claude/hooks')).filter((f) => f.endsWith('.tmp'));
    expect(left).toEqual([`stop-watcher.sh.${process.pid}.tmp`]);
  });

  describe('a manifest entry under a symlinked folder that leads out of the project', () => {
    // ln -s ../victim linkdir; the manifest names linkdir/x.sh with the hash of ../victim/x.sh.
    function linked(): { root: string; victim: string } {
      const root = project([]);
      const victim = join(root, '..', 'victim');
      mkdirSync(victim);
      writeFileSync(join(victim, 'x.sh'), 'precious\n');
      symlinkSync('../victim', join(root, 'linkdir'));
      mkdirSync(join(root, '.ralph-hooks'));
      writeFileSync(join(root, '.ralph-hooks/manifest.json'), JSON.stringify({ generator: 'x', files: { 'linkdir/x.sh': sha256('precious\n') } }));
      return { root, victim: join(victim, 'x.sh') };
    }

    for (const args of [['generate'], ['uninstall', '--yes']]) {
      it(`${args.join(' ')} deletes nothing there and says why in one line`, () => {
        const { root, victim } = linked();
        const result = ralphHooks(args, { cwd: root });
        expect(result.status, result.stderr).toBe(0);
        expect(readFileSync(victim, 'utf8')).toBe('precious\n');
        expect(result.stdout).not.toContain('remove linkdir/x.sh');
        if (args[0] === 'generate') expect(result.stderr).toContain('ignored the entry "linkdir/x.sh": it resolves outside the project');
      });
    }

    it('remove <hook> deletes nothing there', () => {
      const { root, victim } = linked();
      writeFileSync(join(root, 'ralph-hooks.config.json'), config([specum]));
      expect(ralphHooks(['remove', 'stop-watcher'], { cwd: root }).status).toBe(0);
      expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    });

    it('uninstall leaves a symlinked .ralph-hooks folder\'s target alone', () => {
      const root = project([]);
      const outside = join(root, '..', 'elsewhere');
      mkdirSync(join(outside, 'state'), { recursive: true });
      writeFileSync(join(outside, 'state/keep.txt'), 'mine\n');
      symlinkSync('../elsewhere', join(root, '.ralph-hooks'));
      expect(ralphHooks(['uninstall', '--yes'], { cwd: root }).status).toBe(0);
      expect(readFileSync(join(outside, 'state/keep.txt'), 'utf8')).toBe('mine\n');
    });
  });

  it('a generated file whose folder is a symlink out of the project is refused in one line; nothing is written', () => {
    const root = project();
    const outside = join(root, '..', 'outside-claude');
    mkdirSync(outside);
    symlinkSync('../outside-claude', join(root, '.claude'));
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('.claude/hooks/stop-watcher.sh resolves outside the project');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(root, '.ralph-hooks/manifest.json'))).toBe(false);
  });
});
