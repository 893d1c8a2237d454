/**
 * Reading only the new bytes of a log that another process appends to: an offset per file, and
 * only whole lines (a line being written is read at the next poll, whole). The file may be
 * truncated, replaced (rotated: renamed away and a new one made, or written anew by a rename)
 * or removed between two reads; each is noticed and said, and never throws. Reads only: the
 * file is opened read-only and nothing is written anywhere.
 */
import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/** Where the reader of one file is. */
export interface TailState {
  /** Bytes read so far, all of them whole lines. */
  offset: number;
  /** The file's identity when last read: another inode at the same path is another file. */
  dev: number;
  ino: number;
  /** Size and modification time when last read: nothing to do while both are the same. */
  size: number;
  mtimeMs: number;
  /** The last bytes before `offset`: different bytes there mean the file was written anew (truncated, then grown past the offset). */
  mark: Buffer;
}

/**
 * What happened to the file since the last read:
 * - appended: new whole lines (or none yet: `text` is empty);
 * - started: read for the first time (or again after it was removed), from its start;
 * - truncated: shorter than what was read, or rewritten under it: read again from its start;
 * - replaced: another file at the path (rotated): read from its start;
 * - removed: no file at the path (or not a regular file); `state` is null;
 * - unreadable: it exists but cannot be read; `state` is kept as it was.
 */
export type TailChange = 'appended' | 'started' | 'truncated' | 'replaced' | 'removed' | 'unreadable';

export interface TailRead {
  change: TailChange;
  /** The new whole lines, newline included; '' when none. */
  text: string;
  state: TailState | null;
  /** For unreadable: the error code. */
  problem?: string;
}

/** How much is read at a time: a first read of a long log (tens of megabytes) goes in steps of this. */
export const READ_CHUNK = 4 * 1024 * 1024;
/** Bytes kept before the offset to tell a file written anew from one appended to. */
const MARK_BYTES = 64;

const unchanged = (state: TailState, stat: Stats) => stat.dev === state.dev && stat.ino === state.ino && stat.size === state.size && stat.mtimeMs === state.mtimeMs;

/** The new whole lines of `path` since `state` (null: never read). */
export function readNewLines(path: string, state: TailState | null): TailRead {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { change: 'removed', text: '', state: null };
    return { change: 'unreadable', text: '', state, problem: code ?? (error as Error).message };
  }
  if (!stat.isFile()) return { change: 'removed', text: '', state: null };
  if (state !== null && unchanged(state, stat)) return { change: 'appended', text: '', state };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { change: 'removed', text: '', state: null };
    return { change: 'unreadable', text: '', state, problem: code ?? (error as Error).message };
  }
  try {
    return readOpen(fd, state);
  } catch (error) {
    return { change: 'unreadable', text: '', state, problem: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  } finally {
    closeSync(fd);
  }
}

/** From an open file: decide where to start, then read every whole line up to its size now. */
function readOpen(fd: number, state: TailState | null): TailRead {
  // The open file's own identity and size: a rename between stat and open cannot mix two files.
  const stat = fstatSync(fd);
  const change = changeOf(fd, stat, state);
  let offset = change === 'appended' ? state!.offset : 0;
  const parts: string[] = [];
  while (offset < stat.size) {
    const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, stat.size - offset));
    const got = readSync(fd, buffer, 0, buffer.length, offset);
    if (got === 0) break;
    const reachedEnd = offset + got >= stat.size;
    const lastNewline = buffer.lastIndexOf(0x0a, got - 1);
    if (lastNewline === -1) {
      // A whole chunk without a newline is no record (they are far shorter): skip it rather
      // than wait for its end forever. Short of a chunk, it is a line being written.
      if (got === READ_CHUNK) offset += got;
      if (reachedEnd || got < READ_CHUNK) break;
      continue;
    }
    parts.push(buffer.toString('utf8', 0, lastNewline + 1));
    offset += lastNewline + 1;
    if (reachedEnd) break;
  }
  const next: TailState = { offset, dev: stat.dev, ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs, mark: markAt(fd, offset) };
  return { change, text: parts.join(''), state: next };
}

function changeOf(fd: number, stat: Stats, state: TailState | null): TailChange {
  if (state === null) return 'started';
  if (stat.dev !== state.dev || stat.ino !== state.ino) return 'replaced';
  if (stat.size < state.offset) return 'truncated';
  return markAt(fd, state.offset).equals(state.mark) ? 'appended' : 'truncated';
}

/** The MARK_BYTES bytes before `offset`. */
function markAt(fd: number, offset: number): Buffer {
  const length = Math.min(MARK_BYTES, offset);
  const buffer = Buffer.alloc(length);
  const got = length === 0 ? 0 : readSync(fd, buffer, 0, length, offset - length);
  return buffer.subarray(0, got);
}
