/**
 * The oracle can fail a guard: with one rule taken out (git-destroy, fs-destroy), a small fixed
 * set of damaging commands breaks the oracle's rule, and the real guard passes the same set; a
 * guard copy that forgets one channel (a here-document fed to a shell) or one effect (the write
 * of a redirection) fails the family that draws it. And each target's own hook folder and
 * registration, damaged in that target's layout, is damage its guard must deny.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { check, holdCase, type Ask } from './check.js';
import { allRulesOn, buildTemplate, RULE_SETS, rulesOn, runGuard, runOracle, sandboxAvailable, SHAPES, type Template } from './sandbox.js';

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

/** Take a line out of the generated guard's scripts: what it did, the copy forgets. `hits` counts where it was. */
const forget = (line: string, instead: string) => {
  const patch = (script: string) => {
    patch.hits += script.split(line).length - 1;
    return script.replaceAll(line, instead);
  };
  patch.hits = 0;
  return patch;
};

const FORGOTTEN = [
  {
    what: 'the channel of a here-document fed to a shell',
    patch: forget('if ((seg_shell)); then heredoc_exec[i]=1; elif', 'if false; then :; elif'),
    commands: ["bash <<'EOF'\ngit reset --hard\nEOF", "sh <<'EOF'\ncat ~/.aws/credentials\nEOF"],
  },
  {
    what: "the effect of a redirection's write",
    patch: forget('    out) outs+=("${word}") ;;', '    out) ;;'),
    commands: ['echo x >> ~/.bashrc', 'printf x > ~/.profile'],
  },
];

describe.skipIf(!sandboxAvailable())('oracle: a guard copy that forgets one channel or one effect fails it', () => {
  let real: Template | undefined;
  for (const { what, patch, commands } of FORGOTTEN) {
    it(`forgetting ${what}`, async () => {
      const ask = (template: Template): Ask[] => [{ template, set: 'default', on: rulesOn('default') }];
      real ??= buildTemplate(SHAPES[0]!, { guardOptions: RULE_SETS.default() });
      const cut = buildTemplate(SHAPES[0]!, { guardOptions: RULE_SETS.default(), patchGuard: patch });
      expect(patch.hits, 'the line is no longer in the guard: update this test').toBeGreaterThan(0);
      for (const command of commands) {
        const withIt = await holdCase(real, ask(real), { command }, false);
        expect(withIt.damage.length, command).toBeGreaterThan(0);
        expect(withIt.failure, command).toBeUndefined();
        const without = await holdCase(real, ask(cut), { command }, false);
        expect(without.failure, command).toMatch(/the oracle saw damage .* and the guard let it through/);
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
