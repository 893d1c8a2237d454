/**
 * The committed text of a file: what the index holds (the next commit), never the file on
 * disk. `npm test` runs the build first, and the build rewrites the generated files
 * (`ralph-hooks schema --write`); a test comparing the file on disk with a fresh render would
 * compare the build's output with itself and pass on a stale committed copy. A test compares
 * the committed copy instead: after changing what a generated file is rendered from, run the
 * build and `git add` what it wrote. (.ci/run also fails when the build changes the tree.)
 */
import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { REPO_ROOT } from './cli.js';

/** `path` (absolute, or relative to `root`) as the index of the repository at `root` holds it. */
export function committedText(path: string, root = REPO_ROOT): string {
  const name = relative(root, path.startsWith('/') ? path : `${root}/${path}`);
  const shown = spawnSync('git', ['show', `:${name}`], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (shown.status !== 0) throw new Error(`${name} is not committed (git show :${name}: ${shown.stderr.trim()}); run npm run build and git add it`);
  return shown.stdout;
}
