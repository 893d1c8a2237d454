/**
 * Reading a stop-watcher's state as `ralph-hooks status` shows it: each preset that runs a
 * loop says where its state is and what it holds (Preset.running); these are the pieces
 * they share. Never throws: a state file that cannot be read is no running loop.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/** A loop with a state file now. */
export interface RunningLoop {
  hook: string;
  preset: string;
  /** The state file, relative to the project when it is inside it. */
  stateFile: string;
  iteration: number | null;
  limit: number | null;
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** A count (a safe integer ≥ 0), or null for anything else. */
export const countOrNull = (value: unknown): number | null => (isCount(value) ? value : null);

/** A state file's text (relative paths from the project's root), or null when it cannot be read. */
export function readStateText(root: string, path: string): string | null {
  try {
    return readFileSync(isAbsolute(path) ? path : join(root, path), 'utf8');
  } catch {
    return null;
  }
}
