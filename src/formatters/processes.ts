/**
 * For the formatters that are programs (Biome, dprint): one process per file, text on stdin,
 * formatted text on stdout, as many at a time as there are cores. Runs in the formatting
 * process only.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export interface Program {
  command: string;
  /** Put before the formatter's own arguments (the package's JS launcher, when its binary is not found). */
  args: string[];
}

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The program not starting at all (missing, not executable): the whole formatter is out, not one file. */
export class CannotStart extends Error {}

export function runWithInput(program: Program, args: string[], input: string, cwd: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(program.command, [...program.args, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => reject(new CannotStart(`${program.command}: ${error.message}`)));
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
    // A program that exits before reading everything closes the pipe: its exit status says what happened.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** fn over every item, at most `limit` at once; results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>, limit = Math.max(2, availableParallelism())): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Is this Linux's C library musl (Alpine) rather than glibc? */
function isMusl(): boolean {
  if (process.platform !== 'linux') return false;
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return header?.glibcVersionRuntime === undefined;
}

/**
 * A native binary shipped in a per-platform package beside the formatter's (`names` gives the
 * package for this platform, glibc or musl); undefined when it is not installed.
 */
export function platformBinary(packageDir: string, names: (platform: string, arch: string, musl: boolean) => string[]): string | undefined {
  const requireFrom = createRequire(resolve(packageDir, 'package.json'));
  for (const name of names(process.platform, process.arch, isMusl())) {
    try {
      const path = requireFrom.resolve(name);
      if (existsSync(path)) return path;
    } catch {
      // not installed for this platform: try the next name
    }
  }
  return undefined;
}
