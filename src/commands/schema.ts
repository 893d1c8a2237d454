/** `ralph-hooks schema [--write]`: the config's JSON Schema, from the zod definition. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configJsonSchema } from '../config/schema.js';
import { formatJson } from '../json-text.js';
import { PACKAGE_ROOT } from '../package-info.js';

export const SCHEMA_FILE = join(PACKAGE_ROOT, 'schema', 'config.schema.json');

export async function run(argv: string[]): Promise<number> {
  const text = formatJson(configJsonSchema());
  if (argv.includes('--write')) writeFileSync(SCHEMA_FILE, text);
  else if (argv.includes('--check')) {
    if (readFileSync(SCHEMA_FILE, 'utf8') !== text) {
      console.error(`${SCHEMA_FILE} is out of date; run: npm run schema`);
      return 1;
    }
  } else process.stdout.write(text);
  return 0;
}
