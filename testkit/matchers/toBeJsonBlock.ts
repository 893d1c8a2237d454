import { assertJsonBlock } from '../assertions.js';
import { makeMatcher } from './make-matcher.js';

/** Passes when stdout is a JSON object with `decision: "block"`. */
export const toBeJsonBlock = makeMatcher('toBeJsonBlock', assertJsonBlock, () => 'a JSON block (decision: "block")');
