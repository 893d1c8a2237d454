/** Reading and hashing project files: what the manifest, the registrations and the formatters share. */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { CliError } from './errors.js';

/** A file's text, hashed as the manifest records it. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The text of a file that must be a regular file (not a folder, FIFO or device): a clear error otherwise, never a hang. */
export function readRegularFile(path: string, name: string): string {
  const stat = statSync(path);
  if (!stat.isFile()) {
    const what = stat.isDirectory() ? 'a folder' : stat.isFIFO() ? 'a FIFO' : stat.isCharacterDevice() || stat.isBlockDevice() ? 'a device' : stat.isSocket() ? 'a socket' : 'not a regular file';
    throw new CliError(`${name} is ${what}, not a regular file; ralph-hooks left it untouched. Move it away (or replace it with a regular file) and run again.`);
  }
  if (stat.size > MAX_FILE_BYTES) throw new CliError(`${name} is ${stat.size} bytes, more than ralph-hooks reads (${MAX_FILE_BYTES}); ralph-hooks left it untouched.`);
  return readFileSync(path, 'utf8');
}

const MAX_FILE_BYTES = 64 * 1024 * 1024;
