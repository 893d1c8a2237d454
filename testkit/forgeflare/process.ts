/**
 * One hook process the way forgeflare's run_hook_subprocess runs it: `bash -c <command>`,
 * the JSON written to stdin and stdin closed, stdout read to the end, the exit status
 * checked, everything under one `tokio::time::timeout`.
 *
 * Two behaviours of the real runner are kept:
 * - **A timed-out hook is not killed** (tokio's Child has no kill on drop): it keeps running
 *   and its side effects land after the block. Its stdout is closed, as forgeflare drops it.
 *   `detached` resolves when it finally exits. `killOnTimeout` kills its process group instead.
 * - **A hook that does not read all of its stdin** makes forgeflare's write fail with EPIPE,
 *   a "spawn error: stdin write: Broken pipe (os error 32)". Whether that happens is a race
 *   in the real runner, except when more than a pipe's capacity (64 KiB) is left unread:
 *   then the write cannot finish and always fails. The simulator knows exactly how many
 *   bytes were left unread (stdin is a FIFO it also holds open and drains after exit), and
 *   `unreadStdin` picks the outcome deterministically:
 *   - `'pipe-capacity'` (default): broken pipe when more than 64 KiB were left unread, the
 *     case forgeflare always hits; a smaller unread input is written in full, as happens
 *     when forgeflare writes before the hook exits.
 *   - `'broken-pipe'`: broken pipe whenever any byte was left unread, as happens when the
 *     hook exits before forgeflare writes.
 *   - `'ignore'`: never.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PIPE_CAPACITY = 65536;

export type UnreadStdin = 'pipe-capacity' | 'broken-pipe' | 'ignore';

export interface HookProcessOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  unreadStdin: UnreadStdin;
  killOnTimeout: boolean;
}

export type HookProcessResult =
  | { kind: 'ok'; stdout: string; stderr: string; unreadBytes: number }
  | { kind: 'exit'; code: number; stdout: string; stderr: string; unreadBytes: number }
  | { kind: 'spawn'; message: string; stderr: string; unreadBytes: number }
  | { kind: 'timeout'; stderr: string; detached: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

let fifoDir: string | undefined;
let fifoCount = 0;
const fifoPool: string[] = [];

/** A fresh FIFO path; made 64 at a time, since each `mkfifo` is a process start. */
function newFifo(): string {
  if (fifoDir === undefined) {
    fifoDir = mkdtempSync(join(tmpdir(), 'ff-stdin-'));
    const dir = fifoDir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  if (fifoPool.length === 0) {
    const paths = Array.from({ length: 64 }, () => join(fifoDir!, `stdin-${fifoCount++}`));
    const made = spawnSync('mkfifo', paths, { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr || made.error?.message}`);
    fifoPool.push(...paths);
  }
  return fifoPool.shift()!;
}

const STRERROR: Record<string, string> = {
  EPERM: 'Operation not permitted',
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EEXIST: 'File exists',
  EXDEV: 'Invalid cross-device link',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  ENOSPC: 'No space left on device',
  EROFS: 'Read-only file system',
  EPIPE: 'Broken pipe',
  EBUSY: 'Device or resource busy',
  ENOTEMPTY: 'Directory not empty',
};

/** Rust's io::Error Display for an OS error: "Permission denied (os error 13)". */
export function osError(error: NodeJS.ErrnoException): string {
  const text = error.code ? STRERROR[error.code] : undefined;
  return text && typeof error.errno === 'number' ? `${text} (os error ${Math.abs(error.errno)})` : error.message;
}

export function runHookProcess(command: string, stdinData: string, options: HookProcessOptions): Promise<HookProcessResult> {
  const data = Buffer.from(stdinData, 'utf8');
  const fifo = newFifo();
  const ours = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  const theirs = openSync(fifo, constants.O_RDONLY);
  unlinkSync(fifo);

  return new Promise((resolvePromise) => {
    const child = spawn('bash', ['-c', command], { cwd: options.cwd, env: options.env, stdio: [theirs, 'pipe', 'pipe'], detached: true });
    closeSync(theirs);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let written = 0;
    let writerOpen = true;
    let settled = false;
    let exited: (value: { code: number | null; signal: NodeJS.Signals | null }) => void = () => {};
    const detached = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => (exited = r));

    let oursOpen = true;
    const closeOurs = () => {
      if (!oursOpen) return;
      oursOpen = false;
      closeSync(ours);
    };
    const closeWriter = () => {
      if (!writerOpen) return;
      writerOpen = false;
      closeSync(writer);
    };
    const pump = () => {
      if (!writerOpen) return;
      while (written < data.length) {
        try {
          written += writeSync(writer, data, written, data.length - written);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
            setTimeout(pump, 1);
            return;
          }
          throw error;
        }
      }
      closeWriter(); // EOF for the hook
    };
    /** Bytes the hook never read: never written, or still in the pipe. */
    const unread = (): number => {
      let left = data.length - written;
      closeWriter();
      const buffer = Buffer.alloc(PIPE_CAPACITY);
      while (oursOpen) {
        let n: number;
        try {
          n = readSync(ours, buffer, 0, buffer.length, null);
        } catch {
          break; // EAGAIN: nothing more
        }
        if (n === 0) break;
        left += n;
      }
      closeOurs();
      return left;
    };
    const settle = (result: HookProcessResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolvePromise(result);
    };

    const timer = setTimeout(() => {
      if (settled) return;
      closeWriter();
      closeOurs();
      child.stdout!.destroy();
      if (options.killOnTimeout && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      settle({ kind: 'timeout', stderr: Buffer.concat(stderr).toString('utf8'), detached });
    }, options.timeoutMs);

    child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stdout!.on('error', () => {});
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('exit', (code, signal) => exited({ code, signal }));
    child.on('error', (error: NodeJS.ErrnoException) => {
      exited({ code: null, signal: null });
      if (settled) return;
      closeWriter();
      closeOurs();
      settle({ kind: 'spawn', message: osError(error), stderr: '', unreadBytes: data.length });
    });
    child.on('close', (code) => {
      if (settled) return;
      const unreadBytes = unread();
      const err = Buffer.concat(stderr).toString('utf8');
      const out = Buffer.concat(stdout).toString('utf8');
      const broken = unreadBytes > 0 && (options.unreadStdin === 'broken-pipe' || (options.unreadStdin === 'pipe-capacity' && unreadBytes > PIPE_CAPACITY));
      if (broken) settle({ kind: 'spawn', message: 'stdin write: Broken pipe (os error 32)', stderr: err, unreadBytes });
      else if (code !== 0) settle({ kind: 'exit', code: code ?? -1, stdout: out, stderr: err, unreadBytes });
      else settle({ kind: 'ok', stdout: out, stderr: err, unreadBytes });
    });
    pump();
  });
}
