import { assertDeny } from '../assertions.js';
import { makeMatcher } from './make-matcher.js';

/** Passes when a guard denies: forgeflare `action: "block"`, `permissionDecision: "deny"`, `decision: "block"` or exit 2. */
export const toDeny = makeMatcher('toDeny', assertDeny, (reason?: string | RegExp) => reason === undefined ? 'a deny' : `a deny with reason ${String(reason)}`);
