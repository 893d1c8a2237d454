/**
 * The survey (ORACLE_SURVEY=1 only): every value of every dimension, gaps included, tried on its
 * own against a few base cores (the other dimensions at their plain value), and a table of the
 * values where the guard and the oracle disagree, each with one example. It tells which `gap`
 * marks in generator.ts can go once the guard closes them.
 *   ORACLE_SURVEY=1 npx vitest run test/oracle/survey.test.ts
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { check } from './check.js';
import { commandOf, CORES, HARMLESS, HARMLESS_WRAPPERS, PADDINGS, PREFIXES, SEPARATORS, SPELLINGS, WRAPPERS, type DangerCase } from './generator.js';
import { buildTemplate, selectedShapes, type Template } from './sandbox.js';

/** Which parts to survey: core, wrapper, spelling, prefix, padding, separator, harmless (default all). */
const DIMS = (process.env.ORACLE_SURVEY_DIMS ?? 'core,wrapper,spelling,prefix,padding,separator,harmless').split(',');
const BASE_CORES = (process.env.ORACLE_SURVEY_CORES ?? 'rm-home,rm-git,git-reset-hard,cat-key,curl-upload-env').split(',');

describe.runIf(process.env.ORACLE_SURVEY === '1')('oracle survey', () => {
  it('each dimension value on its own', async () => {
    const templates: Template[] = selectedShapes().map((s) => buildTemplate(s));
    const base: Omit<DangerCase, 'core'> = { wrapper: WRAPPERS[0]!, spelling: SPELLINGS[0]!, prefix: PREFIXES[0]!, separator: SEPARATORS[0]!, padding: PADDINGS[0]! };
    const rows: string[] = [];
    const out = process.env.ORACLE_SURVEY_OUT ?? 'oracle-survey.txt';
    writeFileSync(out, '');
    const trial = async (dim: string, id: string, gap: string | undefined, cases: Array<{ command: string; rule?: string | string[] }>, harmless = false) => {
      let damaging = 0;
      const fails: string[] = [];
      for (const c of cases) {
        const v = await check(templates, c.command, harmless, c.rule);
        if (v.oracle.damage.length) damaging++;
        if (harmless && v.oracle.damage.length) fails.push(`harmless did damage: ${c.command}`);
        if (v.failure) fails.push(v.failure);
      }
      rows.push(`${fails.length ? 'FAIL' : 'ok  '} ${dim}=${id}${gap ? ` [gap: ${gap}]` : ''} (${damaging}/${cases.length} damaging)${fails.length ? `\n    ${fails[0]!.replaceAll('\n', '\n    ')}` : ''}`);
      appendFileSync(out, `${rows.at(-1)}\n`);
    };
    const baseCores = CORES.filter((c) => BASE_CORES.includes(c.id));
    if (DIMS.includes('core')) for (const core of CORES) await trial('core', core.id, core.gap, [{ command: commandOf({ ...base, core })!, rule: core.rule }]);
    const dims: Array<[string, keyof typeof base, Array<{ id: string; gap?: string }>]> = [['wrapper', 'wrapper', WRAPPERS], ['spelling', 'spelling', SPELLINGS], ['prefix', 'prefix', PREFIXES], ['padding', 'padding', PADDINGS]];
    for (const [name, key, list] of dims.filter(([name]) => DIMS.includes(name))) {
      for (const value of list.slice(1)) {
        const cases = baseCores.flatMap((core) => {
          const padding = key === 'padding' ? base.padding : key === 'prefix' ? base.padding : base.padding;
          const command = commandOf({ ...base, padding, [key]: value, core } as DangerCase);
          return command === undefined ? [] : [{ command, rule: core.rule }];
        });
        if (cases.length) await trial(name, value.id, value.gap, cases);
      }
    }
    for (const sep of DIMS.includes('separator') ? SEPARATORS : []) {
      const cases = baseCores.map((core) => ({ command: commandOf({ ...base, separator: sep, padding: PADDINGS.find((p) => p.id === 'true')!, core })!, rule: core.rule }));
      await trial('separator', sep.id, sep.gap, cases);
    }
    if (DIMS.includes('harmless')) for (const h of HARMLESS) await trial('harmless', h.id, h.gap, HARMLESS_WRAPPERS.slice(0, 1).map((wr) => ({ command: wr.wrap(h.text) })), true);
    console.log(rows.join('\n'));
  }, 3_600_000);
});
