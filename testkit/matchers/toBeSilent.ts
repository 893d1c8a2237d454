import { assertSilent } from '../assertions.js';
import { makeMatcher } from './make-matcher.js';

/** Passes when the hook exits 0 with empty stdout (and stderr, unless `allowStderr`). */
export const toBeSilent = makeMatcher('toBeSilent', assertSilent, (options?: { allowStderr?: boolean }) => options?.allowStderr ? 'exit 0 with empty stdout' : 'exit 0 with no output');
