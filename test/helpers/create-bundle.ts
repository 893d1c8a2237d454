/**
 * Helpers of the create-bundle tests (test/cli/create-bundle.test.ts, the quick half, and
 * test/e2e/create-bundle.test.ts, the slow one): an empty repository, the files a run wrote,
 * and a run of the bundle or the CLI that must succeed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { REPO_ROOT, snapshot, tempDir } from './cli.js';

export const BUNDLE = join(REPO_ROOT, 'create/index.js');
export const env = { ...process.env, NO_COLOR: '1', npm_config_yes: '', GITHUB_ACTIONS: '', CI: '' };

/** An empty git repository named `name` (both runs use the same name: it is written into package.json). */
export function repo(name: string, files: Record<string, string> = {}): string {
  const root = join(tempDir('rh-create-'), name);
  mkdirSync(root);
  spawnSync('git', ['init', '-q'], { cwd: root });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
  return root;
}

/** The files under `root` with their content and mode (not their times). */
export function files(root: string) {
  return Object.fromEntries(Object.entries(snapshot(root)).map(([path, { content, mode }]) => [path, { content, mode }]));
}

/** `node …command` in `cwd`, which must exit 0; its stdout. */
export function run(command: string[], cwd: string) {
  const result = spawnSync(process.execPath, command, { cwd, env, encoding: 'utf8', input: '' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}
