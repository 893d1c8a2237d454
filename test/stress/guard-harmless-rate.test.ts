/**
 * The share of harmless one-liners the guard denies (bench/guard-harmless-commands.json, the
 * sample bench/guard-harmless.mjs reports on): at most 5% with every rule on and with the
 * default rules (issue 39). A denial there is a false positive until shown otherwise; the
 * list of those denied is printed on failure. ~1,400 guard calls: in the full suite, not the
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

/** The commands of COMMANDS that the guard of `options` denies, each with its reason; every call must exit 0. */
async function denials(options: Record<string, unknown>, commands: readonly string[]): Promise<string[]> {
  const project = guardProject('claude-code', options, 'guard');
  // Each call a session of its own: doom-loop counts repeats within one session.
  return (await mapLimit(commands.map((command) => ({ command, id: COMMANDS.indexOf(command) })), 2, async (c) => {
    const result = await runGuard(project, caseInput({ id: c.id, command: c.command, dangerous: false }, project, `harmless-${c.id}`));
    expect(result.exitCode, c.command).toBe(0);
    const { kind, reason } = verdict(result);
    return kind === 'none' ? [] : [`${c.command}\n    ${reason ?? kind}`];
  })).flat();
}

const share = (denied: readonly string[]) => `${denied.length} of ${COMMANDS.length} denied (${(100 * denied.length / COMMANDS.length).toFixed(1)}%)`;

describe('the harmless one-liner sample', () => {
  // A rule can only add a denial (the guard denies when any rule on denies), so what the default
  // rules deny is among what every rule denies. The default rules therefore run on those, and
  // on every 8th command every rule lets through, which must still pass them: the same share,
  // an eighth of the calls.
  let everyRuleDenied: string[] = [];

  it('every rule on: at most 5% denied', async () => {
    expect(COMMANDS.length).toBeGreaterThan(1000);
    const denied = await denials({ rules: Object.fromEntries(GUARD_RULE_IDS.map((id) => [id, { enabled: true }])) }, COMMANDS);
    everyRuleDenied = denied.map((line) => line.split('\n')[0]!);
    expect(denied.length / COMMANDS.length, `${share(denied)}:\n${denied.join('\n')}`).toBeLessThanOrEqual(MAX_SHARE);
  }, 900_000);

  it('the default rules: at most 5% denied, and nothing every rule lets through', async () => {
    const allowed = COMMANDS.filter((command) => !everyRuleDenied.includes(command));
    const sample = allowed.filter((_, i) => i % 8 === 0);
    expect(sample.length).toBeGreaterThan(100);
    const denied = await denials({}, [...everyRuleDenied, ...sample]);
    expect(denied.filter((line) => sample.includes(line.split('\n')[0]!)), 'denied by the default rules, let through by every rule').toEqual([]);
    expect(denied.length / COMMANDS.length, `${share(denied)}:\n${denied.join('\n')}`).toBeLessThanOrEqual(MAX_SHARE);
  }, 900_000);
});
