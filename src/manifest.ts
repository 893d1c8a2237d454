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
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function readManifest(root: string): Manifest | undefined {
  const path = join(root, MANIFEST_FILE);
  if (!existsSync(path)) return undefined;
  const data = parseJsonText(readFileSync(path, 'utf8'), MANIFEST_FILE) as Partial<Manifest>;
  return { generator: String(data.generator ?? 'unknown'), files: { ...(data.files ?? {}) } };
}
