import { z } from 'zod';

/**
 * A path option: one line of text without control characters. A newline in a path is never
 * a real file name, and every value is quoted where it is rendered anyway; refusing it here
 * names the field before anything is written.
 */
export function pathOption() {
  return z.string().min(1).regex(/^[^\u0000-\u001f\u007f\u2028\u2029]+$/, 'a path without control characters (no newlines, tabs or other control characters); write the path on one line');
}
