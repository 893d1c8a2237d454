/**
 * ralph-hooks.config.json, defined once. The zod schema below gives the TypeScript
 * types, validation with defaults, the JSON Schema shipped for editors
 * (schema/config.schema.json) and the config reference in docs/.
 */
import { z } from '../zod.js';
import { packageVersion } from '../util/package-info.js';
import { PRESETS, findPreset } from '../presets/index.js';
import { TARGETS, type TargetId } from '../targets/index.js';
import { ON_LOOP_END_LOG, ON_LOOP_END_SECONDS } from '../loop-record/budgets.js';

export const CONFIG_FILE = 'ralph-hooks.config.json';
export const SCHEMA_URL = './node_modules/ralph-hooks/schema/config.schema.json';

/**
 * The config's `$schema`: the installed package's copy, or, where nothing installs ralph-hooks
 * (a repository that is not JavaScript), the published copy of the version that wrote it.
 */
export function schemaUrl(installed: boolean): string {
  return installed ? SCHEMA_URL : `https://unpkg.com/ralph-hooks@${packageVersion()}/schema/config.schema.json`;
}

export type { TargetId } from '../targets/index.js';

const HOOK_NAME = /^[a-z0-9][a-z0-9-]*$/;

function hookEntrySchema(preset: (typeof PRESETS)[number]) {
  return z.strictObject({
    kind: z.literal(preset.kind).describe(`Hook kind; '${preset.kind}' for this preset.`),
    preset: z.literal(preset.id).describe(preset.summary),
    name: z.string().regex(HOOK_NAME, 'lower-case letters, digits and dashes, starting with a letter or digit')
      .default(preset.kind).describe('File name of the generated script, without .sh.'),
    timeout: z.int().min(1).max(600).optional().describe('Seconds Claude Code waits for the hook (its default: 600).'),
    options: preset.options.prefault({}).describe(`Options of the ${preset.id} preset.`),
  });
}

const hookEntries = PRESETS.map(hookEntrySchema);

export const hookEntrySchemaUnion = z.discriminatedUnion('preset', hookEntries as unknown as [
  (typeof hookEntries)[number],
  ...(typeof hookEntries)[number][],
]);

/**
 * What `generate` adds beside the hooks. Every switch defaults to false, so a config written
 * before `extras` existed generates exactly what it did; `init` writes all of them on.
 */
export const EXTRAS = {
  vitest: 'A vitest file per hook (`test/hooks/NAME.vitest.ts`, run with its own config `test/hooks/vitest.config.cjs`) that replays its cases and checks its fail-open/fail-closed contract through ralph-hooks/testkit.',
  bats: 'A bats file per hook (`test/hooks/NAME.bats`) that checks the same contract through the ralph-hooks bats library.',
  cases: "The preset's starter corpus of recorded cases (`test/hook-cases/NAME/`), replayed by `ralph-hooks test`; only presets that ship cases (specum).",
  workflow: 'A GitHub Actions workflow (`.github/workflows/ralph-hooks.yml`) that installs dependencies, checks the generated files, and runs the hook tests and cases with a JUnit report.',
  scenarios: 'One real-client scenario per hook (`test/hook-scenarios/NAME/`): `ralph-hooks test` runs it in Claude Code against a scripted model, offline. Needs the `@anthropic-ai/claude-code` package (about 360 MB), so it is off unless you choose it; Claude Code targets only.',
  packageJson: 'package.json merged, never overwritten: the `test:hooks` script (and `test` when there is none), `ralph-hooks`, `vitest` and `bats` as devDependencies; a minimal one when there is none.',
} as const;

export type ExtraId = keyof typeof EXTRAS;
export const EXTRA_IDS = Object.keys(EXTRAS) as ExtraId[];

export const extrasSchema = z.strictObject(
  Object.fromEntries(EXTRA_IDS.map((id) => [id, z.boolean().default(false).describe(EXTRAS[id])])) as {
    [K in ExtraId]: z.ZodDefault<z.ZodBoolean>;
  },
).prefault({}).describe(
  'Files generated beside the hooks, each on or off. Absent switches are off, so an existing config keeps generating what it did; `ralph-hooks init` turns on the ones you choose (all of them with --yes).',
);

export const configSchema = z.strictObject({
  $schema: z.string().optional().describe('Path or URL of this JSON Schema, for editors.'),
  target: z.enum(Object.keys(TARGETS) as [TargetId, ...TargetId[]]).default('claude-project')
    .describe(Object.entries(TARGETS).map(([id, t]) => `'${id}': ${t.summary}`).join('; ')),
  hooks: z.array(hookEntrySchemaUnion).default([])
    .describe('The hooks to generate, each a preset with its options.'),
  extras: extrasSchema,
  prices: z.record(
    z.string().regex(/^[A-Za-z0-9][\w.:/-]*$/, 'a model name or its start: letters, digits and . _ : / -'),
    z.strictObject({
      input: z.number().min(0).describe('US dollars per million input tokens.'),
      output: z.number().min(0).describe('US dollars per million output tokens.'),
      cacheRead: z.number().min(0).describe('US dollars per million tokens read from the prompt cache.'),
      cacheWrite: z.number().min(0).describe('US dollars per million tokens written to the prompt cache.'),
    }),
  ).optional().describe('Prices by model name prefix (the longest prefix that matches wins), laid over the built-in list (src/loop-record/price-list.ts) for maxCostUsd and `ralph-hooks report`: an entry replaces the built-in one of the same name. See docs/reports.md.'),
  onLoopEnd: z.string().regex(/\S/, 'a shell command, e.g. "notify-send \'loop ended\'"').regex(/^[^\0]*$/, 'no NUL bytes').optional()
    .describe(`A shell command (bash -c) run when a loop ends, for any reason, with the end record (the JSON of \`ralph-hooks status\`) on its stdin. It runs detached: it never delays or changes the stop, is killed after ${ON_LOOP_END_SECONDS} s, and its output and failures go to ${ON_LOOP_END_LOG}, never to the agent. See docs/reports.md.`),
}).superRefine((config, ctx) => {
  const seen = new Map<string, number>();
  config.hooks.forEach((hook, index) => {
    const first = seen.get(hook.name);
    if (first !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['hooks', index, 'name'],
        input: hook.name,
        message: `hooks[${first}] already uses the name '${hook.name}'; give one of them another "name"`,
      });
    }
    seen.set(hook.name, index);
    const problem = findPreset(hook.preset)?.checkOptions?.(hook.options as never);
    if (problem) ctx.addIssue({ code: 'custom', path: ['hooks', index, 'options', ...problem.path], input: hook.options, message: problem.message });
  });
});

export type RalphHooksConfig = z.output<typeof configSchema>;
export type RalphHooksConfigInput = z.input<typeof configSchema>;
export type HookEntry = RalphHooksConfig['hooks'][number];

/** The JSON Schema of the config file, as shipped in schema/config.schema.json. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }),
    $id: 'https://unpkg.com/ralph-hooks/schema/config.schema.json',
    title: 'ralph-hooks.config.json',
  };
}
