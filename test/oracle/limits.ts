/**
 * Documented limits of the oracle property: cases where the oracle's verdict and the guard's
 * may differ by design. Each has its reason; docs/guards.md ("What the oracle checks") lists
 * them. A case matched here is skipped by the property, never silently passed: the test counts
 * the skips. Keep the list short: a limit is a decision, not a place to park a bug (a gap the
 * guard should close belongs in generator.ts as a `gap` on the dimension value instead).
 */
import type { Damage } from './sandbox.js';

export interface Limit {
  id: string;
  /** Does this limit cover the case? `damage` is empty for a harmless case the guard denied. */
  covers(command: string, damage: Damage[]): boolean;
  reason: string;
}

export const LIMITS: Limit[] = [
  {
    id: 'hooks-of-one-target',
    covers: (_command, damage) => damage.length > 0 && damage.every((d) => d.kind === 'hooks'),
    reason:
      "The oracle runs each command in the claude-project layout: damage to .claude/ is that target's own; each target's hook folder and registration are checked in their own layout by the self-protection test.",
  },
  {
    id: 'git-push-lease',
    covers: (command, damage) => /--force-with-lease/.test(command) && damage.every((d) => d.kind === 'remote'),
    reason:
      "git push --force-with-lease with no expected value compares against the remote-tracking ref, which the sandbox's fresh clone never fetched, so it rewinds origin as --force would. The guard allows --force-with-lease on purpose: it is the safe form when the ref is fetched.",
  },
];

export function limitOf(command: string, damage: Damage[]): Limit | undefined {
  return LIMITS.find((limit) => limit.covers(command, damage));
}
