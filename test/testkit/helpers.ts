/** Paths and small helpers shared by the testkit's vitest tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'hooks');
export const fixture = (name: string) => join(FIXTURES, name);
/** The real generated specum stop-watcher of the fixture project (test/fixtures/project). */
export const SPECUM_HOOK = join(REPO_ROOT, 'test/fixtures/project/.claude/hooks/stop-watcher.sh');

const dirs: string[] = [];
/** A temporary directory removed after the test. */
export function tempDir(prefix = 'rh-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Run fn and return the message of what it throws (fails the test if it does not throw). */
export function thrownMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the function to throw');
}
