import { assertSkillShellLineBlocked } from '../assertions.js';
import { makeMatcher } from './make-matcher.js';

/**
 * Passes when a PreSkillShellCommand answer keeps a skill's shell line from running: deny, ask
 * or defer, any `updatedInput`, or exit 2. `.not` passes when the line runs, so it also fails
 * on an allow that carries `updatedInput`.
 */
export const toBlockSkillShellLine = makeMatcher('toBlockSkillShellLine', assertSkillShellLineBlocked, (reason?: string | RegExp) => reason === undefined ? 'a blocked shell line' : `a blocked shell line with reason ${String(reason)}`);
