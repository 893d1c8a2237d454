/**
 * What a guard rule's rule.ts says about it (templates/guard/rules/<id>/rule.ts): its options,
 * the sentence the schema and the config reference show, the tools it needs to see, and its
 * row in docs/guards.md. The rule's bash lives beside it, in partials (see guard-rules.ts).
 *
 * zod comes from here too, so that a rule folder needs no other import.
 */
import { z } from '../zod.js';

export { z };

export interface GuardRuleSpec<Shape extends z.core.$ZodLooseShape = z.core.$ZodLooseShape> {
  /** What the rule blocks, in one sentence: its description in the schema and the config reference. */
  summary: string;
  /** Whether the rule is on when the config does not say. */
  enabled: boolean;
  /** The rule's own options (besides `enabled`), each with a default and a description. */
  options?: Shape;
  /**
   * The tools the guard must see for this rule besides Bash: the tools that write files
   * (Edit, Write, MultiEdit, NotebookEdit), every file tool (those and Read, Grep, Glob),
   * or every call whatever the tool.
   */
  tools?: 'file-writes' | 'files' | 'every';
  /** Checked before the allowlist and the custom rules, so that `allow` cannot exempt a call from it. */
  runsFirst?: boolean;
  /**
   * A policy stricter than the effects model on purpose, in a sentence: the rule denies calls
   * that do no damage (a raw connection, a deployment), other rules' harmless look-alikes
   * among them. The tests and the oracle then count those denials as the rule's, not as
   * false ones.
   */
  policy?: string;
  /** Keeps state between calls: the guard then defines STATE_DIR, state_newest and state_write. */
  keepsState?: boolean;
  /** A function of rule.sh.hbs run on the whole command text before it is split into simple commands. */
  commandTextCheck?: string;
  /** Values the rule's partials read besides `options`, computed from its options (regexes, say). */
  context?: (options: z.output<z.ZodObject<Shape>>) => Record<string, unknown>;
  /** The rule's row in docs/guards.md's rule table: what it blocks, and the look-alikes it lets through. */
  docs: { blocks: string; letsThrough?: string };
}

/** A rule's spec, typed: its `context` sees the options its `options` declare. */
export function defineGuardRule<Shape extends z.core.$ZodLooseShape = Record<never, never>>(spec: GuardRuleSpec<Shape>): GuardRuleSpec<Shape> {
  return spec;
}

/** One word of a command line: no spaces, quotes or backslashes. */
export const word = z.string().regex(/^[^\s'"\\]+$/, 'one word: no spaces, quotes or backslashes');

/** Escape text so a POSIX extended regex matches it literally. */
export function ereLiteral(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/** `*` and `/**` globs (relative to the project root) as one anchored ERE. */
export function globsToEre(globs: string[]): string {
  if (globs.length === 0) return '^$.'; // matches nothing
  const one = (glob: string) => {
    let g = glob.replace(/^\.\//, '');
    let tail = '';
    if (g.endsWith('/**')) {
      g = g.slice(0, -3);
      tail = '(/.*)?';
    }
    const body = g.replace(/[\\^$.|?+()[\]{}]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*');
    return `${body}${tail}`;
  };
  return `^(${globs.map(one).join('|')})$`;
}

/** The folders holding protected paths (`.claude`, `.claude/hooks`…), as one anchored ERE. */
export function globDirsToEre(globs: string[]): string {
  const dirs = new Set<string>();
  for (const glob of globs) {
    const parts = glob.replace(/^\.\//, '').replace(/\/\*\*$/, '/x').split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!/[*?]/.test(dir)) dirs.add(dir);
    }
  }
  if (dirs.size === 0) return '^$.';
  return `^(${[...dirs].map(ereLiteral).join('|')})/?$`;
}

/** Base-name globs as one anchored ERE. */
export function namesToEre(names: string[]): string {
  if (names.length === 0) return '^$.';
  return `^(${names.map((n) => n.replace(/[\\^$.|?+()[\]{}]/g, '\\$&').replace(/\*/g, '.*')).join('|')})$`;
}
