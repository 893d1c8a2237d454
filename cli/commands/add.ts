/**
 * `ralph-hooks add <kind> --preset <id> [--name <n>]`: append a hook entry to
 * ralph-hooks.config.json and regenerate, the config written in the same plan as the hooks
 * (all or nothing).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, validateConfig } from '../../src/config/load.js';
import { CONFIG_FILE, type RalphHooksConfig } from '../../src/config/schema.js';
import { CliError } from '../../src/errors.js';
import { formatJson, isJsonObject, parseJsonText } from '../../src/json-text.js';
import { planGeneration } from '../../src/plan.js';
import { PRESETS } from '../../src/presets/index.js';
import { applyFlags, planOrExplain, requireConfigRoot, settleAndWrite, WRITE_OPTIONS } from './generate.js';
import { didYouMean, parseCommandArgs, UsageError } from './args.js';

const KINDS = [...new Set(PRESETS.map((p) => p.kind))];

const HELP = `Usage: ralph-hooks add <kind> --preset <id> [options]

Adds a hook to ${CONFIG_FILE} (with the preset's default options) and generates it.

Kinds and presets:
${KINDS.map((kind) => `  ${kind}: ${PRESETS.filter((p) => p.kind === kind).map((p) => p.id).join(', ')}`).join('\n')}

Options:
  --preset <id>                            the preset (required)
  --name <name>                            file name of the script, without extension (default: the kind)
  --option <key=value>                     set one preset option; repeatable. The value is read as JSON
                                           when it parses (40, true, ["a"]), else as text; a dotted key
                                           sets a nested option (commands.implement=/my:start)
  --options <json>                         all the options at once, as a JSON object ('{"runtime":"node"}');
                                           --option values are applied on top
  --on-conflict <ask|keep|adopt|overwrite|fail>  for files you edited by hand (default: ask on a
                                           terminal, else fail); adopt: make your version the recorded one
  --force                                  same as --on-conflict=overwrite
  --dry-run                                print the diff of every change; write nothing
  --dir <path>                             project folder (default: found upward from here)
  --quiet                                  print only errors
  --json                                   print the list of files and their status as JSON
  -h, --help                               this text

Every option of every preset: docs/config-reference.md. A wrong option name or value is
reported with the field and what is allowed; nothing is written.

Examples:
  npx ralph-hooks add stop-watcher --preset loop --name ralph-loop
  npx ralph-hooks add stop-watcher --preset loop --name node-loop --option runtime=node --option maxIterations=30`;

/** --options and --option key=value → the hook's options object. */
export function parseHookOptions(json: string | undefined, pairs: string[] | undefined): Record<string, unknown> | undefined {
  let options: Record<string, unknown> | undefined;
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      throw new UsageError(`--options: not JSON (${(error as Error).message}); give an object, e.g. --options '{"maxIterations":30}'.`);
    }
    if (!isJsonObject(parsed)) throw new UsageError(`--options: got ${JSON.stringify(parsed)}; give a JSON object, e.g. --options '{"maxIterations":30}'.`);
    options = structuredClone(parsed);
  }
  for (const pair of pairs ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new UsageError(`--option: got '${pair}'; write it as key=value, e.g. --option maxIterations=30.`);
    const keys = pair.slice(0, eq).split('.');
    const text = pair.slice(eq + 1);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // plain text
    }
    options ??= {};
    let node = options;
    for (const key of keys.slice(0, -1)) {
      if (!isJsonObject(node[key])) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1]!] = value;
  }
  return options;
}

/**
 * The new hook on its own, so that a bad --name or --option is reported as the flag it came
 * from (the user did not write the config): `--option maxIterations: got "abc"…`, and a
 * required option says how to give it.
 */
function checkEntryAlone(entry: Record<string, unknown>, target: unknown): void {
  try {
    validateConfig({ ...(target === undefined ? {} : { target }), hooks: [entry] });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const problems = error.problems
      .filter((problem) => problem.startsWith('hooks[0]'))
      .map((problem) =>
        problem
          .replace(/^hooks\[0\]\.name:/, '--name:')
          .replace(/^hooks\[0\]\.options\.([\w.-]+): required \((\w+)\), but missing\./, (_m, key: string, type: string) => `--option ${key}: required (${type}); give it with --option ${key}=<value>.`)
          .replace(/^hooks\[0\]\.options\.([\w.-]+):/, '--option $1:')
          .replace(/^hooks\[0\]\.options:/, '--option:')
          .replace(/^hooks\[0\]/, 'the hook'),
      );
    if (problems.length === 0) return; // a problem elsewhere in the config: the whole check says it
    throw new UsageError(`the hook you asked for is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'add',
    argv,
    { preset: { type: 'string' }, name: { type: 'string' }, option: { type: 'string', multiple: true }, options: { type: 'string' }, ...WRITE_OPTIONS },
    { positionals: true },
  );
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const [kind, ...extra] = positionals;
  if (!kind) throw new UsageError(`which kind of hook? Allowed: ${KINDS.join(', ')}. Example: ralph-hooks add stop-watcher --preset loop --name ralph-loop`);
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'; options take the form --preset <id>, --name <name>, --option key=value.`);
  if (!KINDS.includes(kind as (typeof KINDS)[number])) throw new UsageError(`unknown kind '${kind}'; allowed: ${KINDS.join(', ')}.${didYouMean(kind, KINDS)}`);
  const presets = PRESETS.filter((p) => p.kind === kind);
  if (!values.preset) throw new UsageError(`--preset is required; for ${kind}: ${presets.map((p) => p.id).join(', ')}.`);
  const preset = PRESETS.find((p) => p.id === values.preset);
  if (!preset) throw new UsageError(`--preset: got '${values.preset}'; for ${kind}: ${presets.map((p) => p.id).join(', ')}.${didYouMean(values.preset, presets.map((p) => p.id))}`);
  const hookOptions = parseHookOptions(values.options, values.option);
  if (preset.kind !== kind) throw new CliError(`preset '${preset.id}' makes a ${preset.kind} hook, not a ${kind}; run: ralph-hooks add ${preset.kind} --preset ${preset.id}`);

  const root = requireConfigRoot(values.dir);
  const path = join(root, CONFIG_FILE);
  const original = readFileSync(path, 'utf8');
  const flags = applyFlags(values);
  let validated: RalphHooksConfig | undefined;

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
      const entry = { kind, preset: preset.id, ...(values.name ? { name } : {}), ...(hookOptions ? { options: hookOptions } : {}) };
      checkEntryAlone(entry, (config as { target?: unknown }).target);
      const next = { ...config, hooks: [...hooks, entry] };
      const configText = formatJson(next);
      validated = validateConfig(next);
      return planGeneration(root, validated, { configText });
    }),
    flags,
    validated,
  );
}
