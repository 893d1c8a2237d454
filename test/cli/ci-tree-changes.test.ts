/**
 * .ci/run fails when `npm test` (the build, or a test) leaves the work tree changed: a build
 * that rewrites a committed generated file (a schema, docs/config-reference.md, the rule table
 * of docs/guards.md) means the committed copy was stale, which the tests comparing that file
 * with a fresh render cannot see after the build. Here .ci/tree-changes runs in a scratch
 * repository: a snapshot, a change, a check.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

/** A scratch repository with .ci/tree-changes, one committed file and an ignored folder. */
function repository(): string {
  const dir = tempDir('rh-tree-');
  mkdirSync(join(dir, '.ci'));
  copyFileSync(join(REPO_ROOT, '.ci/tree-changes'), join(dir, '.ci/tree-changes'));
  writeFileSync(join(dir, 'schema.json'), '{"a":1}\n');
  writeFileSync(join(dir, '.gitignore'), 'dist/\n');
  const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: dir, encoding: 'utf8' }).status).toBe(0);
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'start');
  return dir;
}

/** The check's exit code and what it printed, after `change` ran between snapshot and check. */
function checkAround(dir: string, change: () => void): { status: number | null; stderr: string } {
  const snapshot = join(tempDir('rh-tree-snapshot-'), 'tree');
  expect(spawnSync(join(dir, '.ci/tree-changes'), ['snapshot', snapshot], { encoding: 'utf8' }).status).toBe(0);
  change();
  const result = spawnSync(join(dir, '.ci/tree-changes'), ['check', snapshot], { encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr };
}

describe('.ci/tree-changes', () => {
  it('passes when nothing changed, or only ignored files were written', () => {
    const dir = repository();
    expect(checkAround(dir, () => {})).toEqual({ status: 0, stderr: '' });
    expect(checkAround(dir, () => (mkdirSync(join(dir, 'dist')), writeFileSync(join(dir, 'dist/x.js'), '')))).toEqual({ status: 0, stderr: '' });
  });

  it('fails on a rewritten tracked file, and shows the change', () => {
    const dir = repository();
    const result = checkAround(dir, () => writeFileSync(join(dir, 'schema.json'), '{"a":2}\n'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(' M schema.json');
    expect(result.stderr).toContain('+{"a":2}');
  });

  it('fails on a new untracked file', () => {
    const dir = repository();
    const result = checkAround(dir, () => writeFileSync(join(dir, 'left-behind.txt'), 'x'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('?? left-behind.txt');
  });

  it("on a developer's tree: changes already there pass; a further change to a changed file, or to an untracked one, fails", () => {
    const dir = repository();
    writeFileSync(join(dir, 'schema.json'), '{"a":3}\n');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect(checkAround(dir, () => {}).status).toBe(0);
    expect(checkAround(dir, () => writeFileSync(join(dir, 'schema.json'), '{"a":4}\n')).status).toBe(1);
    expect(checkAround(dir, () => writeFileSync(join(dir, 'notes.txt'), 'changed')).status).toBe(1);
  });

  it('.ci/run takes the snapshot before npm test, checks after it, and fails the run on a change', () => {
    const run = readFileSync(join(REPO_ROOT, '.ci/run'), 'utf8');
    const at = (text: string) => {
      const index = run.indexOf(text);
      expect(index, text).toBeGreaterThan(-1);
      return index;
    };
    expect(at('.ci/tree-changes snapshot "$tree"')).toBeLessThan(at('npm test 2>&1'));
    expect(at('.ci/tree-changes check "$tree" || tree_status=$?')).toBeGreaterThan(at('npm test 2>&1'));
    expect(run).toMatch(/if \(\(tree_status != 0\)\); then[\s\S]*exit "\$tree_status"/);
  });
});
