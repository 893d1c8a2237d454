/**
 * `ralph-hooks schema [--write | --check]`: the config's JSON Schema and the docs'
 * config reference, both from the zod definition. `npm run build` writes them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configReferenceMarkdown } from '../../src/config/reference.js';
import { configJsonSchema } from '../../src/config/schema.js';
import { formatJson } from '../../src/util/json-text.js';
import { PACKAGE_ROOT } from '../../src/util/package-info.js';
import { GUARD_RULES } from '../../src/presets/guard.js';
import { withGuardRuleTable } from '../../src/presets/guard-rules.js';
import { withProgramsList } from '../../src/presets/guard-programs.js';
import { withEffectsTable } from '../../src/presets/guard-effects.js';
import { caseJsonSchema } from '../../testkit/replay/case-schema.js';
import { scenarioJsonSchema } from '../../testkit/replay/scenario-schema.js';
import { parseCommandArgs, UsageError } from './args.js';

const HELP = `Usage: ralph-hooks schema [--write | --check]

Prints the JSON Schema of ralph-hooks.config.json (your editor reads the copy shipped in
node_modules/ralph-hooks/schema/config.schema.json through the config's "$schema").

Options:
  --write      (ralph-hooks' own build) rewrite schema/*.schema.json, docs/config-reference.md
               and the rule table, program list and effects table of docs/guards.md
  --check      exit 1 when one of them is out of date
  -h, --help   this text`;

const GUARDS_DOC = join(PACKAGE_ROOT, 'docs', 'guards.md');

/**
 * Each file the build writes, with what it must hold given the text it holds now (only the
 * guard docs keep text of their own). The tests render them in memory and compare with the
 * committed copy (test/helpers/committed.ts), never with what the build just wrote.
 */
export const GENERATED_FILES: Record<string, (current: string) => string> = {
  [join(PACKAGE_ROOT, 'schema', 'config.schema.json')]: () => formatJson(configJsonSchema()),
  [join(PACKAGE_ROOT, 'docs', 'config-reference.md')]: () => configReferenceMarkdown(),
  [join(PACKAGE_ROOT, 'schema', 'scenario.schema.json')]: () => formatJson(scenarioJsonSchema()),
  [join(PACKAGE_ROOT, 'schema', 'case.schema.json')]: () => formatJson(caseJsonSchema()),
  // The rule table of the guard docs, from the rules' folders, the list of the programs it
  // follows, from guard-programs.ts, and what programs do to files, from guard-effects.ts; the
  // rest of the page is written by hand.
  [GUARDS_DOC]: (current) => withEffectsTable(withProgramsList(withGuardRuleTable(current, GUARD_RULES))),
};

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('schema', argv, {
    write: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.write && values.check) throw new UsageError('--write and --check do not go together.');
  if (values.write) {
    for (const [path, render] of Object.entries(GENERATED_FILES)) writeFileSync(path, render(readFileSync(path, 'utf8')));
    return 0;
  }
  if (values.check) {
    const stale = Object.entries(GENERATED_FILES).filter(([path, render]) => {
      const current = readFileSync(path, 'utf8');
      return current !== render(current);
    });
    for (const [path] of stale) console.error(`${path} is out of date; run: npm run build`);
    return stale.length ? 1 : 0;
  }
  process.stdout.write(formatJson(configJsonSchema()));
  return 0;
}
