/**
 * The manifest remembers the hash of every file ralph-hooks wrote, which is how a
 * hand edit is told apart from a file that is merely out of date.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonText } from './json-text.js';

export const MANIFEST_FILE = '.ralph-hooks/manifest.json';

export interface Manifest {
  /** The ralph-hooks version that last wrote the files. */
  generator: string;
  /** Project-relative path → sha256 of the content written there. */
  files: Record<string, string>;
  /**
   * Hand edits the user adopted (`generate --on-conflict=adopt`): path → sha256 of their
   * version. While the file still holds it and the rendering is still `files[path]`, the edit is
   * the recorded state: generate leaves it, doctor accepts it; --force restores the rendering.
   */
  adopted?: Record<string, string>;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function readManifest(root: string): Manifest | undefined {
  const path = join(root, MANIFEST_FILE);
  if (!existsSync(path)) return undefined;
  const data = parseJsonText(readFileSync(path, 'utf8'), MANIFEST_FILE) as Partial<Manifest>;
  const adopted = data.adopted && Object.keys(data.adopted).length ? { adopted: { ...data.adopted } } : {};
  return { generator: String(data.generator ?? 'unknown'), files: { ...(data.files ?? {}) }, ...adopted };
}
