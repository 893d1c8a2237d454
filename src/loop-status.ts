/**
 * What `ralph-hooks status` reports: the record of the last loop's end, which the stop-watchers
 * write to .ralph-hooks/state/loop-end.json, and the loops running now, read from each
 * stop-watcher's state file as the config names it.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { readConfig } from './config/load.js';
import type { RalphHooksConfig } from './config/schema.js';
import { isJsonObject, jsonObjectIn } from './json-text.js';
import { loopStateFile, type LoopOptions } from './presets/loop.js';
import { TARGETS } from './targets/index.js';

export const END_RECORD = '.ralph-hooks/state/loop-end.json';

/** session-failed: the session ended on an API error (StopFailure); context-full: the client's "prompt is too long" reached a Stop. */
export const END_REASONS = ['completed', 'max-iterations', 'no-progress', 'cancelled', 'corrupt-state', 'block-cap', 'session-failed', 'context-full'] as const;
export type EndReason = (typeof END_REASONS)[number];

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

export interface RunningLoop {
  hook: string;
  preset: string;
  /** The state file, relative to the project when it is inside it. */
  stateFile: string;
  iteration: number | null;
  limit: number | null;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const countOrNull = (value: unknown): number | null => (isCount(value) ? value : null);

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

/** A state file's text, or null when it cannot be read. */
function readText(root: string, path: string): string | null {
  try {
    return readFileSync(isAbsolute(path) ? path : join(root, path), 'utf8');
  } catch {
    return null;
  }
}

/** The official plugin's frontmatter: active, iteration, max_iterations (bash runtime). */
function frontmatterLoop(text: string): { active: boolean; iteration: number | null; limit: number | null } | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) return null;
  const field = (key: string) => new RegExp(`^${key}:[ \\t]*"?([^"\\r\\n]*)"?[ \\t]*$`, 'm').exec(match[1]!)?.[1]?.trim();
  const number = (value: string | undefined) => (value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null);
  return { active: field('active')?.toLowerCase() !== 'false', iteration: number(field('iteration')), limit: number(field('max_iterations')) };
}

function runningLoopHook(root: string, config: RalphHooksConfig, hook: RalphHooksConfig['hooks'][number]): RunningLoop | null {
  const options = hook.options as LoopOptions;
  const stateFile = loopStateFile(options, TARGETS[config.target]);
  const text = readText(root, stateFile);
  if (text === null) return null;
  const base = { hook: hook.name, preset: hook.preset, stateFile };
  if (options.runtime === 'bash') {
    const state = frontmatterLoop(text);
    return state === null ? { ...base, iteration: null, limit: null } : state.active ? { ...base, iteration: state.iteration, limit: state.limit ?? options.maxIterations } : null;
  }
  const state = jsonObjectIn(text);
  if (state?.active === false) return null;
  return { ...base, iteration: countOrNull(state?.iteration), limit: countOrNull(state?.maxIterations ?? options.maxIterations) };
}

/** specum and speckit: the spec the marker names, and its state file's globalIteration. */
function runningSpecHook(root: string, hook: RalphHooksConfig['hooks'][number]): RunningLoop | null {
  const options = hook.options as Record<string, unknown>;
  const specsDir = String(hook.preset === 'speckit' ? options.featuresDir : (options.specsDirs as string[])[0]).replace(/\/+$/, '');
  const marker = hook.preset === 'speckit' ? String(options.currentFeatureFile) : `${specsDir}/${String(options.currentSpecFile)}`;
  const spec = readText(root, marker)?.split('\n')[0]?.replace(/\s/g, '').replace(/\/$/, '');
  if (!spec) return null;
  const specPath = spec.startsWith('./') || spec.startsWith('/') ? spec : `${specsDir}/${spec}`;
  const stateFile = `${specPath}/${String(options.stateFile)}`.replace(/^\.\//, '');
  const text = readText(root, stateFile);
  if (text === null) return null;
  const state = jsonObjectIn(text);
  return {
    hook: hook.name,
    preset: hook.preset,
    stateFile,
    iteration: countOrNull(state?.globalIteration),
    limit: countOrNull(state?.maxGlobalIterations ?? options.maxGlobalIterations),
  };
}

/** Every loop with a state file now; none when the project has no valid config. */
export function runningLoops(root: string): RunningLoop[] {
  let config: RalphHooksConfig;
  try {
    config = readConfig(root);
  } catch {
    return [];
  }
  return config.hooks.flatMap((hook) => {
    if (hook.preset === 'loop') return runningLoopHook(root, config, hook) ?? [];
    if (hook.preset === 'specum' || hook.preset === 'speckit') return runningSpecHook(root, hook) ?? [];
    return [];
  });
}
