/**
 * The `ralph-hooks` command line: one small module per subcommand under
 * cli/commands/, loaded on demand so `ralph-hooks test` does not pay for Yeoman.
 *
 * One policy for every command: an unknown command or flag is a usage error (exit 2) with a
 * "did you mean"; `help [command]` and `<command> --help` print the same text; Ctrl-C ends
 * the command with exit 130 and one line, before anything is half-written.
 */
import { didYouMean, USAGE_EXIT } from './commands/args.js';
import { CliError } from '../src/util/errors.js';
import { JsonSyntaxError } from '../src/util/json-text.js';
import { forgetProject } from '../src/package-managers/project.js';

type Command = { summary: string; load: () => Promise<{ run(argv: string[]): Promise<number> }> };

const COMMANDS: Record<string, Command> = {
  init: { summary: 'scaffold hooks into this project (asks questions; --yes takes defaults)', load: () => import('./commands/init.js') },
  generate: { summary: 're-render hooks from ralph-hooks.config.json, keeping hand edits safe', load: () => import('./commands/generate.js') },
  add: { summary: 'add a hook to the config and generate it: add stop-watcher --preset loop --name ralph-loop', load: () => import('./commands/add.js') },
  remove: { summary: 'remove a hook: its config entry, files, registration, tests and cases', load: () => import('./commands/remove.js') },
  upgrade: { summary: 're-render every hook after installing a new ralph-hooks, with what changed in each', load: () => import('./commands/upgrade.js') },
  uninstall: { summary: 'remove everything ralph-hooks wrote (hand-edited files are kept and listed)', load: () => import('./commands/uninstall.js') },
  test: { summary: 'replay recorded hook cases (test/hook-cases/**/*.case.json)', load: () => import('./commands/test.js') },
  bats: { summary: 'run the generated .bats tests with the bats ralph-hooks ships: bats test/hooks', load: () => import('./commands/bats.js') },
  record: { summary: 'wrap a hook and save each invocation as a replay case: record -- <hook command>', load: () => import('./commands/record.js') },
  status: { summary: 'why the last loop ended (reason, when, iteration, hook, message) and the loops running now; --json', load: () => import('./commands/status.js') },
  report: { summary: 'what each loop did and what it cost: per iteration time, tokens, cost, tool calls, denials; --format table|json|html', load: () => import('./commands/report.js') },
  watch: { summary: 'the loops as they run: per session iteration, tokens, cost, budgets, decisions, denials; --once, --plain', load: () => import('./commands/watch.js') },
  doctor: { summary: 'check bash, jq, registration, manifest and config; print what to fix', load: () => import('./commands/doctor.js') },
  explain: { summary: 'list every hook the agent runs here, from every source, in its order: explain Stop --tool Bash', load: () => import('./commands/explain.js') },
  schema: { summary: 'print (or --write) the JSON Schema of ralph-hooks.config.json', load: () => import('./commands/schema.js') },
  help: { summary: 'help [command]: this text, or the options of one command', load: async () => ({ run: helpCommand }) },
};

/** Ctrl-C (or a closed terminal) at a prompt, as the prompt library reports it. */
function isPromptAbort(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError';
}

export const COMMAND_NAMES = Object.keys(COMMANDS);

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, cmd]) => `  ${name.padEnd(width)}  ${cmd.summary}`);
  return [
    'Usage: ralph-hooks <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Options:',
    '  -h, --help     this text',
    '  -v, --version  print the version of ralph-hooks',
    '',
    'Run `ralph-hooks help <command>` (or `ralph-hooks <command> --help`) for its options.',
  ].join('\n');
}

function unknownCommand(name: string): CliError {
  return new CliError(`unknown command '${name}'.${didYouMean(name, COMMAND_NAMES)}\n\n${usage()}`, USAGE_EXIT);
}

async function helpCommand(argv: string[]): Promise<number> {
  const [name, ...extra] = argv;
  if (extra.length > 0) throw new CliError(`help takes one command name, got '${argv.join(' ')}'.`, USAGE_EXIT);
  if (name === undefined || name === 'help') {
    console.log(usage());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw unknownCommand(name);
  return (await command.load()).run(['--help']);
}

/**
 * Ctrl-C. Outside a prompt it is a signal: every write is synchronous, so the handler runs
 * between files, never inside one. At a prompt it is a key the prompt library turns into an
 * ExitPromptError, which can surface outside our promise chain: prompts come before any write.
 */
function exitOnInterrupt(name: string): () => void {
  const onSignal = () => {
    process.stderr.write(`\nralph-hooks ${name}: interrupted.\n`);
    process.exit(130);
  };
  const onPromptAbort = (error: unknown) => {
    if (!isPromptAbort(error)) throw error;
    process.stderr.write(`\nralph-hooks ${name}: interrupted; nothing was written.\n`);
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.on('uncaughtException', onPromptAbort);
  process.on('unhandledRejection', onPromptAbort);
  return () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('uncaughtException', onPromptAbort);
    process.removeListener('unhandledRejection', onPromptAbort);
  };
}

export async function main(argv: string[]): Promise<number> {
  forgetProject();
  const [name, ...rest] = argv;
  if (!name) {
    console.error(usage());
    return USAGE_EXIT;
  }
  if (name === '--help' || name === '-h') {
    console.log(usage());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    const { packageVersion } = await import('../src/util/package-info.js');
    console.log(packageVersion());
    return 0;
  }
  const command = COMMANDS[name];
  // `record` stays transparent: the wrapped hook, not us, decides what a signal does.
  const release = name === 'record' ? () => {} : exitOnInterrupt(name);
  try {
    if (!command) throw unknownCommand(name);
    return await (await command.load()).run(rest);
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`${command ? `ralph-hooks ${name}` : 'ralph-hooks'}: ${error.message}`);
      return error.exitCode;
    }
    // A file of the user's that does not parse, wherever it was read: one message, no stack.
    if (error instanceof JsonSyntaxError) {
      console.error(`ralph-hooks ${name}: ${error.message}\nFix the file (or move it aside); ralph-hooks left it untouched.`);
      return 1;
    }
    if (isPromptAbort(error)) {
      console.error(`\nralph-hooks ${name}: interrupted; nothing was written.`);
      return 130;
    }
    throw error;
  } finally {
    release();
  }
}
