/**
 * docs/guards.md's table "What a command does to what it touches" and the guard's
 * program_effects both come from one data file, src/presets/guard-effects.ts: the table is
 * generated from it (`npm run build`), every program in it has its arm in the generated
 * guard, and every program said to be read by code of its own has that code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANDLED_EFFECTS, PROGRAM_EFFECTS, withEffectsTable } from '../../src/presets/guard-effects.js';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { validateConfig } from '../../src/config/load.js';
import { REPO_ROOT } from '../helpers/cli.js';

function generated(name: string): string {
  const { files } = renderHooks(validateConfig({ hooks: [{ kind: 'guard', preset: 'guard' }] }));
  return files.find((f) => f.path.endsWith(`/${name}`))!.content;
}

describe('docs/guards.md: what programs do to files', () => {
  it('the table is the one guard-effects.ts gives (run `npm run build` after changing it)', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/guards.md'), 'utf8');
    expect(doc).toBe(withEffectsTable(doc));
  });

  it('every program of the data has its arm in the generated guard; those read by code of their own have it', () => {
    const effects = generated('guard-effects.sh');
    const body = effects.slice(effects.indexOf('program_effects() {'), effects.indexOf('\n}\n', effects.indexOf('program_effects() {')));
    for (const program of PROGRAM_EFFECTS.filter((p) => p.names[0] !== 'socat')) {
      for (const name of program.names) expect(body, name).toContain(`'${name}'`);
    }
    // Their arguments are a language of their own (templates/guard/core/own-arguments.sh.hbs).
    const places = generated('guard-places.sh');
    expect(places).toContain('socat_effects() {');
    expect(places).toContain('tar_effects() {');
    const parse = generated('guard-parse.sh');
    const own = parse.slice(parse.indexOf('collect_own_paths() {'));
    for (const name of HANDLED_EFFECTS.flatMap((p) => p.names)) expect(own, name).toMatch(new RegExp(`(^|[ |(])${name}( \\||\\)| ;;)`, 'm'));
  });

  it('no program is both in the data and read by code of its own', () => {
    const handled = HANDLED_EFFECTS.flatMap((p) => p.names);
    expect(PROGRAM_EFFECTS.flatMap((p) => p.names).filter((name) => handled.includes(name))).toEqual([]);
  });
});
