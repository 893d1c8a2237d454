/** All hook matchers, for `expect.extend(matchers)` (testkit/vitest.ts does it for you). */
export { toBeJsonBlock } from './toBeJsonBlock.js';
export { toHaveReasonContaining } from './toHaveReasonContaining.js';
export { toHaveSystemMessageContaining } from './toHaveSystemMessageContaining.js';
export { toHaveStderrContaining } from './toHaveStderrContaining.js';
export { toBeSilent } from './toBeSilent.js';
export { toAllow } from './toAllow.js';
export { toDeny } from './toDeny.js';
export { toBlockSkillShellLine } from './toBlockSkillShellLine.js';
export { toSignal } from './toSignal.js';
export { makeMatcher, type MatcherContext, type MatcherResult } from './make-matcher.js';
