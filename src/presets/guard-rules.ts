/**
 * The guard's rules, one folder each (templates/guard/rules/<id>/):
 *
 *   rule.ts             its spec (guard-rule.ts): options, summary, tools, docs row
 *   rule.sh.hbs         its bash functions, and any helper only it uses
 *   settings.sh.hbs     the readonly values its functions read            (optional)
 *   command.sh.hbs      its call in check_simple_command                   (optional)
 *   file.sh.hbs         its call in check_file_tool, for any file tool     (optional)
 *   file-write.sh.hbs   its call in check_file_tool, for the tools that write (optional)
 *   call.sh.hbs         its call once per tool call, whatever the tool     (optional)
 *   cases.json          calls it must deny and look-alikes it must allow
 *
 * Here they are loaded and turned into what the guard needs: its options schema, the lists
 * of partials guard.sh.hbs loops over, the tools it registers for, and the docs table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from '../zod.js';
import { PACKAGE_ROOT, TEMPLATES_DIR } from '../util/package-info.js';
import { importModule } from '../util/lazy-require.js';
import type { GuardRuleSpec } from './guard-rule.js';

/** Where the rules that ship with ralph-hooks live. */
export const GUARD_RULES_DIR = join(TEMPLATES_DIR, 'guard', 'rules');

/** The points of the guard a rule can add bash to: the partials a rule folder may hold. */
export const RULE_PARTS = ['rule', 'settings', 'command', 'file', 'file-write', 'call'] as const;
export type RulePart = (typeof RULE_PARTS)[number];

export interface GuardRule extends GuardRuleSpec {
  id: string;
  /** The rule's folder: its partials and cases. */
  dir: string;
  /** The partials' sources, by part. */
  partials: Partial<Record<RulePart, string>>;
}

/**
 * rule.ts is loaded the way this module is: as TypeScript when ralph-hooks runs from its
 * sources (the tests), as the rule.js the build compiled into dist/ otherwise.
 */
const FROM_SOURCES = extname(fileURLToPath(import.meta.url)) === '.ts';

function ruleModule(dir: string): string {
  if (FROM_SOURCES) return join(dir, 'rule.ts');
  const inPackage = relative(PACKAGE_ROOT, dir);
  return inPackage.startsWith('..') ? join(dir, 'rule.js') : join(PACKAGE_ROOT, 'dist', inPackage, 'rule.js');
}

const RULE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The rules `ids`, in that order, from their folders under `root`. */
export async function loadGuardRules(ids: readonly string[], root = GUARD_RULES_DIR): Promise<GuardRule[]> {
  return Promise.all(ids.map(async (id) => {
    if (!RULE_ID.test(id)) throw new Error(`guard rule id '${id}': use lower-case words joined by dashes`);
    const dir = join(root, id);
    const spec = (await importModule(ruleModule(dir))).default as GuardRuleSpec | undefined;
    if (!spec?.summary || typeof spec.enabled !== 'boolean' || !spec.docs) {
      throw new Error(`${join(dir, 'rule.ts')}: the default export must be defineGuardRule({ summary, enabled, docs, … })`);
    }
    const partials: Partial<Record<RulePart, string>> = {};
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.hbs')) continue;
      const part = file.replace(/\.sh\.hbs$/, '') as RulePart;
      if (!RULE_PARTS.includes(part)) throw new Error(`${join(dir, file)}: not a part of a guard rule (${RULE_PARTS.map((p) => `${p}.sh.hbs`).join(', ')})`);
      partials[part] = readFileSync(join(dir, file), 'utf8');
    }
    if (partials.rule === undefined) throw new Error(`${dir}: a guard rule needs its rule.sh.hbs`);
    return { ...spec, id, dir, partials };
  }));
}

/** A rule's options object in the config: `enabled` and its own options; the summary describes it. */
function ruleOptionsSchema(rule: GuardRule) {
  return z.strictObject({
    enabled: z.boolean().default(rule.enabled).describe(`Turn the rule on or off (default ${rule.enabled ? 'on' : 'off'}).`),
    ...rule.options,
  }).prefault({} as never).describe(rule.summary);
}

/** `rules` of the guard's options: each rule by id, in order. */
export function rulesOptionsSchema(rules: readonly GuardRule[]) {
  return z.strictObject(Object.fromEntries(rules.map((rule) => [rule.id, ruleOptionsSchema(rule)])) as Record<string, ReturnType<typeof ruleOptionsSchema>>)
    .prefault({}).describe('The rule catalog: each rule by id, with `enabled` and its own options.');
}

