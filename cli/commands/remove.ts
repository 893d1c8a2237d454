/**
 * `ralph-hooks remove <hook>`: take one hook out of ralph-hooks.config.json and regenerate, in
 * one plan: its script, tests and starter cases go (a file you edited stays, reported), its
 * registration goes, the config is rewritten. Other hooks are not touched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateConfig } from '../../src/config/load.js';
import { CONFIG_FILE, type RalphHooksConfig } from '../../src/config/schema.js';
import { CliError } from '../../src/errors.js';
import { formatJson, isJsonObject, parseJsonText } from '../../src/json-text.js';
import { planGeneration } from '../../src/plan.js';
import { didYouMean, parseCommandArgs, UsageError } from './args.js';
import { applyFlags, planOrExplain, requireConfigRoot, settleAndWrite, WRITE_OPTIONS } from './generate.js';

const HELP = `Usage: ralph-hooks remove <hook name> [options]

Removes the hook from ${CONFIG_FILE} and regenerates: its script, its tests and starter cases
and its registration go; a file you edited by hand is left in place and listed. Cases you
recorded yourself are never removed. The name is the hook's "name" (default: its kind, e.g.
stop-watcher); \`ralph-hooks doctor\` lists them.

Options:
  --dry-run                                print the diff of every change; write nothing
  --on-conflict <ask|keep|adopt|overwrite|fail>  for files of other hooks you edited by hand
  --force                                  same as --on-conflict=overwrite
  --dir <path>                             project folder (default: found upward from here)
  --quiet                                  print only errors
  --json                                   print the list of files and their status as JSON
  -h, --help                               this text

Example: npx ralph-hooks remove ralph-loop`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('remove', argv, WRITE_OPTIONS, { positionals: true });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const flags = applyFlags(values);
  const [name, ...extra] = positionals;
  if (!name) throw new UsageError('which hook? Give its name, e.g. ralph-hooks remove stop-watcher.');
  if (extra.length) throw new UsageError(`one hook at a time; got '${positionals.join(' ')}'.`);
  const root = requireConfigRoot(values.dir);
  const original = readFileSync(join(root, CONFIG_FILE), 'utf8');
  let validated: RalphHooksConfig | undefined;
  return settleAndWrite(
    planOrExplain(() => {
      const input = parseJsonText(original, CONFIG_FILE);
      if (!isJsonObject(input)) throw new CliError(`${CONFIG_FILE}: the top level must be a JSON object.`);
      const current = validateConfig(input);
      const index = current.hooks.findIndex((hook) => hook.name === name);
      if (index === -1) {
        const names = current.hooks.map((hook) => hook.name);
        throw new CliError(`${CONFIG_FILE} has no hook named '${name}'.${didYouMean(name, names)} Its hooks: ${names.join(', ') || 'none'}.`);
      }
      const hooks = [...((input.hooks as unknown[]) ?? [])];
      hooks.splice(index, 1);
      const next = { ...input, hooks };
      validated = validateConfig(next);
      return planGeneration(root, validated, { configText: formatJson(next) });
    }),
    flags,
    validated,
  );
}
