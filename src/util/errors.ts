/** An error meant for the person at the terminal: printed without a stack, with its exit code. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'CliError';
  }
}

/** Ctrl-C: exit 130 (128 + SIGINT) with one line, no stack; raised before anything is written. */
export class Interrupted extends CliError {
  constructor(message = 'interrupted; nothing was written.') {
    super(message, 130);
    this.name = 'Interrupted';
  }
}
