/**
 * One argument policy for every command: an unknown flag, a missing value or a stray
 * argument is a usage error (exit 2) that names the problem and, when a known flag or
 * command is close, suggests it. Built on node:util parseArgs.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from '../../src/errors.js';

/** Exit status of a usage error (unknown flag or command, bad value). */
export const USAGE_EXIT = 2;

export class UsageError extends CliError {
  constructor(message: string) {
    super(message, USAGE_EXIT);
    this.name = 'UsageError';
  }
}

/** Edit distance (insert, delete, substitute, swap two neighbours). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The closest candidate, if it is close enough to be what was meant. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = candidate.startsWith(word) && word.length >= 2 ? 0.5 : editDistance(word, candidate);
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best) return undefined;
  return best.distance <= Math.max(1, Math.floor(best.candidate.length / 3)) ? best.candidate : undefined;
}

export function didYouMean(word: string, candidates: readonly string[], prefix = ''): string {
  const match = closest(word, candidates);
  return match ? ` Did you mean ${prefix}${match}?` : '';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * parseArgs with the usage policy: `command` names the command in messages, and every error
 * ends with a pointer to its --help.
 */
export function parseCommandArgs<O extends Options>(
  command: string,
  argv: string[],
  options: O,
  { positionals = false } = {},
): ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: boolean; strict: true }>> {
  try {
    return parseArgs({ args: argv, options, allowPositionals: positionals, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = (error as Error).message;
    const flags = Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
    const help = ` Run \`ralph-hooks ${command} --help\` for its options.`;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'(-[^']*)'/.exec(message)?.[1] ?? '';
      const name = flag.split('=')[0]!;
      throw new UsageError(`unknown option '${name}'.${didYouMean(name, flags)}${help}`);
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      const arg = /'([^']*)'/.exec(message)?.[1] ?? '';
      throw new UsageError(`unexpected argument '${arg}'.${help}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(`${message.replace(/^Option '([^']*)'.*argument missing$/, "option '$1' needs a value").replace(/\.$/, '')}.${help}`);
    }
    throw new UsageError(`${message}${help}`);
  }
}

/** How doctor and explain print their findings. */
export type FindingsFormat = 'text' | 'json' | 'github';

/** --json, or --format text|json|github; GitHub annotations by default inside GitHub Actions. */
export function findingsFormat(format: string | undefined, json: boolean): FindingsFormat {
  if (json) return 'json';
  if (format === undefined) return process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'text';
  if (format === 'text' || format === 'json' || format === 'github') return format;
  throw new UsageError(`--format must be text, json or github, got '${format}'.${didYouMean(format, ['text', 'json', 'github'])}`);
}
