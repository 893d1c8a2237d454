import { assertSignal } from '../assertions.js';
import { makeMatcher } from './make-matcher.js';

/** Passes when a forgeflare PostToolUse hook answers `action: "signal"` (with `signal` when given). */
export const toSignal = makeMatcher('toSignal', assertSignal, (signal?: string) => signal === undefined ? 'a signal' : `signal ${signal}`);
