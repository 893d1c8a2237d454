/**
 * The loop record: every stop-watcher appends one JSON line per Stop decision to a log per
 * session, under the state folder. The stop-watchers write it (templates/), `ralph-hooks report`
 * reads it (src/report/). This file is the contract between the two: the path, the line's shape
 * and a tolerant reader of one line.
 *
 * A figure the agent does not give is null, never 0: a report must be able to say "<agent> gave
 * no token counts" rather than "<agent> used no tokens".
 */

/** Folder of the per-session logs, relative to the project root. */
export const LOOP_LOG_DIR = '.ralph-hooks/state/loops';

/** The file a session's lines go to: the session id kept to [A-Za-z0-9._-] (others become _), at most 128 characters; no id: "unknown". */
export function loopLogFile(sessionId: string | null | undefined): string {
  const safe = (sessionId ?? '').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 128);
  return `${LOOP_LOG_DIR}/${safe === '' || /^\.+$/.test(safe) ? 'unknown' : safe}.jsonl`;
}

export const RECORD_VERSION = 1;

export type StopDecision = 'continue' | 'stop' | 'pause';

/** Tokens the model reported for the calls since the previous Stop of this session. */
export interface RecordedUsage {
  /** The model named by the last call in the span, or null when the transcript names none. */
  model: string | null;
  input: number | null;
  output: number | null;
  cacheRead: number | null;
  cacheWrite: number | null;
}

/** One line of a loop log. */
export interface StopRecord {
  v: typeof RECORD_VERSION;
  /** UTC, ISO 8601 with milliseconds when the hook's clock gives them. */
  at: string;
  session: string | null;
  /** The agent (its target's `agent`: claude-code, …); report and watch show its agentName. */
  agent: string;
  /** Preset id: loop, specum, speckit, passive, … */
  preset: string;
  /** The hook's name in the config. */
  hook: string;
  /** The iteration this Stop ends (1 = the first), or null when the preset keeps no count. */
  iteration: number | null;
  /** When the loop started (the state file's start), or null when unknown. */
  loopStarted: string | null;
  /** The task or spec step worked on, as the state names it, or null. */
  task: string | null;
  decision: StopDecision;
  /** Why: for stop and pause one of the loop end reasons (completed, max-iterations, budget, …); for continue null. */
  reason: string | null;
  /** What the hook told the agent or the user, or null. */
  message: string | null;
  /** Usage since the previous Stop, or null when none could be read (usageNote says why). */
  usage: RecordedUsage | null;
  /**
   * Why usage is null ("… transcript carries no token counts", "no transcript: … gave no
   * transcript_path", "transcript unreadable: …", "no new lines in the transcript since the
   * previous Stop"), else null; with a usage, that only the end of a long span was read ("only
   * the last 4194304 of N new bytes of the transcript were read"), else null.
   */
  usageNote: string | null;
  /** Tool calls in the transcript since the previous Stop, or null when unknown. */
  toolCalls: number | null;
}
