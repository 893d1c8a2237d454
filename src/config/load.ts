/**
 * Reading and validating ralph-hooks.config.json. Every error names the field,
 * the value found and what is allowed, so the fix is obvious.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from '../zod.js';
import { CliError } from '../util/errors.js';
import { parseJsonText } from '../util/json-text.js';
import { CONFIG_FILE, configSchema, type RalphHooksConfig } from './schema.js';
import { detectPackageManager } from '../package-managers/index.js';

export class ConfigError extends CliError {
  constructor(readonly problems: string[], file = CONFIG_FILE) {
    super(`${file} is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`, 1);
    this.name = 'ConfigError';
  }
}

export function validateConfig(input: unknown, file = CONFIG_FILE): RalphHooksConfig {
  const result = configSchema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => describeIssue(issue, input)), file);
}

export function readConfig(root: string, file = CONFIG_FILE): RalphHooksConfig {
  const path = join(root, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`no ${file} in ${root}. Create one with \`${detectPackageManager(root).pm.create}\` (or \`npx ralph-hooks init\`).`);
  }
  try {
    return validateConfig(parseJsonText(text, file), file);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError((error as Error).message);
  }
}

/** `hooks[0].options.maxGlobalIterations`, the way people write paths into JSON. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '') || '(top level)';
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as any)[key as any] : undefined), input);
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const field = fieldPath(issue.path);
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined
        ? `${field}: required (${issue.expected}), but missing.`
        : `${field}: got ${show(value)}; expected ${article(issue.expected)}.`;
    case 'invalid_value':
      return `${field}: got ${show(value)}; allowed: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (options) return `${field}: got ${show(value)}; allowed: ${options.map((v) => JSON.stringify(v)).join(', ')}.`;
      return `${field}: got ${show(value)}; ${issue.message}.`;
    }
    case 'too_small':
      return `${field}: got ${show(value)}; ${bound(issue.origin, '≥', issue.minimum, 'at least')}.`;
    case 'too_big':
      return `${field}: got ${show(value)}; ${bound(issue.origin, '≤', issue.maximum, 'at most')}.`;
    case 'unrecognized_keys':
      return `${field}: unknown ${issue.keys.length > 1 ? 'fields' : 'field'} ${issue.keys.map((k) => `"${k}"`).join(', ')}; remove or rename ${issue.keys.length > 1 ? 'them' : 'it'} (docs/config-reference.md lists every field).`;
    case 'invalid_format':
      return `${field}: got ${show(value)}; ${issue.message.replace(/^Invalid string: /, '')}.`;
    default:
      return `${field}: got ${show(value)}; ${issue.message}.`;
  }
}

function article(type: string): string {
  if (type === 'int') return 'an integer';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function bound(origin: string, sign: string, limit: unknown, words: string): string {
  if (origin === 'array') return `needs ${words} ${limit} item(s)`;
  if (origin === 'string') return `needs ${words} ${limit} character(s)`;
  return `must be a number ${sign} ${limit}`;
}
