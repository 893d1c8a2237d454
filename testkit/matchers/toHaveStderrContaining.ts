import { assertStderrContains } from '../assertions.js';
import { makeMatcher } from './make-matcher.js';

/** Passes when stderr contains `text`. */
export const toHaveStderrContaining = makeMatcher('toHaveStderrContaining', assertStderrContains, (text: string | RegExp) => `stderr containing ${String(text)}`);
