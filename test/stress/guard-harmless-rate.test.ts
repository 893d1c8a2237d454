/**
 * The share of harmless one-liners the guard denies (bench/guard-harmless-commands.json, the
 * sample bench/guard-harmless.mjs reports on): at most 5% with the default rules, and with
 * every rule on (issue 39). A denial there is a false positive until shown otherwise; the
 * list of those denied is printed on failure. ~2,400 guard calls: in the full suite, not the
 * quick one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUARD_RULE_IDS } from '../../src/presets/guard.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { caseInput, guardProject, mapLimit, runGuard, verdict } from '../guards/helpers.js';

const COMMANDS: string[] = JSON.parse(readFileSync(join(REPO_ROOT, 'bench/guard-harmless-commands.json'), 'utf8'));
const MAX_SHARE = 0.05;

describe('the harmless one-liner sample', () => {
  const setups: Array<[string, Record<string, unknown>]> = [
    ['the default rules', {}],
    ['every rule on', { rules: Object.fromEntries(GUARD_RULE_IDS.map((id) => [id, { enabled: true }])) }],
  ];
  for (const [name, options] of setups) {
    it(`${name}: at most 5% denied`, async () => {
      expect(COMMANDS.length).toBeGreaterThan(1000);
      const project = guardProject('claude-code', options, 'guard');
      // Each call a session of its own: doom-loop counts repeats within one session.
      const denied = (await mapLimit(COMMANDS.map((command, id) => ({ command, id })), 2, async (c) => {
        const result = await runGuard(project, caseInput({ id: c.id, command: c.command, dangerous: false }, project, `harmless-${c.id}`));
        expect(result.exitCode, c.command).toBe(0);
        const { kind, reason } = verdict(result);
        return kind === 'none' ? [] : [`${c.command}\n    ${reason ?? kind}`];
      })).flat();
      const share = denied.length / COMMANDS.length;
      expect(share, `${denied.length} of ${COMMANDS.length} denied (${(100 * share).toFixed(1)}%):\n${denied.join('\n')}`).toBeLessThanOrEqual(MAX_SHARE);
    }, 900_000);
  }
});
