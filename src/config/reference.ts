/**
 * docs/config-reference.md, written from the same zod schema that validates the
 * config: every field with its type, default and description, preset by preset.
 */
import { z } from '../zod.js';
import { PRESETS } from '../presets/index.js';
import { configSchema, extrasSchema } from './schema.js';
import { TARGETS } from '../targets/index.js';

type JsonSchema = {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  minLength?: number;
  pattern?: string;
  anyOf?: JsonSchema[];
};

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'any'}[]`;
  if (schema.type === 'integer' || schema.type === 'number') {
    const range = [schema.minimum !== undefined ? `≥ ${schema.minimum}` : '', schema.maximum !== undefined ? `≤ ${schema.maximum}` : ''].filter(Boolean).join(', ');
    return range ? `${schema.type} (${range})` : String(schema.type);
  }
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' \\| ');
  return Array.isArray(schema.type) ? schema.type.join(' \\| ') : (schema.type ?? 'any');
}

function rows(schema: JsonSchema, prefix = ''): string[] {
  const out: string[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    if (field.type === 'object' && field.properties) {
      out.push(`| \`${path}\` | object | | ${oneLine(field.description)} |`);
      out.push(...rows(field, `${path}.`));
      continue;
    }
    const fallback = field.default === undefined ? '' : `\`${JSON.stringify(field.default)}\``;
    out.push(`| \`${path}\` | ${typeOf(field)} | ${fallback} | ${oneLine(field.description)} |`);
  }
  return out;
}

/** `extras` and its switches, from the schema (defaults and descriptions included). */
function extrasRows(): string[] {
  const schema = z.toJSONSchema(extrasSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return [`| \`extras\` | object | \`{}\` | ${oneLine(schema.description)} |`, ...rows(schema, 'extras.')];
}

/** `prices` and `onLoopEnd` (the loop record, docs/reports.md), from the schema. */
function loopRecordRows(): string[] {
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const field = (name: string) => schema.properties?.[name] ?? {};
  return [
    `| \`prices\` | object: model name prefix → \`{ input, output, cacheRead, cacheWrite }\` (numbers ≥ 0) | | ${oneLine(field('prices').description)} |`,
    `| \`onLoopEnd\` | string | | ${oneLine(field('onLoopEnd').description)} |`,
  ];
}

const oneLine = (text = '') => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const TABLE_HEAD = ['| field | type | default | meaning |', '|---|---|---|---|'];

export function configReferenceMarkdown(): string {
  const lines = [
    '# Config reference: `ralph-hooks.config.json`',
    '',
    '<!-- Generated from the zod schema in src/config/schema.ts and src/presets/*.ts by `npm run build`. Do not edit by hand. -->',
    '',
    'Editors complete and check the file through its `$schema` (`./node_modules/ralph-hooks/schema/config.schema.json`).',
    'After editing it, run `npx ralph-hooks generate`.',
    '',
    '## Top level',
    '',
    ...TABLE_HEAD,
    '| `$schema` | string | | Path or URL of the JSON Schema, for editors. |',
    `| \`target\` | ${Object.keys(TARGETS).map((t) => `\`"${t}"\``).join(' \\| ')} | \`"claude-project"\` | Where hooks go and where they are registered (below). |`,
    '| `hooks` | hook[] | `[]` | The hooks to generate, each a preset with its options. |',
    ...extrasRows(),
    ...loopRecordRows(),
    '',
    '### Targets',
    '',
    '| target | scripts | registered in |',
    '|---|---|---|',
    ...Object.entries(TARGETS).map(([id, t]) => `| \`${id}\` | \`${t.hooksDir}/\` | \`${t.registrationFile}\` |`),
    '',
    '## A hook entry',
    '',
    ...TABLE_HEAD,
    '| `kind` | string | | The preset\'s hook kind (below). |',
    '| `preset` | string | | Which preset (below). |',
    '| `name` | string (`[a-z0-9-]`) | the kind | File name of the generated script, without extension; unique per config. |',
    '| `timeout` | integer (1–600) | | Seconds Claude Code waits for the hook. |',
    '| `options` | object | `{}` | The preset\'s options (below); every one has a default. |',
    '',
    '## Presets',
  ];
  for (const preset of PRESETS) {
    const schema = z.toJSONSchema(preset.options, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    lines.push('', `### \`${preset.id}\` (kind \`${preset.kind}\`)`, '', `${preset.summary}.`, '', ...TABLE_HEAD, ...rows(schema));
  }
  return `${lines.join('\n')}\n`;
}
