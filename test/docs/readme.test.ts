/** The README's promises: two commands up front, and they work as written. */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

/** npm's own range rules (semver ships no types of its own). */
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };

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

  it('`npm run demo -- --dir <folder>` generates hooks there, with a package.json that installs this checkout', () => {
    // npm test has built dist/ already; rebuilding here would race the other test files.
    const demo = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts.demo as string;
    expect(demo).toBe('npm run build && node scripts/demo.mjs');
    const dir = join(tempDir(), 'demo');
    const output = execSync(`${demo.replace('npm run build && ', '')} --dir ${dir}`, { cwd: REPO_ROOT, stdio: 'pipe', encoding: 'utf8' });
    expect(existsSync(join(dir, '.claude/hooks/stop-watcher.sh'))).toBe(true);
    expect(existsSync(join(dir, 'ralph-hooks.config.json'))).toBe(true);
    // The version here is not published (npm install would fail with E404): the demo takes it from this folder.
    const spec = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).devDependencies['ralph-hooks'] as string;
    expect(spec).toMatch(/^file:/);
    expect(resolve(dir, spec.slice('file:'.length))).toBe(REPO_ROOT);
    expect(output).toContain('npm install');
  });

  it('names one Node version, the one package.json, create-ralph-hooks and every installed package accept (the agent CLIs that declare more are named)', () => {
    const minimum = /needs Node ≥ (\d+\.\d+)/.exec(readme)![1]!;
    for (const file of ['package.json', 'create/package.json']) {
      expect(JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')).engines.node, file).toBe(`>=${minimum}`);
    }
    const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string }; optional?: boolean }> };
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.optional && typeof entry.engines?.node === 'string' && !semver.satisfies(`${minimum}.0`, entry.engines.node))
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    // Only the pinned agent CLIs (dev-only: the real-client tests run them under this Node) may ask for more, and the README says so.
    for (const name of refusing) {
      expect(['@anthropic-ai/claude-code', '@qwen-code/qwen-code'], name).toContain(name);
      expect(readme).toContain(name);
    }
  });

  it('links only to docs that exist', () => {
    for (const [, link] of readme.matchAll(/\]\((docs\/[^)]+)\)/g)) expect(existsSync(join(REPO_ROOT, link)), link).toBe(true);
  });
});
