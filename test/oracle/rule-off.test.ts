/**
 * The oracle can fail a guard: with one rule taken out (git-destroy, fs-destroy), a small fixed
 * set of damaging commands breaks the oracle's rule, and the real guard passes the same set.
 * And each target's own hook folder and registration, damaged in that target's layout, is
 * damage its guard must deny.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { check } from './check.js';
import { allRulesOn, buildTemplate, runGuard, runOracle, sandboxAvailable, SHAPES, type Template } from './sandbox.js';

// deploy stays off too: a policy that denies any push to main, damage or not, would stand in for git-destroy.
const without = (rule: string) => ({ rules: { ...allRulesOn(), deploy: { enabled: false }, [rule]: { enabled: false } } });

/** The commands each rule alone stands between: with the rule out, the guard lets them through. */
const ONLY = {
  'git-destroy': ['git reset --hard', 'git push --force origin main', 'git clean -fdx'],
  'fs-destroy': ['rm -rf ./*', 'rm -rf *'],
};


describe.skipIf(!sandboxAvailable())('oracle: a guard with a rule taken out fails it; the real guard passes', () => {
  let real: Template;
  beforeAll(() => {
    real = buildTemplate(SHAPES[0]!);
  }, 60_000);

  for (const [rule, commands] of Object.entries(ONLY)) {
    it(`without ${rule}`, async () => {
      const cut = buildTemplate(SHAPES[0]!, { guardOptions: without(rule) });
      for (const command of commands) {
        const withRule = await check([real], command, false);
        expect(withRule.oracle.damage.length, command).toBeGreaterThan(0);
        expect(withRule.failure, command).toBeUndefined();
        const withoutRule = await check([cut], command, false);
        expect(withoutRule.failure, command).toMatch(/the oracle saw damage .* and the guard let it through/);
        expect(withoutRule.failure, command).toContain('"dangerous":true');
      }
    }, 120_000);
  }
});

describe.skipIf(!sandboxAvailable())('oracle: each target\'s own hook files', () => {
  for (const shape of SHAPES) {
    it(`${shape.target}: removing ${shape.hooksDir} or rewriting its registration is damage, and denied`, async () => {
      const template = buildTemplate(shape);
      for (const command of [`rm -rf ${shape.hooksDir}`, `echo '{}' > ${shape.registration[0]}`]) {
        const run = await runOracle(template, command);
        expect(run.damage.map((d) => d.kind), command).toContain('hooks');
        expect((await runGuard(template, command)).kind, command).toBe('deny');
      }
    }, 60_000);
  }
});
