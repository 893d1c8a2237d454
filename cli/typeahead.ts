/**
 * Keys typed ahead answer the next question, as they do in a shell.
 *
 * On a terminal, the question library drops every key that arrives before a question is drawn
 * (it cannot tell type-ahead from stale keys). `init` draws its first question a few hundred
 * milliseconds after it starts, so an Enter typed at once was lost and the user sat waiting.
 * While init asks, a KeyBuffer holds the terminal in raw mode and keeps every key in a stream
 * of its own; the questions read from that stream, so nothing typed in between is dropped.
 * Ctrl-C still reaches the question as a key, or stop() reports it, and init ends with nothing
 * written.
 */
import { PassThrough } from 'node:stream';

const CTRL_C = 0x03;
const CR = 0x0d;
const LF = 0x0a;

export interface KeyBuffer {
  /** What the questions read instead of the terminal. */
  readonly input: NodeJS.ReadableStream;
  /**
   * Give the terminal back (cooked mode, nothing read): before anything else reads stdin.
   * True when a Ctrl-C was typed that no question read (none was asked, or it came after the
   * last answer): the caller stops as it would at a question, before anything is written.
   */
  stop(): boolean;
}

/** A KeyBuffer over a terminal stdin; undefined when stdin is not a terminal (nothing to keep). */
export function startKeyBuffer(stdin: NodeJS.ReadStream = process.stdin): KeyBuffer | undefined {
  if (!stdin.isTTY || typeof stdin.setRawMode !== 'function') return undefined;
  // The questions switch raw mode on and off around each one; the buffer keeps it on until
  // stop(), so keys typed between two questions are neither echoed nor held by line editing.
  const input = Object.assign(new PassThrough(), { isRaw: true, setRawMode: () => input });
  let pending = Buffer.alloc(0);
  // A question reads keys from the time it starts (its reader resumes the stream) up to its
  // first Enter; the keys after that Enter wait for the next question. Handed over all at
  // once, they would reach the question that has just been answered, and be lost.
  let reading = false;
  const handOver = () => {
    while (reading && pending.length > 0) {
      let cut = pending.findIndex((byte) => byte === CR || byte === LF);
      const answered = cut !== -1;
      cut = !answered ? pending.length : pending[cut] === CR && pending[cut + 1] === LF ? cut + 2 : cut + 1;
      input.write(pending.subarray(0, cut));
      pending = pending.subarray(cut);
      if (answered) reading = false;
    }
  };
  input.on('resume', () => {
    reading = true;
    handOver();
  });
  const onKeys = (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    handOver();
  };
  stdin.setRawMode(true);
  stdin.on('data', onKeys);
  stdin.resume();
  let stopped = false;
  return {
    input,
    stop() {
      if (stopped) return false;
      stopped = true;
      stdin.removeListener('data', onKeys);
      stdin.setRawMode(false);
      stdin.pause();
      input.end();
      return pending.includes(CTRL_C);
    },
  };
}
