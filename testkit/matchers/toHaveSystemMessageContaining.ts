import { assertSystemMessageContains } from '../assertions.js';
import { makeMatcher } from './make-matcher.js';

/** Passes when the JSON systemMessage contains `text`. */
export const toHaveSystemMessageContaining = makeMatcher('toHaveSystemMessageContaining', assertSystemMessageContains, (text: string | RegExp) => `a systemMessage containing ${String(text)}`);
