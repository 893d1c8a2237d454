/**
 * What `ralph-hooks status` reports: the record of the last loop's end, which the stop-watchers
 * write to .ralph-hooks/state/loop-end.json, and the loops running now, read from each
 * stop-watcher's state file as the config names it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig } from '../config/load.js';
import type { RalphHooksConfig } from '../config/schema.js';
import { isJsonObject } from '../util/json-text.js';
import { findPreset } from '../presets/index.js';
import { countOrNull, type RunningLoop } from '../presets/state-files.js';
import { TARGETS } from '../targets/index.js';

export type { RunningLoop } from '../presets/state-files.js';

export const END_RECORD = '.ralph-hooks/state/loop-end.json';

/** session-failed: the session ended on an API error (StopFailure); context-full: the client's "prompt is too long" reached a Stop; budget: maxTokens, maxCostUsd or maxMinutes was reached. */
export const END_REASONS = ['completed', 'max-iterations', 'no-progress', 'cancelled', 'corrupt-state', 'block-cap', 'session-failed', 'context-full', 'budget'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** Each end reason in plain words, as status and report print it. */
export const END_REASON_WORDS: Record<EndReason, string> = {
  completed: 'completed',
  'max-iterations': 'iteration limit reached',
  'no-progress': 'no progress',
  cancelled: 'cancelled',
  'corrupt-state': 'corrupt state file',
  'block-cap': "the agent's block cap may have ended the turn",
  'session-failed': 'the session ended on an API error',
  'context-full': 'the context was full',
  budget: 'a budget was reached (maxTokens, maxCostUsd or maxMinutes)',
};

export interface LoopEnd {
  reason: EndReason;
  /** UTC, ISO 8601, to the second. */
  at: string;
  hook: string;
  preset: string;
  iteration: number | null;
  limit: number | null;
  /** What the hook told the user (or logged) when the loop ended. */
  message: string;
}

/** The record, or why there is none: absent, or a file that is not a record. */
export type EndRecord = { found: true; end: LoopEnd } | { found: false; problem: string | null };

/** A parsed record, or the first thing wrong with it. */
function checkRecord(value: unknown): LoopEnd | string {
  if (!isJsonObject(value)) return 'not a JSON object';
  const record: Record<string, unknown> = value;
  if (!END_REASONS.includes(record.reason as EndReason)) return `reason ${JSON.stringify(record.reason)} is not one of ${END_REASONS.join(', ')}`;
  for (const field of ['at', 'hook', 'preset', 'message']) {
    if (typeof record[field] !== 'string') return `${field} is not a string`;
  }
  return { ...(record as unknown as LoopEnd), iteration: countOrNull(record.iteration), limit: countOrNull(record.limit) };
}

export function readEndRecord(root: string): EndRecord {
  let text: string;
  try {
    text = readFileSync(join(root, END_RECORD), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { found: false, problem: null };
    return { found: false, problem: (error as Error).message };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { found: false, problem: 'not JSON' };
  }
  const checked = checkRecord(parsed);
  return typeof checked === 'string' ? { found: false, problem: checked } : { found: true, end: checked };
}

/** Every loop with a state file now; none when the project has no valid config. */
export function runningLoops(root: string): RunningLoop[] {
  let config: RalphHooksConfig;
  try {
    config = readConfig(root);
  } catch {
    return [];
  }
  const target = TARGETS[config.target];
  return config.hooks.flatMap((hook) => findPreset(hook.preset)?.running?.(root, hook as never, target) ?? []);
}
