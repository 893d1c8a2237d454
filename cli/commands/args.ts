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

export { closest, didYouMean, editDistance } from '../../src/did-you-mean.js';
import { didYouMean } from '../../src/did-you-mean.js';

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
