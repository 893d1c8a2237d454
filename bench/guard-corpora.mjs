#!/usr/bin/env node
// The generated guard against the peers' public corpora: how many of their dangerous cases it
// lets through (misses) and how many of their harmless ones it denies (false denials). The
// corpora are read from checkouts named by environment variables (bench/lib/corpora.mjs),
// never copied here. Not a test: test/corpora/*.test.ts hold the goals.
// Usage: npm run build && RALPH_HOOKS_DCG=… node bench/guard-corpora.mjs --corpus dcg
//          [--rules default|all] [--jobs 2] [--quiet]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { generate } from '../dist/src/index.js';
import { GUARD_RULE_IDS } from '../dist/src/presets/guard.js';
import { CORPUS_LOADERS, corpusDir } from './lib/corpora.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const names = arg('corpus', Object.keys(CORPUS_LOADERS).join(',')).split(',');
const rulesArg = arg('rules', 'default');
const jobs = Number(arg('jobs', '2'));
const quiet = process.argv.includes('--quiet');

// Not under /tmp: the scope rule lets writes there through, so a project there could not show one escaping.
const cacheRoot = () => {
  const cwd = realpathSync(process.cwd());
  return /^\/(var\/)?tmp(\/|$)/.test(cwd) ? join(homedir(), '.cache') : resolve('node_modules/.cache');
};

/** A project with the guard and a home folder of its own, holding the files the corpora aim at. */
async function setup(rules) {
  const base = join(cacheRoot(), 'ralph-hooks-bench-corpora');
  mkdirSync(base, { recursive: true });
  const home = mkdtempSync(join(base, 'home-'));
  const root = join(home, 'project');
  for (const dir of ['src', 'build', '.ssh']) mkdirSync(join(dir === '.ssh' ? home : root, dir), { recursive: true });
  writeFileSync(join(home, '.ssh/id_rsa'), 'not a key\n');
  writeFileSync(join(home, '.bashrc'), '# startup\n');
  writeFileSync(join(root, '.env'), 'TOKEN=canary\n');
  writeFileSync(join(root, 'README.md'), '# project\n');
  writeFileSync(join(root, 'notes.txt'), 'notes\n');
  writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard', options: { rules } }] }));
  await generate(root);
  return { home, root, script: join(root, '.claude/hooks/guard.sh') };
}

function decide(project, c, i) {
  const input = JSON.stringify({ session_id: `corpus-${i}`, transcript_path: '/dev/null', cwd: project.root, hook_event_name: 'PreToolUse', tool_name: c.tool ?? 'Bash', tool_input: c.input ?? { command: c.command }, tool_use_id: `t${i}` });
  return new Promise((done) => {
    // TMPDIR as an agent's shell usually has it (macOS always sets it): the corpora's
    // `rm -rf $TMPDIR/x` means a scratch folder, which with TMPDIR unset would be /x.
    const env = { ...process.env, TMPDIR: process.env.TMPDIR ?? '/tmp', HOME: project.home, CLAUDE_PROJECT_DIR: project.root };
    const child = spawn('bash', [project.script], { cwd: project.root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => {
      if (code === 2) return done({ denied: true, reason: stderr.trim() });
      if (code !== 0) return done({ denied: true, reason: `exit ${code}: ${stderr.trim()}` });
      const out = stdout.trim() ? JSON.parse(stdout).hookSpecificOutput : undefined;
      done({ denied: out?.permissionDecision === 'deny', reason: out?.permissionDecisionReason ?? '' });
    });
    child.stdin.end(input);
  });
}

async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  }));
  return results;
}

const rules = rulesArg === 'all' ? Object.fromEntries(GUARD_RULE_IDS.map((id) => [id, { enabled: true }])) : {};
const project = await setup(rules);
process.once('exit', () => rmSync(project.home, { recursive: true, force: true }));
const pct = (n, d) => `${d ? ((100 * n) / d).toFixed(1) : '0.0'}%`;
const show = (c) => JSON.stringify(c.command ?? c.input).slice(0, 160);

for (const name of names) {
  const where = corpusDir(name);
  if (!where.dir) {
    console.log(`${name}: skipped (${where.reason})`);
    continue;
  }
  const cases = CORPUS_LOADERS[name](where.dir);
  const started = Date.now();
  const results = await mapLimit(cases, jobs, (c, i) => decide(project, c, i));
  const misses = cases.filter((c, i) => c.expect === 'deny' && !results[i].denied);
  const falseDenials = cases.map((c, i) => ({ c, r: results[i] })).filter(({ c, r }) => c.expect === 'allow' && r.denied);
  const dangerous = cases.filter((c) => c.expect === 'deny').length;
  const harmless = cases.length - dangerous;
  console.log(`\n${name} (${rulesArg} rules, ${((Date.now() - started) / 1000).toFixed(0)} s): ${misses.length} of ${dangerous} dangerous let through (${pct(misses.length, dangerous)}); ${falseDenials.length} of ${harmless} harmless denied (${pct(falseDenials.length, harmless)})`);
  if (name === 'gtfobins') {
    for (const fn of ['file-read', 'file-write', 'command', 'upload']) {
      const of = cases.filter((c) => c.fn === fn && c.expect === 'deny');
      console.log(`  ${fn}: ${misses.filter((c) => c.fn === fn).length} of ${of.length} let through`);
    }
  }
  if (quiet) continue;
  for (const c of misses) console.log(`  MISS ${c.id}: ${show(c)}`);
  for (const { c, r } of falseDenials) console.log(`  DENIED ${c.id}: ${show(c)}\n      ${r.reason.slice(0, 200)}`);
}
