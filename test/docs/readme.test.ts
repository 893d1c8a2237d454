/** The README's promises: two commands up front, and they work as written. */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1].split('\n').filter(Boolean);

describe('README', () => {
  it('starts with the two commands: generate a demo, run every test', () => {
    expect(firstBlock[0]).toMatch(/^npm install && npm run demo\b/);
    expect(firstBlock[1]).toMatch(/^npm install && npm test\b/);
  });

  it('.ci/run runs the same test command', () => {
    expect(readFileSync(join(REPO_ROOT, '.ci/run'), 'utf8')).toMatch(/^npm test\b/m);
  });

  it('`npm run demo -- --dir <folder>` generates hooks there', () => {
    // npm test has built dist/ already; rebuilding here would race the other test files.
    const demo = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts.demo as string;
    expect(demo).toBe('npm run build && node bin/ralph-hooks.js init --yes --dir demo');
    const dir = join(tempDir(), 'demo');
    execSync(`${demo.replace('npm run build && ', '')} --dir ${dir}`, { cwd: REPO_ROOT, stdio: 'pipe' });
    expect(existsSync(join(dir, '.claude/hooks/stop-watcher.sh'))).toBe(true);
    expect(existsSync(join(dir, 'ralph-hooks.config.json'))).toBe(true);
  });

  it('links only to docs that exist', () => {
    for (const [, link] of readme.matchAll(/\]\((docs\/[^)]+)\)/g)) expect(existsSync(join(REPO_ROOT, link)), link).toBe(true);
  });
});
