/**
 * `ralph-hooks record [options] -- <hook command...>`: a transparent wrapper to put in front
 * of a real hook. The hook gets our stdin; its stdout, stderr and exit code come back
 * unchanged; then the invocation is saved as a redacted case. Recording is best effort: a
 * failure is logged to a file (never to stderr, which belongs to the hook) and the hook's
 * result still goes through.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { constants } from 'node:os';
import { CliError } from '../../src/errors.js';
import { buildCase, saveCase, snapshotFiles, type Invocation } from '../../testkit/replay/recorder.js';
import { parseCommandArgs } from './args.js';

export const HELP = `Usage: ralph-hooks record [options] -- <hook command...>

Run the hook with this process's stdin, pass its stdout, stderr and exit code through
unchanged, and save the invocation as a replayable case (home directory and secrets redacted).

Options:
  --out DIR        where to save cases (default: <project>/test/hook-cases/recorded,
                   or $RALPH_HOOKS_RECORD_DIR)
  --name NAME      case name (default: recorded/<event>-<timestamp>)
  --capture PATH   copy this project file or folder into the case's workspace; repeatable
                   (e.g. --capture specs --capture .claude/ralph-specum.local.md)

The project root is $CLAUDE_PROJECT_DIR, else the current directory. Recording errors go to
$RALPH_HOOKS_RECORD_LOG (default: <tmpdir>/ralph-hooks-record.log).

Example hook command in .claude/settings.json:
  npx ralph-hooks record --capture specs -- bash .claude/hooks/stop-watcher.sh`;

function readStdin(): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    if (process.stdin.isTTY) return resolvePromise(Buffer.alloc(0));
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on('end', () => resolvePromise(Buffer.concat(chunks)));
    process.stdin.on('error', reject);
  });
}

interface HookRun {
  stdout: Buffer;
  stderr: Buffer;
  exitCode: number;
}

/** Run the hook with stdin; a command that cannot start behaves like the shell (127, message on stderr). */
function runWrapped(argv: string[], stdin: Buffer): Promise<HookRun> {
  return new Promise((resolvePromise) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.on('error', () => {}); // the hook may exit without reading its input
    child.on('error', (error: NodeJS.ErrnoException) => {
      const message = error.code === 'ENOENT' ? `${argv[0]}: command not found\n` : `${argv[0]}: ${error.message}\n`;
      resolvePromise({ stdout: Buffer.alloc(0), stderr: Buffer.from(message), exitCode: error.code === 'ENOENT' ? 127 : 126 });
    });
    child.on('close', (code, signal) => {
      const exitCode = code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
      resolvePromise({ stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr), exitCode });
    });
    child.stdin.end(stdin);
  });
}

function write(stream: NodeJS.WriteStream, data: Buffer): Promise<void> {
  return new Promise((resolvePromise) => (data.length ? stream.write(data, () => resolvePromise()) : resolvePromise()));
}

function logFailure(error: unknown): void {
  const log = process.env.RALPH_HOOKS_RECORD_LOG ?? join(tmpdir(), 'ralph-hooks-record.log');
  try {
    appendFileSync(log, `${new Date().toISOString()} record failed: ${(error as Error)?.stack ?? String(error)}\n`);
  } catch {
    // nowhere left to report; the hook's result matters more
  }
}

export async function run(argv: string[]): Promise<number> {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const hookArgv = split === -1 ? [] : argv.slice(split + 1);
  const { values } = parseCommandArgs('record', own, {
    out: { type: 'string' },
    name: { type: 'string' },
    capture: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (hookArgv.length === 0) throw new CliError(`missing hook command after '--'\n\n${HELP}`, 2);

  const stdin = await readStdin();
  const projectRoot = resolve(process.env.CLAUDE_PROJECT_DIR || process.cwd());
  // The captured files as the hook will read them: a hook that updates its state must be
  // replayed from the state before its own update.
  let before: Record<string, string> | undefined;
  try {
    before = snapshotFiles(values.capture ?? [], projectRoot);
  } catch (error) {
    logFailure(error);
  }
  const result = await runWrapped(hookArgv, stdin);
  await write(process.stdout, result.stdout);
  await write(process.stderr, result.stderr);

  try {
    const outDir = resolve(projectRoot, values.out ?? process.env.RALPH_HOOKS_RECORD_DIR ?? 'test/hook-cases/recorded');
    const invocation: Invocation = {
      argv: hookArgv,
      stdin: stdin.toString('utf8'),
      stdout: result.stdout.toString('utf8'),
      stderr: result.stderr.toString('utf8'),
      exitCode: result.exitCode,
      cwd: process.cwd(),
      env: process.env,
    };
    saveCase(buildCase(invocation, { projectRoot, outDir, name: values.name, capture: values.capture, files: before }), outDir);
  } catch (error) {
    logFailure(error);
  }
  return result.exitCode;
}
