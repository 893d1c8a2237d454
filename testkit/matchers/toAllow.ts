import { assertAllow } from '../assertions.js';
import { makeMatcher } from './make-matcher.js';

/** Passes when a guard allows: forgeflare `action: "allow"`, `permissionDecision: "allow"`, or (not `explicit`) exit 0 without a decision. */
export const toAllow = makeMatcher('toAllow', assertAllow, (options?: { explicit?: boolean }) => options?.explicit ? 'an explicit allow' : 'an allow');
