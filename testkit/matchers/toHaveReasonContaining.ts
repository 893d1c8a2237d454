import { assertReasonContains } from '../assertions.js';
import { makeMatcher } from './make-matcher.js';

/** Passes when the JSON reason (or permissionDecisionReason) contains `text`. */
export const toHaveReasonContaining = makeMatcher('toHaveReasonContaining', assertReasonContains, (text: string | RegExp) => `a reason containing ${String(text)}`);
