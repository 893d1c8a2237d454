// @ts-check
/**
 * The end-to-end drivers' steps (test/e2e/registry.mjs, test/e2e/shapes/lifecycle.mjs): a step
 * runs with a time limit, its output goes to a log, and it prints PASS or FAIL with the time it
 * took; a failure prints the last 80 lines of its log and ends the run (or the shape).
 * Commands are shell text (what a user types), run by bash through zx.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { $ } from 'zx';

/** A step's failure, after its log was printed. */
export class StepFailed extends Error {
  /** @param {string} step */
  constructor(step) {
    super(`step failed: ${step}`);
    this.step = step;
  }
}

/**
 * @typedef {object} ShOptions
 * @property {string} [cwd] where it runs (default: the steps' cwd)
 * @property {Record<string, string | undefined>} [env] added to (or, undefined, taken out of) the steps' environment
 * @property {string} [input] its stdin (default: nothing, as </dev/null)
 * @property {boolean} [nothrow] a non-zero exit is returned, not thrown
 */

/**
 * @typedef {object} ShResult
 * @property {number} status
 * @property {string} output stdout and stderr, interleaved as they came
 */

export class Steps {
  /**
   * @param {object} options
   * @param {string} options.log the file each step's output goes to
   * @param {string} options.cwd where commands run unless told otherwise
   * @param {NodeJS.ProcessEnv} options.env the environment commands run in
   * @param {number} options.timeout seconds a step may take
   * @param {string} [options.prefix] before each step's name: `[shape] `
   * @param {(line: string) => void} [options.print] where PASS/FAIL lines go (default: stdout)
   */
  constructor({ log, cwd, env, timeout, prefix = '', print = (line) => process.stdout.write(`${line}\n`) }) {
    this.log = log;
    this.cwd = cwd;
    this.env = env;
    this.timeout = timeout;
    this.prefix = prefix;
    this.print = print;
    /** @type {string[]} the steps that failed (with keepGoing, more than one) */
    this.failed = [];
    this.keepGoing = false;
  }

  /** @param {string} text */
  note(text) {
    appendFileSync(this.log, text.endsWith('\n') ? text : `${text}\n`);
  }

  /**
   * Run `command` under bash, with the step's time limit; its output goes to the log.
   * @param {string} command
   * @param {ShOptions} [options]
   * @returns {Promise<ShResult>}
   */
  async sh(command, options = {}) {
    const env = { ...this.env };
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }
    const result = await $({
      cwd: options.cwd ?? this.cwd,
      env,
      input: options.input ?? '',
      nothrow: true,
      quiet: true,
    })`timeout -k 5 ${String(this.timeout)} bash -c ${command} 2>&1`;
    const output = result.stdout;
    this.note(output);
    const status = result.exitCode ?? 1;
    if (status !== 0 && !options.nothrow) throw new Error(`exit ${status}: ${command}`);
    return { status, output };
  }

  /**
   * A step: PASS or FAIL with its time; on FAIL the last 80 lines of its log, then StepFailed
   * (unless keepGoing: then the next step runs and the first failure is remembered).
   * @param {string} name
   * @param {() => Promise<unknown>} body
   */
  async step(name, body) {
    writeFileSync(this.log, '');
    const began = Date.now();
    const seconds = () => Math.round((Date.now() - began) / 1000);
    try {
      await body();
      this.print(`PASS  ${this.prefix}${name} (${seconds()} s)`);
    } catch (error) {
      if (!(error instanceof Error && /^exit \d+: /.test(error.message))) this.note(error instanceof Error ? error.message : String(error));
      const status = error instanceof Error && /^exit (\d+): /.exec(error.message)?.[1];
      this.print(`FAIL  ${this.prefix}${name} (${status ? `exit ${status}` : 'failed'} after ${seconds()} s)`);
      const lines = readFileSync(this.log, 'utf8').replace(/\n$/, '').split('\n').slice(-80);
      this.print(lines.map((line) => `      ${line}`).join('\n'));
      this.failed.push(name);
      if (!this.keepGoing) throw new StepFailed(name);
    }
  }

  /**
   * A step that runs one command.
   * @param {string} name
   * @param {string} command
   * @param {ShOptions} [options]
   */
  async run(name, command, options) {
    await this.step(name, () => this.sh(command, options));
  }
}

/**
 * Fail a check with a message (it goes to the step's log).
 * @param {unknown} ok
 * @param {string} message
 * @returns {asserts ok}
 */
export function check(ok, message) {
  if (!ok) throw new Error(message);
}
