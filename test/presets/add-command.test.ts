/** `ralph-hooks add <kind> --preset <id> [--name <n>]`: appends to the config and regenerates. */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../cli/commands/add.js';
import { CliError } from '../../src/util/errors.js';
import { generateProject } from '../helpers/generate.js';
import { tempDir } from '../helpers/temp.js';

afterEach(() => vi.restoreAllMocks());
const quiet = () => vi.spyOn(console, 'log').mockImplementation(() => {});

describe('ralph-hooks add', () => {
  it('adds a loop stop-watcher beside an existing hook, with its commands and registration', async () => {
    quiet();
    const project = generateProject({ hooks: [{ kind: 'stop-watcher', preset: 'passive' }] });
    expect(await run(['stop-watcher', '--preset', 'loop', '--name', 'ralph-loop', '--dir', project.root, '--quiet'])).toBe(0);
    const config = JSON.parse(readFileSync(project.file('ralph-hooks.config.json'), 'utf8'));
    expect(config.hooks).toEqual([
      { kind: 'stop-watcher', preset: 'passive' },
      { kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop' },
    ]);
    for (const file of ['.claude/hooks/stop-watcher.sh', '.claude/hooks/ralph-loop.sh', '.claude/hooks/ralph-loop-setup.sh', '.claude/commands/ralph-loop.md', '.claude/commands/cancel-ralph.md']) {
      expect(existsSync(project.file(file)), file).toBe(true);
    }
    const settings = JSON.parse(readFileSync(project.file('.claude/settings.json'), 'utf8'));
    expect(settings.hooks.Stop.flatMap((group: any) => group.hooks.map((h: any) => h.command))).toEqual([
      'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop-watcher.sh',
      'bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/ralph-loop.sh',
    ]);
  });

  it('refuses a duplicate name with a clear message and writes nothing', async () => {
    const project = generateProject({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }] });
    const before = readFileSync(project.file('ralph-hooks.config.json'), 'utf8');
    await expect(run(['stop-watcher', '--preset', 'speckit', '--dir', project.root])).rejects.toThrow(
      "ralph-hooks.config.json already has a hook named 'stop-watcher' (preset 'specum'). Pick another file name with --name, e.g. --name stop-watcher-speckit.",
    );
    expect(readFileSync(project.file('ralph-hooks.config.json'), 'utf8')).toBe(before);
  });

  it.each([
    [['stop-watcher'], '--preset is required; for stop-watcher: specum, speckit, passive, loop'],
    [['stop-watcher', '--preset', 'nope'], "--preset: got 'nope'"],
    [['nonsense', '--preset', 'loop'], "unknown kind 'nonsense'"],
    [[], 'which kind of hook?'],
  ])('%j is a usage error', async (args, message) => {
    const project = generateProject({ hooks: [] });
    const error = await run([...args, '--dir', project.root]).catch((e) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error.message).toContain(message);
  });

  it('needs an existing config', async () => {
    const dir = tempDir('rh-add-');
    writeFileSync(join(dir, 'package.json'), '{}');
    await expect(run(['stop-watcher', '--preset', 'loop', '--dir', dir])).rejects.toThrow('no ralph-hooks.config.json');
  });

  it('--dry-run writes nothing', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    quiet();
    const project = generateProject({ hooks: [] });
    expect(await run(['stop-watcher', '--preset', 'loop', '--dry-run', '--dir', project.root])).toBe(0);
    write.mockRestore();
    expect(existsSync(project.file('.claude/hooks/stop-watcher.sh'))).toBe(false);
    expect(JSON.parse(readFileSync(project.file('ralph-hooks.config.json'), 'utf8')).hooks).toEqual([]);
  });
});
