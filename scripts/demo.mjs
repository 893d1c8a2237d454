#!/usr/bin/env node
/**
 * `npm run demo [-- --dir <folder>] [init flags]`: generate hooks with this checkout into ./demo
 * (or the folder given), as `npm init ralph-hooks -- --yes` would in a user's repository.
 *
 * This checkout's version is not on the npm registry, so the demo's package.json gets
 * ralph-hooks from here (`file:` this folder) instead: `npm install` there then works.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dirAt = args.indexOf('--dir');
if (dirAt === -1) args.push('--dir', 'demo');
const dir = resolve(args[args.indexOf('--dir') + 1] ?? 'demo');

const init = spawnSync(process.execPath, [join(repo, 'bin/ralph-hooks.js'), 'init', '--yes', ...args], { stdio: 'inherit' });
if (init.status !== 0) process.exit(init.status ?? 1);

const manifest = join(dir, 'package.json');
if (existsSync(manifest)) {
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  if (pkg.devDependencies?.['ralph-hooks'] !== undefined) {
    const spec = `file:${relative(dir, repo) || '.'}`;
    pkg.devDependencies['ralph-hooks'] = spec;
    const indent = /^[ \t]+/m.exec(text)?.[0] ?? '  ';
    writeFileSync(manifest, `${JSON.stringify(pkg, null, indent)}\n`);
    if (!args.includes('--quiet') && !args.includes('--json')) console.log(`\nThis checkout is not published: ${relative(process.cwd(), manifest) || manifest} takes ralph-hooks from it ("${spec}"), so npm install works there.`);
  }
}
