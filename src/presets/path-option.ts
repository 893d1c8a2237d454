import { z } from '../zod.js';

/**
 * A path option: one line of text without control characters. A newline in a path is never
 * a real file name, and every value is quoted where it is rendered anyway; refusing it here
 * names the field before anything is written.
 */
export function pathOption() {
  return z.string().min(1).regex(/^[^\u0000-\u001f\u007f\u2028\u2029]+$/, 'a path without control characters (no newlines, tabs or other control characters); write the path on one line');
}

/**
 * A path inside the project, relative to its root: a hook writes its logs and state there,
 * and its own checks refuse to write anywhere else. An absolute path (/…, ~…, C:\…) or a
 * `..` segment would leave the project: refused here, naming the field, before anything is written.
 */
export function projectPathOption(example: string) {
  return pathOption().superRefine((path, ctx) => {
    const absolute = /^(\/|~|\\|[A-Za-z]:)/.test(path);
    if (absolute || path.split(/[\\/]/).includes('..')) {
      ctx.addIssue({
        code: 'custom',
        input: path,
        message: `${absolute ? 'an absolute path' : 'a path with ".."'} leaves the project; write it relative to the project root, inside it (e.g. ${JSON.stringify(example)})`,
      });
    }
  });
}
