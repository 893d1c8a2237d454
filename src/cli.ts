/**
 * The `ralph-hooks` command line: one small module per subcommand under
 * src/commands/, loaded on demand so `ralph-hooks test` does not pay for Yeoman.
 */
import { CliError } from './errors.js';

type Command = { summary: string; load: () => Promise<{ run(argv: string[]): Promise<number> }> };

const COMMANDS: Record<string, Command> = {
  init: { summary: 'scaffold hooks into this project (asks questions; --yes takes defaults)', load: () => import('./commands/init.js') },
  generate: { summary: 're-render hooks from ralph-hooks.config.json, keeping hand edits safe', load: () => import('./commands/generate.js') },
  add: { summary: 'add a hook to the config and generate it: add stop-watcher --preset loop', load: () => import('./commands/add.js') },
  test: { summary: 'replay recorded hook cases (test/hook-cases/**/*.case.json)', load: () => import('./commands/test.js') },
  record: { summary: 'wrap a hook and save each invocation as a replay case: record -- <hook command>', load: () => import('./commands/record.js') },
  doctor: { summary: 'check bash, jq, registration, manifest and config; print what to fix', load: () => import('./commands/doctor.js') },
  schema: { summary: 'print (or --write) the JSON Schema of ralph-hooks.config.json', load: () => import('./commands/schema.js') },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, cmd]) => `  ${name.padEnd(width)}  ${cmd.summary}`);
  return ['Usage: ralph-hooks <command> [options]', '', 'Commands:', ...lines, '', 'Run `ralph-hooks <command> --help` for its options.'].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 1;
  }
  if (name === '--version' || name === '-v') {
    const { packageVersion } = await import('./package-info.js');
    console.log(packageVersion());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`ralph-hooks: unknown command '${name}'.\n\n${usage()}`);
    return 1;
  }
  try {
    return await (await command.load()).run(rest);
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`ralph-hooks ${name}: ${error.message}`);
      return error.exitCode;
    }
    throw error;
  }
}
