/**
 * The guard's generated layout: the file a user opens to see what it denies (its settings
 * and the rules' own code) is short, the machinery it sources lies beside it, no file comes
 * near a client's read limit, and a guard whose machinery is missing still blocks the call.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { GUARD_RULE_IDS, GUARD_RULES } from '../../src/presets/guard.js';
import { TARGETS } from '../../src/targets/index.js';
import { assertDeny } from '../../testkit/index.js';
import { caseInput, guardProject, runGuard, scratchDir } from './helpers.js';

const EVERY_RULE = { rules: Object.fromEntries(GUARD_RULE_IDS.map((id) => [id, { enabled: true }])) };

function guardFiles(target: string, options: object = {}) {
  const { files } = renderHooks(validateConfig({ target, hooks: [{ kind: 'guard', preset: 'guard', options }] } as never));
  return files.filter((file) => /\/guard(-core|-parse|-read|-effects|-places|-rules\/[a-z0-9-]+)?\.sh$/.test(file.path));
}

/** guard.sh, guard-core.sh…, guard-rules/<id>.sh: the path below the hooks folder. */
const name = (path: string) => path.replace(/^.*\/(guard[^/]*\.sh|guard-rules\/[^/]+)$/, '$1');
describe('guard: the generated layout', () => {
  it('the file a user opens is short, each rule is a file of its own, and no file of the guard is over 60 KB, on every target', () => {
    for (const target of Object.keys(TARGETS)) {
      const defaults = guardFiles(target);
      expect(defaults.map((file) => name(file.path))).toEqual(['guard.sh', 'guard-core.sh', 'guard-parse.sh', 'guard-read.sh', 'guard-effects.sh', 'guard-places.sh',
        ...GUARD_RULES.filter((rule) => rule.enabled && rule.partials.rule).map((rule) => `guard-rules/${rule.id}.sh`)]);
      // The settings and where each rule runs; the rules' own code, a file each.
      expect(Buffer.byteLength(defaults[0]!.content), target).toBeLessThan(10_000);
      for (const file of [...defaults, ...guardFiles(target, EVERY_RULE)]) {
        expect(Buffer.byteLength(file.content), `${target} ${file.path}`).toBeLessThan(file.path.includes('/guard-rules/') ? 40_000 : 60_000);
      }
    }
  });

  it('no file but the machinery defines its functions', () => {
    const [guard, core, parse, read, effects, places, ...rules] = guardFiles('claude-project', EVERY_RULE).map((file) => file.content);
    const defined = (text: string) => [...text.matchAll(/^([a-z_][a-z0-9_]*)\(\) \{/gm)].map((m) => m[1]!);
    const machinery = new Set([...defined(core!), ...defined(parse!), ...defined(read!), ...defined(effects!), ...defined(places!)]);
    expect([guard!, ...rules].flatMap(defined).filter((fn) => machinery.has(fn))).toEqual([]);
  });

  it('only the guard is executable and registered; the parts it sources are neither', () => {
    const config = validateConfig({ hooks: [{ kind: 'guard', preset: 'guard' }] });
    const { files, commands } = renderHooks(config);
    const guard = files.filter((file) => file.hook === 'guard' && file.path.endsWith('.sh'));
    expect(guard.slice(0, 6).map((file) => [file.path, file.executable])).toEqual([
      ['.claude/hooks/guard.sh', true], ['.claude/hooks/guard-core.sh', false], ['.claude/hooks/guard-parse.sh', false],
      ['.claude/hooks/guard-read.sh', false], ['.claude/hooks/guard-effects.sh', false], ['.claude/hooks/guard-places.sh', false],
    ]);
    expect(guard.slice(6).map((file) => [name(file.path).split('/')[0], file.executable])).toEqual(guard.slice(6).map(() => ['guard-rules', false]));
    expect(guard.length).toBeGreaterThan(10);
    expect(new Set(commands.map((command) => command.script))).toEqual(new Set(['.claude/hooks/guard.sh']));
  });

  for (const contract of ['claude-code', 'forgeflare'] as const) {
    it(`${contract}: a missing or unreadable part blocks the call, with a reason, whatever the environment says`, async () => {
      const p = guardProject(contract);
      const input = caseInput({ id: 1, command: 'ls', dangerous: false }, p);
      const hooks = dirname(p.script);
      // The core gone: exit 2, which every agent (and every registration) reads as a block.
      renameSync(join(hooks, 'guard-core.sh'), join(hooks, 'core.moved'));
      const noCore = await runGuard(p, input);
      expect([noCore.exitCode, noCore.stdout]).toEqual([2, '']);
      expect(noCore.stderr).toMatch(/guard \(guard\) failed: .*guard-core\.sh is missing or unreadable/);
      // A folder where the core should be.
      mkdirSync(join(hooks, 'guard-core.sh'));
      expect((await runGuard(p, input)).exitCode).toBe(2);
      rmSync(join(hooks, 'guard-core.sh'), { recursive: true });
      renameSync(join(hooks, 'core.moved'), join(hooks, 'guard-core.sh'));
      // The parser gone: the core answers in the agent's own form.
      renameSync(join(hooks, 'guard-parse.sh'), join(hooks, 'parse.moved'));
      const noParse = await runGuard(p, input);
      expect(noParse.exitCode).toBe(0);
      assertDeny(noParse, /guard \(guard\) failed: .*guard-parse\.sh is missing or unreadable/);
      renameSync(join(hooks, 'parse.moved'), join(hooks, 'guard-parse.sh'));
      // The reading of what commands run gone: the same.
      renameSync(join(hooks, 'guard-read.sh'), join(hooks, 'read.moved'));
      assertDeny(await runGuard(p, input), /guard \(guard\) failed: .*guard-read\.sh is missing or unreadable/);
      renameSync(join(hooks, 'read.moved'), join(hooks, 'guard-read.sh'));
      // What programs do to files gone: the same.
      renameSync(join(hooks, 'guard-effects.sh'), join(hooks, 'effects.moved'));
      assertDeny(await runGuard(p, input), /guard \(guard\) failed: .*guard-effects\.sh is missing or unreadable/);
      renameSync(join(hooks, 'effects.moved'), join(hooks, 'guard-effects.sh'));
      // The places (folders, links, files written earlier) gone: the same.
      renameSync(join(hooks, 'guard-places.sh'), join(hooks, 'places.moved'));
      assertDeny(await runGuard(p, input), /guard \(guard\) failed: .*guard-places\.sh is missing or unreadable/);
      renameSync(join(hooks, 'places.moved'), join(hooks, 'guard-places.sh'));
      // A core named by the environment is never the one sourced (bash takes BASH_SOURCE from it).
      const fake = join(scratchDir('fake-core-'), 'guard-core.sh');
      writeFileSync(fake, 'main() { cat >/dev/null; }\n');
      const dangerous = caseInput({ id: 2, command: 'rm -rf /', dangerous: true }, p);
      const faked = await runGuard(p, dangerous, { GUARD_CORE: fake, GUARD_PARSE: fake, BASH_SOURCE: fake });
      assertDeny(faked, /^fs-destroy: /);
      // A rule's file gone: the call is denied, never that rule skipped.
      rmSync(join(hooks, 'guard-rules/fs-destroy.sh'));
      assertDeny(await runGuard(p, caseInput({ id: 3, command: 'rm -rf /', dangerous: true }, p)), /guard \(guard\) failed: .*guard-rules\/fs-destroy\.sh is missing or unreadable/);
    });
  }
});
