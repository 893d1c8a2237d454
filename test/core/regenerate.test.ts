import { appendFileSync, chmodSync, existsSync, mkdirSync, rmSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ralphHooks, snapshot, tempDir } from '../helpers/cli.js';

const HOOK = '.claude/hooks/stop-watcher.sh';
const MANIFEST = '.ralph-hooks/manifest.json';

function writeConfig(root: string, options: Record<string, unknown> = {}, extraHooks: unknown[] = []) {
  writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'stop-watcher', preset: 'specum', options }, ...extraHooks] }, null, 2));
}
const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

describe('ralph-hooks generate', () => {
  let root: string;
  beforeEach(() => {
    root = tempDir();
    writeConfig(root);
    const first = ralphHooks(['generate'], { cwd: root });
    expect(first.status).toBe(0);
  });

  it('first run writes an executable hook, the registration and the manifest', () => {
    expect(statSync(join(root, HOOK)).mode & 0o111).not.toBe(0);
    expect(JSON.parse(read(root, MANIFEST)).files).toHaveProperty([HOOK]);
    expect(read(root, '.claude/settings.json')).toContain('stop-watcher.sh');
  });

  it('nothing changed: no writes at all, and it says so', () => {
    const before = snapshot(root);
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Everything is up to date');
    expect(snapshot(root)).toEqual(before);
  });

  it('a config change rewrites the untouched hook and the manifest', () => {
    writeConfig(root, { maxGlobalIterations: 42 });
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/update\s+\.claude\/hooks\/stop-watcher\.sh/);
    expect(read(root, HOOK)).toContain('readonly DEFAULT_MAX_GLOBAL_ITERATIONS=42');
  });

  it('a hand edit in CI mode: exit 2, the file untouched, the manifest unchanged, nothing else written', () => {
    appendFileSync(join(root, HOOK), '# my local tweak\n');
    writeConfig(root, { maxGlobalIterations: 42 });
    const before = snapshot(root);
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(HOOK);
    expect(result.stderr).toContain('edited by hand');
    expect(snapshot(root)).toEqual(before);
  });

  it('--on-conflict=fail is the default without a terminal, and can be asked for', () => {
    appendFileSync(join(root, HOOK), '# tweak\n');
    writeConfig(root, { maxGlobalIterations: 42 });
    expect(ralphHooks(['generate', '--on-conflict=fail'], { cwd: root }).status).toBe(2);
  });

  it('--force overwrites a hand edit and records the new hash', () => {
    appendFileSync(join(root, HOOK), '# tweak\n');
    writeConfig(root, { maxGlobalIterations: 42 });
    const result = ralphHooks(['generate', '--force'], { cwd: root });
    expect(result.status).toBe(0);
    expect(read(root, HOOK)).not.toContain('# tweak');
    expect(read(root, HOOK)).toContain('=42');
    expect(ralphHooks(['generate'], { cwd: root }).stdout).toContain('Everything is up to date');
  });

  it('--on-conflict=keep keeps the edit, writes the rest, and the file stays a conflict next time', () => {
    appendFileSync(join(root, HOOK), '# tweak\n');
    writeConfig(root, { maxGlobalIterations: 42 }, [{ kind: 'stop-watcher', preset: 'specum', name: 'second-watcher' }]);
    const result = ralphHooks(['generate', '--on-conflict=keep'], { cwd: root });
    expect(result.status).toBe(0);
    expect(read(root, HOOK)).toContain('# tweak');
    expect(existsSync(join(root, '.claude/hooks/second-watcher.sh'))).toBe(true);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(2);
  });

  it('--dry-run prints the diff and writes nothing', () => {
    writeConfig(root, { maxGlobalIterations: 42 });
    const before = snapshot(root);
    const result = ralphHooks(['generate', '--dry-run'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('-readonly DEFAULT_MAX_GLOBAL_ITERATIONS=100');
    expect(result.stdout).toContain('+readonly DEFAULT_MAX_GLOBAL_ITERATIONS=42');
    expect(snapshot(root)).toEqual(before);
  });

  it('a lost executable bit is restored', () => {
    chmodSync(join(root, HOOK), 0o644);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    expect(statSync(join(root, HOOK)).mode & 0o111).not.toBe(0);
  });

  it('a deleted hook is written again', () => {
    rmSync(join(root, HOOK));
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.stdout).toMatch(/create\s+\.claude\/hooks\/stop-watcher\.sh/);
    expect(existsSync(join(root, HOOK))).toBe(true);
  });

  it('a hook removed from the config goes away with its registration; an edited one stays', () => {
    writeConfig(root, {}, [{ kind: 'stop-watcher', preset: 'specum', name: 'second-watcher' }]);
    expect(ralphHooks(['generate'], { cwd: root }).status).toBe(0);
    appendFileSync(join(root, HOOK), '# mine now\n');
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [] }));
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).toBe(0);
    expect(existsSync(join(root, '.claude/hooks/second-watcher.sh'))).toBe(false);
    expect(read(root, HOOK)).toContain('# mine now');
    expect(result.stdout).toMatch(/keep\s+\.claude\/hooks\/stop-watcher\.sh/);
    expect(JSON.parse(read(root, '.claude/settings.json')).hooks).toEqual({});
    expect(Object.keys(JSON.parse(read(root, MANIFEST)).files)).toEqual(['.ralph-hooks/.gitignore']);
  });

  it('a file in the way that ralph-hooks never wrote is a conflict, not overwritten', () => {
    const fresh = tempDir();
    writeConfig(fresh);
    mkdirSync(join(fresh, '.claude/hooks'), { recursive: true });
    writeFileSync(join(fresh, HOOK), '#!/bin/bash\necho mine\n');
    const result = ralphHooks(['generate'], { cwd: fresh });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('exists but was not written by ralph-hooks');
    expect(read(fresh, HOOK)).toBe('#!/bin/bash\necho mine\n');
    expect(existsSync(join(fresh, MANIFEST))).toBe(false);
  });

  it('runs from a subfolder on the project found upward, and refuses where there is no config', () => {
    const sub = join(root, 'src/deep');
    mkdirSync(sub, { recursive: true });
    expect(ralphHooks(['generate'], { cwd: sub }).stdout).toContain('Everything is up to date');
    const empty = tempDir();
    const result = ralphHooks(['generate'], { cwd: empty });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/no ralph-hooks\.config\.json in .* or any folder above it/);
  });

  it('an unknown --on-conflict value is refused', () => {
    const result = ralphHooks(['generate', '--on-conflict=maybe'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--on-conflict: got 'maybe'; allowed: ask, keep, adopt, overwrite, fail.");
  });

  it('--json lists every file with its status', () => {
    writeConfig(root, { maxGlobalIterations: 7 });
    const result = ralphHooks(['generate', '--json'], { cwd: root });
    expect(JSON.parse(result.stdout).files).toContainEqual({ path: HOOK, status: 'update' });
  });
});
