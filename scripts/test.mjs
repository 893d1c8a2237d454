#!/usr/bin/env node
/**
 * `npm test` and `npm run test:quick`: vitest and bats side by side, then where the time went.
 *
 *   node scripts/test.mjs            every vitest file and every bats test
 *   node scripts/test.mjs --quick    vitest without the slow folders (SLOW below), no bats: the inner
 *                                    loop (bats alone: npm run test:bats)
 *   node scripts/test.mjs --typecheck   and tsc -p tsconfig.json beside them (npm test);
 *                                       --typecheck=<tsconfig> checks that project instead
 *   node scripts/test.mjs --bats <file.bats>   these bats files instead of test/bats (repeatable;
 *                                              with --quick too)
 *   node scripts/test.mjs -- <args>  extra vitest arguments (file filters, -t)
 *
 * bats runs its files one after another on one core while vitest keeps both busy, so they
 * start together (and the typecheck with them); their output is held back and printed after
 * vitest's, each whole. The exit code is non-zero when any of them failed. The closing table sums each test folder's file times
 * (from vitest's JSON report), so a slowdown shows where it is.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders `--quick` leaves out: agent CLIs, generated projects and packed-package installs, fuzzing,
 * load and size, the execution oracle, and the guard's channels (some 180 commands that run
 * other commands, each a guard call: the rules' own cases stay in the fast path).
 */
const SLOW = ['test/real-client', 'test/e2e', 'test/fuzz', 'test/stress', 'test/oracle', 'test/guards/channels'];

const repo = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
const extra = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];
const quick = own.includes('--quick');
const typecheckArg = own.find((arg) => arg === '--typecheck' || arg.startsWith('--typecheck='));
const tsconfig = typecheckArg?.includes('=') ? resolve(typecheckArg.slice(typecheckArg.indexOf('=') + 1)) : 'tsconfig.json';
const batsFiles = own.flatMap((arg, i) => (own[i - 1] === '--bats' ? [arg] : []));
const reportDir = mkdtempSync(join(tmpdir(), 'ralph-hooks-test-report-'));
const report = join(reportDir, 'vitest.json');

/**
 * The tests' environment: this one, with NODE_EXTRA_CA_CERTS moved to UPLINK_NODE_EXTRA_CA_CERTS.
 * Node 20 reads that certificate bundle at every start: some 40 ms of CPU for each of the
 * thousands of node processes a run starts (CLI calls, hooks in Node, agent CLIs, npm), which
 * speak plain HTTP to the servers the tests start. The one process that leaves this machine,
 * the local registry's link to the public one (test/e2e/local-registry.mjs), gets it back.
 */
const { NODE_EXTRA_CA_CERTS: caCerts, ...testEnv } = process.env;
if (caCerts) testEnv.UPLINK_NODE_EXTRA_CA_CERTS = caCerts;

/** Run a command; its output either straight through or kept for later. */
function run(command, commandArgs, { keep = false, env = {} } = {}) {
  return new Promise((done) => {
    const child = spawn(command, commandArgs, { cwd: repo, stdio: ['ignore', keep ? 'pipe' : 'inherit', keep ? 'pipe' : 'inherit'], env: { ...testEnv, ...env } });
    const chunks = [];
    if (keep) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    const started = performance.now();
    child.on('error', (error) => done({ code: 1, output: `${command} could not start: ${error.message}\n`, seconds: 0 }));
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString(), seconds: (performance.now() - started) / 1000 }));
  });
}

const vitestArgs = ['run', '--reporter=default', '--reporter=json', '--reporter=./test/helpers/flaky-reporter.ts', `--outputFile.json=${report}`, ...(quick ? SLOW.flatMap((dir) => ['--exclude', `${dir}/**`]) : []), ...extra];
// --quick leaves bats out: its 100 tests take a core for a minute beside vitest, a seventh of
// the fast path's CPU; npm test and npm run test:bats run them.
const runBats = !quick || batsFiles.length > 0;
const skipped = { code: 0, output: '', seconds: 0 };
const bats = runBats ? run(join(repo, 'node_modules/bats/bin/bats'), batsFiles.length ? batsFiles : ['test/bats'], { keep: true, env: { BATS_LIB_PATH: join(repo, 'node_modules') } }) : skipped;
const types = typecheckArg ? run(join(repo, 'node_modules/.bin/tsc'), ['-p', tsconfig], { keep: true }) : undefined;
// RALPH_HOOKS_QUICK=1: files that check a long list of cases take every third one (test/guards/rules.test.ts).
const vitest = await run(join(repo, 'node_modules/.bin/vitest'), vitestArgs, { env: quick ? { RALPH_HOOKS_QUICK: '1' } : {} });
const batsResult = await bats;
const typesResult = await types;

process.stdout.write(runBats ? `\nbats (${batsFiles.join(' ') || 'test/bats'}), ${batsResult.seconds.toFixed(0)} s:\n${batsResult.output}` : '\nbats: not in --quick (npm run test:bats)\n');
if (typesResult) process.stdout.write(`\ntypecheck (tsc -p ${relative(repo, tsconfig) || tsconfig}), ${typesResult.seconds.toFixed(0)} s: ${typesResult.code === 0 ? 'no errors' : 'FAILED'}\n${typesResult.output}`);
const results = readReport(report);
printFolderTimes(results, vitest.seconds, runBats ? batsResult.seconds : undefined);
printFailures(results);
rmSync(reportDir, { recursive: true, force: true });
process.exitCode = vitest.code === 0 && batsResult.code === 0 && (typesResult?.code ?? 0) === 0 ? 0 : 1;

/** Each test file's result from vitest's JSON report; undefined when vitest stopped before writing it (its own output says why). */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).testResults;
  } catch {
    return undefined;
  }
}

/**
 * The failed tests again, one line each, last: a CI log is often read from its tail, and vitest
 * prints its failures far above it, before bats's output and the timings.
 */
function printFailures(results) {
  if (!results) return;
  const lines = results.flatMap((result) => {
    const where = relative(repo, result.name);
    const failed = result.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && result.status === 'failed') return [`  ${where}: ${firstLine(result.message)}`];
    return failed.map((test) => `  ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
  if (lines.length) console.log(`\nfailed (vitest):\n${lines.join('\n')}`);
}

function firstLine(text = '') {
  return String(text).split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '';
}

/** Each test folder's summed file time, slowest first (several files run at once, so the sum is more than the wall time); bats's time when it ran. */
function printFolderTimes(results, vitestSeconds, batsSeconds) {
  if (!results) return;
  const folders = new Map();
  for (const result of results) {
    const folder = relative(repo, result.name).split('/').slice(0, 2).join('/');
    folders.set(folder, (folders.get(folder) ?? 0) + (result.endTime - result.startTime) / 1000);
  }
  const rows = [...folders].sort((a, b) => b[1] - a[1]).map(([folder, seconds]) => `  ${seconds.toFixed(0).padStart(5)} s  ${folder}`);
  const beside = batsSeconds === undefined ? '' : `, bats ${batsSeconds.toFixed(0)} s (side by side)`;
  console.log(`\ntime: vitest ${vitestSeconds.toFixed(0)} s${beside}; vitest file time per folder:\n${rows.join('\n')}`);
}
