/**
 * `ralph-hooks add <kind> --preset <id> [--name <n>]`: append a hook entry to
 * ralph-hooks.config.json and regenerate, the config written in the same plan as the hooks
 * (all or nothing).
 */
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateConfig } from '../config/load.js';
import { CONFIG_FILE } from '../config/schema.js';
import { CliError } from '../errors.js';
import { formatJson, isJsonObject, parseJsonText } from '../json-text.js';
import { planGeneration } from '../plan.js';
import { PRESETS } from '../presets/index.js';
import { applyFlags, planOrExplain, requireConfigRoot, settleAndWrite, WRITE_OPTIONS } from './generate.js';

const KINDS = [...new Set(PRESETS.map((p) => p.kind))];

const HELP = `Usage: ralph-hooks add <kind> --preset <id> [options]

Adds a hook to ${CONFIG_FILE} (with the preset's default options) and generates it.

Kinds and presets:
${KINDS.map((kind) => `  ${kind}: ${PRESETS.filter((p) => p.kind === kind).map((p) => p.id).join(', ')}`).join('\n')}

Options:
  --preset <id>                            the preset (required)
  --name <name>                            file name of the script, without extension (default: the kind)
  --on-conflict <ask|keep|overwrite|fail>  for files you edited by hand (default: ask on a terminal, else fail)
  --force                                  same as --on-conflict=overwrite
  --dry-run                                print the diff of every change; write nothing
  --dir <path>                             project folder (default: found upward from here)
  --quiet                                  print only errors
  --json                                   print the list of files and their status as JSON
  -h, --help                               this text

Example: npx ralph-hooks add stop-watcher --preset loop`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { preset: { type: 'string' }, name: { type: 'string' }, ...WRITE_OPTIONS },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const [kind, ...extra] = positionals;
  if (!kind) throw new CliError(`which kind of hook? Allowed: ${KINDS.join(', ')}. Example: ralph-hooks add stop-watcher --preset loop`);
  if (extra.length > 0) throw new CliError(`unexpected argument '${extra[0]}'; options take the form --preset <id>, --name <name>.`);
  if (!KINDS.includes(kind as (typeof KINDS)[number])) throw new CliError(`unknown kind '${kind}'; allowed: ${KINDS.join(', ')}.`);
  const presets = PRESETS.filter((p) => p.kind === kind);
  if (!values.preset) throw new CliError(`--preset is required; for ${kind}: ${presets.map((p) => p.id).join(', ')}.`);
  const preset = PRESETS.find((p) => p.id === values.preset);
  if (!preset) throw new CliError(`--preset: got '${values.preset}'; for ${kind}: ${presets.map((p) => p.id).join(', ')}.`);
  if (preset.kind !== kind) throw new CliError(`preset '${preset.id}' makes a ${preset.kind} hook, not a ${kind}; run: ralph-hooks add ${preset.kind} --preset ${preset.id}`);

  const root = requireConfigRoot(values.dir);
  const path = join(root, CONFIG_FILE);
  const original = readFileSync(path, 'utf8');
  const flags = applyFlags(values);

  return settleAndWrite(
    planOrExplain(() => {
      const input = parseJsonText(original, CONFIG_FILE);
      if (!isJsonObject(input)) throw new CliError(`${CONFIG_FILE}: the top level must be a JSON object.`);
      const config = input as { hooks?: unknown };
      if (config.hooks !== undefined && !Array.isArray(config.hooks)) throw new CliError(`${CONFIG_FILE}: "hooks" must be an array.`);
      const hooks = (config.hooks ?? []) as Array<{ name?: unknown; kind?: unknown; preset?: unknown }>;
      const name = values.name ?? kind;
      const taken = hooks.find((hook) => (hook.name ?? hook.kind) === name);
      if (taken) {
        throw new CliError(
          `${CONFIG_FILE} already has a hook named '${name}' (preset '${String(taken.preset)}'). Pick another file name with --name, e.g. --name ${name}-${preset.id}.`,
        );
      }
      const entry = { kind, preset: preset.id, ...(values.name ? { name } : {}) };
      const next = { ...config, hooks: [...hooks, entry] };
      const configText = formatJson(next);
      return planGeneration(root, validateConfig(next), { configText });
    }),
    flags,
  );
}
