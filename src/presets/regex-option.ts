import { spawnSync } from 'node:child_process';
import { z } from '../zod.js';

/**
 * Regular-expression options, checked when the config is read, so a pattern that can never
 * work is a config error naming its field instead of a rule that silently never matches (or
 * a hook that gives up on every call). A pattern must compile in the engine the hook itself
 * uses: bash's `[[ =~ ]]` (POSIX extended) for the guard, jq's `test` (Oniguruma) for the
 * convergence check. A guard pattern must also compile as a JavaScript RegExp (a first check
 * with a readable message) and use nothing POSIX lacks (the dialect rules below), since
 * regcomp reads many such constructs silently as something else. Oniguruma has more than
 * JavaScript (`(?i)`, possessive quantifiers), so a convergence pattern is compiled in
 * JavaScript only where jq is missing. The engine runs once per distinct pattern, and only
 * for a value that differs from the option's default; where bash is missing, the JavaScript
 * check and the dialect rules stand alone.
 */

type Check = (pattern: string) => string | null;

const remembered = new Map<string, string | null>();
function once(key: string, check: () => string | null): string | null {
  if (!remembered.has(key)) remembered.set(key, check());
  return remembered.get(key)!;
}

function javascriptError(pattern: string): string | null {
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
  }
}

/**
 * What JavaScript reads one way and POSIX extended regular expressions another (or not at
 * all): refused, since the pattern would not mean in the hook what it seems to mean.
 */
function ereDialectError(pattern: string): string | null {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '[') {
      // A bracket expression: "]" first is literal; [:class:], [.x.] and [=x=] nest.
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      for (; j < pattern.length && pattern[j] !== ']'; j++) {
        if (pattern[j] === '[' && /^[:.=]$/.test(pattern[j + 1] ?? '')) {
          const end = pattern.indexOf(`${pattern[j + 1]}]`, j + 2);
          if (end !== -1) j = end + 1;
        } else if (pattern[j] === '\\') {
          return 'a backslash inside [ ] is a literal backslash in POSIX extended regular expressions; write the class without it (e.g. [0-9] for \\d, [[:space:]] for \\s)';
        }
      }
      i = j;
      continue;
    }
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next === 'd' || next === 'D') return `\\${next} is not in POSIX extended regular expressions (bash reads it as the letter ${next}); write ${next === 'd' ? '[0-9]' : '[^0-9]'}`;
      if (/^[ntrfv0xuc]$/.test(next)) return `\\${next} is not an escape in POSIX extended regular expressions (bash reads it as the letter ${next}); write the character itself, or [[:space:]] for white space`;
      i++;
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?') return '(?…) groups (non-capturing, lookahead, lookbehind, named) are not in POSIX extended regular expressions; use a plain ( … ) group';
    if ((c === '*' || c === '+' || c === '?' || c === '}') && pattern[i + 1] === '?' && i > 0) return `lazy quantifiers (${c}?) are not in POSIX extended regular expressions; use ${c} alone`;
  }
  return null;
}

/** bash's `[[ =~ ]]`: status 2 when regcomp refuses the pattern. undefined: no bash here. */
function bashRefuses(pattern: string): boolean | undefined {
  const run = spawnSync('bash', ['-c', '[[ "" =~ $1 ]]; echo "$?"', 'ralph-hooks', pattern], { encoding: 'utf8', timeout: 10_000 });
  if (run.error || run.status !== 0) return undefined;
  return run.stdout.trim() === '2';
}

/** jq's `test` (Oniguruma): jq's own message when it refuses the pattern. undefined: no jq here. */
function jqError(pattern: string): string | null | undefined {
  const run = spawnSync('jq', ['-n', '--arg', 're', pattern, '"" | test($re) | empty'], { encoding: 'utf8', timeout: 10_000 });
  if (run.error) return undefined;
  if (run.status === 0) return null;
  const message = /Regex failure: (.*)/.exec(run.stderr)?.[1]?.trim();
  return message ?? (run.stderr.trim().split('\n')[0] || `jq exited with ${run.status}`);
}

const ereCheck = (wrap: (pattern: string) => string): Check => (pattern) =>
  once(`ere\u0000${wrap('')}\u0000${pattern}`, () => {
    const js = javascriptError(pattern) ?? javascriptError(wrap(pattern));
    if (js) return `not a valid regular expression (${js}); fix it (a literal ( ) [ ] { } * + ? . | ^ $ or \\ needs a backslash before it)`;
    const dialect = ereDialectError(pattern);
    if (dialect) return dialect;
    if (bashRefuses(wrap(pattern))) return "bash's [[ =~ ]] (POSIX extended) cannot compile it; fix the pattern (a literal ( ) [ ] { } * + ? . | ^ $ or \\ needs a backslash before it)";
    return null;
  });

const onigCheck: Check = (pattern) =>
  once(`onig\u0000${pattern}`, () => {
    const jq = jqError(pattern);
    if (jq) return `jq (Oniguruma) cannot compile it: ${jq}; fix the pattern (a literal ( ) [ ] { } * + ? . | ^ $ or \\ needs a backslash before it)`;
    if (jq === undefined) {
      const js = javascriptError(pattern);
      if (js) return `not a valid regular expression (${js}); fix it (a literal ( ) [ ] { } * + ? . | ^ $ or \\ needs a backslash before it)`;
    }
    return null;
  });

function checked(schema: z.ZodString, check: Check, defaultValue?: string) {
  return schema.superRefine((pattern, ctx) => {
    if (pattern === defaultValue) return;
    const problem = check(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: pattern });
  });
}

/** A POSIX extended regular expression for bash's `[[ =~ ]]`, matched unanchored. */
export function erePattern() {
  return checked(z.string().min(1), ereCheck((pattern) => pattern));
}

/** A POSIX extended regular expression the hook matches in full: `^(pattern)$`. */
export function ereFullPattern() {
  return checked(z.string().min(1), ereCheck((pattern) => `^(${pattern})$`));
}

/** A regular expression for jq's `test` (Oniguruma), with its default. */
export function onigPattern(defaultValue: string) {
  return checked(z.string().min(1), onigCheck, defaultValue).default(defaultValue);
}
