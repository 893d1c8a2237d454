/**
 * Files a hook cannot read. chmod 000 stops every user but root, so under root (CI
 * containers often are) the hook runs as nobody, with the project opened up for it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.getuid?.() === 0;

/** Let another user walk, read and write the project (the test's own files stay as they are otherwise). */
function openUp(dir: string): void {
  chmodSync(dir, 0o777);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) openUp(path);
    else if (entry.isFile()) chmodSync(path, statSync(path).mode | 0o755);
  }
}

/**
 * Make `file` unreadable (mode 000) and run `command` (bash or node and a generated script)
 * in `cwd` with `input` on stdin, as a user the mode applies to; `open` lists the folders
 * (the project, the script's) that user must reach.
 */
export function runWithUnreadable(options: { file: string; command: string[]; cwd: string; input: string; open: string[]; env?: Record<string, string> }): { status: number | null; stdout: string; stderr: string } {
  if (ROOT) for (const dir of options.open) openUp(dir);
  chmodSync(options.file, 0o000);
  const argv = ROOT ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--', ...options.command] : options.command;
  const result = spawnSync(argv[0]!, argv.slice(1), { cwd: options.cwd, input: options.input, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: options.cwd, ...options.env }, timeout: 30_000 });
  chmodSync(options.file, 0o644);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
