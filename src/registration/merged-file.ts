/**
 * Files that belong to the user and get our entries merged in (settings.json, hooks.json,
 * config.toml, package.json): what a merge would change, decided before anything is written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseJsonText } from '../util/json-text.js';
import { readRegularFile } from '../util/files.js';
import type { FileChange } from '../hook-types.js';

/** A file's text, or undefined when it is missing; a folder, FIFO or device is a clear error, never a hang. */
export function readIfExists(path: string, name = path): string | undefined {
  return existsSync(path) ? readRegularFile(path, name) : undefined;
}

/** A merged (untracked) file: create, unchanged when the text is the same, else update. */
export function classifyMerged(root: string, path: string, content: string): FileChange {
  const current = readIfExists(join(root, path), path);
  const status = current === undefined ? 'create' : current === content ? 'unchanged' : 'update';
  return { path, status, content, current, executable: false, tracked: false };
}

/**
 * A JSON file that belongs to the user and gets our entries merged in: parsed (errors carry
 * line and column), merged, and left byte for byte when the merge changes nothing.
 */
export function planMergedJson(
  root: string,
  path: string,
  merge: (parsed: unknown) => Record<string, unknown>,
  format: (current: string | undefined, merged: Record<string, unknown>) => string,
): FileChange {
  const current = readIfExists(join(root, path), path);
  const parsed = current === undefined ? undefined : parseJsonText(current, path);
  const merged = merge(parsed);
  if (parsed !== undefined && isDeepStrictEqual(parsed, merged)) {
    return { path, status: 'unchanged', content: current, current, executable: false, tracked: false };
  }
  return classifyMerged(root, path, format(current, merged));
}