export type RulesOptions = Record<string, { enabled: boolean } & Record<string, unknown>>;

function camel(id: string): string {
  return id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** One entry of a loop in guard.sh.hbs: the partial to render, and what it sees (the rule's options and values). */
type PartEntry = Record<string, unknown> & { partial: string };

/**
 * What guard.sh.hbs reads about the rules: which are on (`on`, by camel-cased id, for the
 * header), whether one keeps state, the whole-command checks, and for each point the
 * enabled rules' partials, in order.
 */
export function rulesTemplateContext(rules: readonly GuardRule[], options: RulesOptions) {
  const enabled = rules.filter((rule) => options[rule.id]!.enabled);
  const entries = (part: RulePart, first?: boolean): PartEntry[] => enabled
    .filter((rule) => rule.partials[part] !== undefined && (first === undefined || Boolean(rule.runsFirst) === first))
    .map((rule) => {
      const { enabled: _on, ...own } = options[rule.id]!;
      return { ...rule.context?.(own as never), id: rule.id, options: own, partial: partialName(rule, part) };
    });
  return {
    on: Object.fromEntries(rules.map((rule) => [camel(rule.id), options[rule.id]!.enabled])),
    keepsState: enabled.some((rule) => rule.keepsState),
    commandTextChecks: enabled.flatMap((rule) => (rule.commandTextCheck ? [rule.commandTextCheck] : [])),
    ruleSettings: entries('settings'),
    ruleFunctions: entries('rule'),
    commandChecksFirst: entries('command', true),
    commandChecks: entries('command', false),
    fileChecksFirst: entries('file', true),
    fileChecks: entries('file', false),
    fileWriteChecksFirst: entries('file-write', true),
    fileWriteChecks: entries('file-write', false),
    callChecks: entries('call'),
  };
}

function partialName(rule: GuardRule, part: RulePart): string {
  return `${rule.id}/${part}`;
}

/** Every rule's partials, by the names rulesTemplateContext gives them. */
export function rulePartials(rules: readonly GuardRule[]): Record<string, string> {
  return Object.fromEntries(rules.flatMap((rule) => Object.entries(rule.partials).map(([part, source]) => [partialName(rule, part as RulePart), source])));
}

const FILE_WRITE_TOOLS = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'];
const FILE_READ_TOOLS = ['Read', 'Grep', 'Glob'];

/** The tools the enabled rules need to see, from Bash on; undefined means every tool. */
export function rulesTools(rules: readonly GuardRule[], options: RulesOptions): string[] | undefined {
  const needs = new Set(rules.filter((rule) => options[rule.id]!.enabled).map((rule) => rule.tools));
  if (needs.has('every')) return undefined;
  return [
    'Bash',
    ...(needs.has('file-writes') || needs.has('files') ? FILE_WRITE_TOOLS : []),
    ...(needs.has('files') ? FILE_READ_TOOLS : []),
  ];
}

/** The rule table of docs/guards.md: one row per rule, from its docs. */
export function guardRuleTable(rules: readonly GuardRule[]): string {
  // A | inside a table cell, code spans included, is written \|.
  const cell = (text: string) => text.replace(/\n/g, ' ').replace(/\|/g, '\\|');
  return [
    '| id | default | blocks (examples) | look-alikes it lets through |',
    '|---|---|---|---|',
    ...rules.map((rule) => `| \`${rule.id}\` | ${rule.enabled ? 'on' : '**off**'} | ${cell(rule.docs.blocks)}${rule.policy ? ` (a policy: ${cell(rule.policy)})` : ''} | ${cell(rule.docs.letsThrough ?? '—')} |`),
  ].join('\n');
}

const TABLE_START = '<!-- The rule table is generated from templates/guard/rules/*/rule.ts by `npm run build`. Do not edit it by hand. -->';
const TABLE_END = '<!-- end of the rule table -->';

/** docs/guards.md with its rule table (between the two markers) rewritten from the rules. */
export function withGuardRuleTable(markdown: string, rules: readonly GuardRule[]): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/guards.md: the rule table markers are missing');
  return `${markdown.slice(0, start + TABLE_START.length)}\n\n${guardRuleTable(rules)}\n\n${markdown.slice(end)}`;
}
