/**
 * The guides lead into no warning: the ralph-hooks commands a user is told to run, in order, in
 * a project made by `init --yes`, print none (a second blocking stop-watcher, say, would: RH13).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ralphHooks, REPO_ROOT, tempDir } from '../helpers/cli.js';
import { codeBlocks } from '../helpers/code-blocks.js';

/** The `npx ralph-hooks …` lines of a doc's runnable blocks, as argument lists. */
function ralphHooksCommands(doc: string): string[][] {
  const file = join(REPO_ROOT, 'docs', doc);
  return codeBlocks(file, readFileSync(file, 'utf8'))
    .filter((block) => block.role === 'run' || block.role === 'e2e')
    .flatMap((block) => block.body.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.startsWith('npx ralph-hooks '))
    .map((line) => line.slice('npx ralph-hooks '.length).split(/\s+/));
}

describe.each(['getting-started.md', 'presets.md'])('docs/%s', (doc) => {
  it('its ralph-hooks commands, run in order, print no warning', () => {
    const root = tempDir('rh-doc-warn-');
    spawnSync('git', ['init', '-q'], { cwd: root });
    expect(ralphHooks(['init', '--yes', '--quiet'], { cwd: root }).status).toBe(0);
    const commands = ralphHooksCommands(doc).filter((args) => ['init', 'add', 'generate', 'doctor'].includes(args[0]!));
    expect(commands.length).toBeGreaterThan(0);
    for (const args of commands) {
      const result = ralphHooks(args, { cwd: root });
      expect(`${result.stdout}${result.stderr}`, args.join(' ')).not.toMatch(/warning/i);
    }
  });
});
