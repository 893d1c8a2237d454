/**
 * The survey (ORACLE_SURVEY=1 only).
 *
 * Families: every family in families.ts with more cases than the fixed-seed test
 * (ORACLE_SURVEY_RUNS dangerous, half as many harmless twins), under both rule sets; it prints
 * agreement per family and writes the family table of docs/guards.md ("What the oracle
 * checks"). With RALPH_HOOKS_GTFOBINS (a checkout of GTFOBins, or its git directory) the
 * catalog's families are drawn too.
 *   ORACLE_SURVEY=1 npx vitest run test/oracle/survey.test.ts
 *
 * Dimensions (ORACLE_SURVEY_DIMS=core,wrapper,…): every value of every dimension of the
 * variations family, gaps included, tried on its own against a few base cores, and the values
 * where the guard and the oracle disagree, each with one example. It tells which `gap` marks in
 * generator.ts can go once the guard closes them.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { check } from './check.js';
import { FAMILIES } from './families.js';
import { buildGuards, runFamilies, tallyLine, type Tally } from './families-run.js';
import { commandOf, CORES, HARMLESS, HARMLESS_WRAPPERS, PADDINGS, PREFIXES, SEPARATORS, SPELLINGS, WRAPPERS, type DangerCase } from './generator.js';
import { buildTemplate, selectedShapes, type Template } from './sandbox.js';

/** Which parts to survey: core, wrapper, spelling, prefix, padding, separator, harmless (default all). */
const DIMS = (process.env.ORACLE_SURVEY_DIMS ?? '').split(',').filter(Boolean);
const RUNS = Number(process.env.ORACLE_SURVEY_RUNS ?? 8);
const DOC = new URL('../../docs/guards.md', import.meta.url);
const START = '<!-- oracle families: written by ORACLE_SURVEY=1 npx vitest run test/oracle/survey.test.ts. Do not edit it by hand. -->';
const END = '<!-- end of oracle families -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', '\\n');

/** The docs table: a row per family with its counts, its agreement and its known disagreements. */
export function familyTable(tallies: Tally[], seed: number): string {
  const rows = tallies.map((t) => {
    const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)}%` : '—');
    const listed = [...t.known].map(([part, example]) => `${part}: \`\` ${cell(example)} \`\``);
    // Disagreements no KNOWN entry matches: printed above, counted here.
    const known = [...listed, ...(t.failures.length ? [`**${t.failures.length} not listed**`] : [])].join('<br>') || '—';
    return `| \`${t.family.id}\` | ${cell(t.family.what)} | ${t.family.closes} | ${t.held} of ${t.drawn} | ${t.agreed}/${t.held} (${pct(t.agreed, t.held)}) | ${t.harmlessAgreed}/${t.harmless} | ${known} |`;
  });
  const agreed = tallies.reduce((n, t) => n + t.agreed, 0);
  const held = tallies.reduce((n, t) => n + t.held, 0);
  return [
    `Seed ${seed}, ${RUNS} dangerous cases drawn per family (those that did damage are held), half as many harmless twins, each under the default rules and with every rule on: ${agreed} of ${held} damaging cases denied.`,
    '',
    '| Family | What it draws | Closed by | Damaging | Denied | Twins allowed | Known disagreements (part of issue 48: example) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

describe.runIf(process.env.ORACLE_SURVEY === '1' && !DIMS.length)('oracle survey: families', () => {
  it('agreement per family, written to docs/guards.md', async () => {
    const seed = Number(process.env.ORACLE_SEED ?? 48);
    const tallies = await runFamilies(buildGuards(), FAMILIES, { seed, dangerous: RUNS, harmless: Math.max(1, Math.round(RUNS / 2)) });
    console.log(tallies.map(tallyLine).join('\n'));
    for (const t of tallies) for (const f of t.failures) console.log(`[${t.family.id}] ${f}`);
    const doc = readFileSync(DOC, 'utf8');
    expect(doc).toContain(START);
    writeFileSync(DOC, `${doc.slice(0, doc.indexOf(START) + START.length)}\n${familyTable(tallies, seed)}\n${doc.slice(doc.indexOf(END))}`);
  }, 3_600_000);
});
const BASE_CORES = (process.env.ORACLE_SURVEY_CORES ?? 'rm-home,rm-git,git-reset-hard,cat-key,curl-upload-env').split(',');

describe.runIf(process.env.ORACLE_SURVEY === '1' && DIMS.length > 0)('oracle survey: dimensions', () => {
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
