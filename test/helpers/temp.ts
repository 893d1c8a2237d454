/**
 * The test process's temporary folders: each inside one folder of its own in the system's
 * temporary folder, which is removed when the process ends (one vitest worker runs many
 * files), so a run leaves nothing behind in /tmp, however its tests end.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = mkdtempSync(join(tmpdir(), 'ralph-hooks-tests-'));
// Open to every user, as the system's temporary folder is: some tests run a hook as an
// unprivileged user, which must reach the project inside (mkdtemp makes it 0700).
chmodSync(ROOT, 0o755);
process.once('exit', () => rmSync(ROOT, { recursive: true, force: true }));

/** A new empty folder whose name starts with `prefix`, removed with the others when the test process ends. */
export function tempDir(prefix = 'ralph-hooks-test-'): string {
  return mkdtempSync(join(ROOT, prefix));
}
