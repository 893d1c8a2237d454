/**
 * `ralph-hooks watch`: the project's loops as their records land. On a terminal, a live view
 * redrawn at every poll (the keys switch session and quit); otherwise (--plain, or output to a
 * pipe or file) a line per event; --once prints one snapshot and exits. This file parses the
 * flags, polls on a timer, draws and reads keys; src/watch/ reads the logs and renders.
 */
import { isAbsolute, relative } from 'node:path';
import { LOOP_LOG_DIR } from '../../src/loop-record/record.js';
import { didYouMean } from '../../src/util/did-you-mean.js';
import { CliError } from '../../src/util/errors.js';
import { createWatch, eventLine, pollWatch, renderFrame, selectedKey, summaryLine, views, type SessionView, type WatchEvent, type WatchState } from '../../src/watch/index.js';
import { findProjectRoot } from '../project-root.js';
import { parseCommandArgs, UsageError } from './args.js';

const HELP = `Usage: ralph-hooks watch [--once] [--plain] [--session <id>] [--interval <ms>] [--dir <path>]

The project's loops as they run, from the log every stop-watcher appends a line to at each Stop
(${LOOP_LOG_DIR}/<session>.jsonl) and the guard's denial log. Per session: the
agent, preset, iteration, elapsed time, tokens and cost so far, each budget as a bar, the task,
the last decisions and guard denials, and why the loop ended. Reads only the new bytes of each
log at every poll; writes nothing.

On a terminal it redraws in place: ↑/↓ (or j/k, Tab) switch session, 1-9 pick one, q quits.
Otherwise (or with --plain) it prints a line per session so far, then a line per Stop, denial
and end as they land, until interrupted.

Options:
  --once          print one snapshot (the view, or with --plain a line per session) and exit
  --plain         a line per event, even on a terminal
  --session <id>  start on this session (its id, or its log's file name without .jsonl); with
                  --plain, only its lines
  --interval <ms> how often to read the logs (default 500, at least 50)
  --dir <path>    the project (default: found upward from the current folder)`;

const SNAPSHOT_WIDTH = 100;

interface Options {
  session: string | undefined;
  intervalMs: number;
}

function intervalOf(value: string | undefined): number {
  if (value === undefined) return 500;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms < 50 || ms > 3_600_000) throw new UsageError(`--interval takes milliseconds, from 50 to 3600000, got '${value}'.`);
  return ms;
}

const matches = (view: Pick<SessionView, 'key' | 'id'>, session: string) => view.key === session || view.id === session;

function useColor(): boolean {
  return !process.env.NO_COLOR && process.env.TERM !== 'dumb';
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('watch', argv, {
    once: { type: 'boolean', default: false },
    plain: { type: 'boolean', default: false },
    session: { type: 'string' },
    interval: { type: 'string' },
    dir: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const options: Options = { session: values.session, intervalMs: intervalOf(values.interval) };
  const { root } = findProjectRoot(values.dir ?? process.cwd());
  const state = createWatch(root);
  // The history first, without an event per line: a long log is read in one go.
  pollWatch(state, { events: false });
  const terminal = process.stdout.isTTY === true && !values.plain;
  if (values.once) return snapshot(state, options, values.plain, terminal);
  if (!terminal) return followPlain(state, options);
  return live(state, options);
}

function snapshot(state: WatchState, options: Options, plain: boolean, terminal: boolean): number {
  const nowMs = Date.now();
  const all = views(state, nowMs);
  if (options.session !== undefined && !all.some((view) => matches(view, options.session!))) throw unknownSession(options.session, all);
  if (plain) {
    const shown = options.session === undefined ? all : all.filter((view) => matches(view, options.session!));
    process.stdout.write(shown.length === 0 ? `${emptySentence(state)}\n` : shown.map((view) => `${summaryLine(view, nowMs)}\n`).join(''));
    return 0;
  }
  const selected = options.session === undefined ? null : all.find((view) => matches(view, options.session!))!.key;
  process.stdout.write(renderFrame(all, frameOptions(state, { width: terminal ? process.stdout.columns || SNAPSHOT_WIDTH : SNAPSHOT_WIDTH, height: null, nowMs, selected, live: false, color: terminal && useColor() })));
  return 0;
}

function unknownSession(session: string, all: SessionView[]): CliError {
  const ids = all.map((view) => view.id);
  const listed = ids.length === 0 ? ' No session is recorded yet.' : `\nThe sessions:\n${ids.slice(0, 10).map((id) => `  ${id}`).join('\n')}`;
  return new CliError(`no session '${session}' in ${LOOP_LOG_DIR}/.${didYouMean(session, ids)}${listed}`);
}

function emptySentence(state: WatchState): string {
  if (state.problem) return state.problem;
  return state.folderFound ? `No Stop recorded yet in ${LOOP_LOG_DIR}/.` : `No loop has been recorded here yet: ${LOOP_LOG_DIR}/ does not exist.`;
}

/** The project as the head names it: its path from here when it is below the current folder, else in full. */
function projectLabel(root: string): string {
  const below = relative(process.cwd(), root);
  return below === '' || below.startsWith('..') || isAbsolute(below) ? root : below;
}

function frameOptions(state: WatchState, rest: { width: number; height: number | null; nowMs: number; selected: string | null; live: boolean; color: boolean }) {
  return { ...rest, project: projectLabel(state.root), folderFound: state.folderFound, problem: state.problem };
}

/** Is this event about the session asked for (denials that name no session are everyone's)? */
function concerns(event: WatchEvent, state: WatchState, session: string): boolean {
  const byKey = (key: string) => key === session || state.sessions.get(key)?.id === session;
  if (event.kind === 'stop' || event.kind === 'end') return byKey(event.key);
  if (event.kind === 'denial') return event.denial.session === null || event.denial.session === session;
  return !event.path.startsWith(`${LOOP_LOG_DIR}/`) || byKey(event.path.slice(LOOP_LOG_DIR.length + 1, -'.jsonl'.length));
}

/** Write to stdout; a closed pipe (`| head`) ends the command quietly. */
function onClosedOutput(stop: () => void): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') stop();
    else throw error;
  });
}

