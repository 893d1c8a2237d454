/**
 * `ralph-hooks schema [--write | --check]`: the config's JSON Schema and the docs'
 * config reference, both from the zod definition. `npm run build` writes them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configReferenceMarkdown } from '../config/reference.js';
import { configJsonSchema } from '../config/schema.js';
import { formatJson } from '../json-text.js';
import { PACKAGE_ROOT } from '../package-info.js';
import { scenarioJsonSchema } from '../../testkit/clients/scenario.js';

export const GENERATED_FILES = {
  [join(PACKAGE_ROOT, 'schema', 'config.schema.json')]: () => formatJson(configJsonSchema()),
  [join(PACKAGE_ROOT, 'docs', 'config-reference.md')]: () => configReferenceMarkdown(),
  [join(PACKAGE_ROOT, 'schema', 'scenario.schema.json')]: () => formatJson(scenarioJsonSchema()),
};

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--write')) {
    for (const [path, render] of Object.entries(GENERATED_FILES)) writeFileSync(path, render());
    return 0;
  }
  if (argv.includes('--check')) {
    const stale = Object.entries(GENERATED_FILES).filter(([path, render]) => readFileSync(path, 'utf8') !== render());
    for (const [path] of stale) console.error(`${path} is out of date; run: npm run build`);
    return stale.length ? 1 : 0;
  }
  process.stdout.write(formatJson(configJsonSchema()));
  return 0;
}