function followPlain(state: WatchState, options: Options): Promise<number> {
  const nowMs = Date.now();
  const idOf = (key: string) => state.sessions.get(key)?.id ?? key;
  const first = views(state, nowMs).filter((view) => options.session === undefined || matches(view, options.session));
  process.stdout.write(first.length === 0 ? `${emptySentence(state)} Waiting for the first Stop…\n` : first.map((view) => `${summaryLine(view, nowMs)}\n`).join(''));
  return new Promise((done) => {
    const stop = () => {
      clearInterval(timer);
      done(0);
    };
    const timer = setInterval(() => {
      const now = Date.now();
      const lines = pollWatch(state)
        .filter((event) => options.session === undefined || concerns(event, state, options.session))
        .map((event) => `${eventLine(event, idOf, now)}\n`);
      if (lines.length > 0) process.stdout.write(lines.join(''));
    }, options.intervalMs);
    onClosedOutput(stop);
    process.once('SIGTERM', stop);
  });
}

// ---------------------------------------------------------------------------------------------
// The live view.

/** Alternate screen, cursor hidden, no line wrap: the frame owns the screen; and back. */
const ENTER = '\x1b[?1049h\x1b[?25l\x1b[?7l';
const LEAVE = '\x1b[?7h\x1b[?25h\x1b[?1049l';

type Key = 'quit' | 'next' | 'previous' | { pick: number };

/** The keys in one chunk of terminal input, in order. */
export function keysOf(input: string): Key[] {
  const keys: Key[] = [];
  for (let i = 0; i < input.length; i++) {
    const rest = input.slice(i);
    const sequence = /^\x1b\[(A|B|Z)|^\x1bO(A|B)/.exec(rest);
    if (sequence) {
      const code = sequence[1] ?? sequence[2];
      keys.push(code === 'B' ? 'next' : 'previous');
      i += sequence[0].length - 1;
      continue;
    }
    const char = rest[0]!;
    if (char === 'q' || char === 'Q' || char === '\x03' || char === '\x04') keys.push('quit');
    else if (char === 'j' || char === '\t' || char === 'n') keys.push('next');
    else if (char === 'k' || char === 'p') keys.push('previous');
    else if (char >= '1' && char <= '9') keys.push({ pick: Number(char) - 1 });
  }
  return keys;
}

function live(state: WatchState, options: Options): Promise<number> {
  const out = process.stdout;
  const input = process.stdin;
  const color = useColor();
  let selected: string | null = null;
  let wanted = options.session;
  let previousFrame = '';
  let current: SessionView[] = [];

  const draw = () => {
    const nowMs = Date.now();
    current = views(state, nowMs);
    // A --session not recorded yet is chosen once it appears.
    if (wanted !== undefined) {
      const found = current.find((view) => matches(view, wanted!));
      if (found) {
        selected = found.key;
        wanted = undefined;
      }
    }
    // One column short of the width: a character in the last column leaves the cursor on it, and the erase after it would take it.
    const frame = renderFrame(current, frameOptions(state, { width: Math.max(20, (out.columns || 80) - 1), height: out.rows || 24, nowMs, selected, live: true, color }));
    if (frame === previousFrame) return;
    previousFrame = frame;
    out.write(`\x1b[H${frame.replace(/\n$/, '').split('\n').join('\x1b[K\r\n')}\x1b[K\x1b[J`);
  };

  const move = (key: Key) => {
    if (current.length === 0 || key === 'quit') return;
    const index = current.findIndex((view) => view.key === selectedKey(current, selected));
    const next = typeof key === 'object' ? key.pick : key === 'next' ? index + 1 : index - 1;
    if (next < 0 || next >= current.length) return;
    selected = current[next]!.key;
    wanted = undefined;
  };

  return new Promise((done) => {
    const restore = () => {
      out.write(LEAVE);
      if (input.isTTY) input.setRawMode(false);
    };
    const quit = () => {
      clearInterval(timer);
      out.removeListener('resize', redraw);
      input.removeListener('data', onKeys);
      input.pause();
      process.removeListener('exit', restore);
      restore();
      done(0);
    };
    const redraw = () => {
      previousFrame = '';
      draw();
    };
    const onKeys = (chunk: string) => {
      const keys = keysOf(chunk);
      if (keys.includes('quit')) return quit();
      for (const key of keys) move(key);
      draw();
    };
    // However the process ends (a signal, an error), the terminal gets its screen back.
    process.on('exit', restore);
    out.write(ENTER);
    if (input.isTTY) input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onKeys);
    input.resume();
    out.on('resize', redraw);
    onClosedOutput(quit);
    const timer = setInterval(() => {
      pollWatch(state, { events: false });
      draw();
    }, options.intervalMs);
    draw();
  });
}
