/** Run the built `ralph-hooks` CLI the way a user does: no TTY, its own folder and environment. */
import { spawn, spawnSync } from 'node:child_process';
import type { Socket } from 'node:net';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { tempDir } from './temp.js';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(REPO_ROOT, 'bin/ralph-hooks.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `ralph-hooks <args>` in `cwd`. Calls without `input` go to this test process's CLI server
 * (cli-server.mjs: the same built CLI, loaded once); a call on standard input, a command that
 * hands its terminal to another program or keeps running (bats, record, watch), and every call
 * when RALPH_HOOKS_TEST_CLI=process (in this environment or the call's), start the bin as a process of its own.
 */
export function ralphHooks(args: string[], { cwd, env = {}, input = '' }: { cwd: string; env?: Record<string, string>; input?: string }): CliResult {
  const fullEnv = { ...process.env, NO_COLOR: '1', npm_config_yes: '', GITHUB_ACTIONS: '', ...env } as Record<string, string>;
  const inServer = input === '' && !OWN_PROCESS.has(args[0] ?? '') && fullEnv.RALPH_HOOKS_TEST_CLI !== 'process';
  return (inServer && callServer(args, cwd, fullEnv)) || runProcess(args, cwd, fullEnv, input);
}

/** Commands that always get a process: bats gives its terminal to bats, record reads standard input, watch keeps running. */
const OWN_PROCESS = new Set(['bats', 'record', 'watch']);

function runProcess(args: string[], cwd: string, env: Record<string, string>, input: string): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, input, encoding: 'utf8', env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let server: { portFile: string; pid: number } | undefined;

/**
 * One call through the CLI server, started on the first. bash's /dev/tcp carries it: a test
 * waits for its answer as for a process's, and a bash start costs a hundredth of a node start.
 * undefined when the server gave no answer (it ended mid-call): the caller runs a process instead.
 */
function callServer(args: string[], cwd: string, env: Record<string, string>): CliResult | undefined {
  server ??= startServer();
  // Until the server listens: wait while it lives (a server that ended is a zombie until this
  // blocked process reaps it, so its state is read where there is /proc, not only kill -0).
  const client = [
    'alive() { if [ -r "/proc/$1/stat" ]; then read -r _ _ state _ <"/proc/$1/stat" && [ "$state" != Z ]; else kill -0 "$1"; fi; }',
    'until [ -s "$1" ]; do alive "$2" || exit 1; sleep 0.01; done',
    'exec 3<>"/dev/tcp/127.0.0.1/$(<"$1")" && cat >&3 && cat <&3',
  ].join('\n');
  const result = spawnSync('bash', ['-c', client, 'cli-client', server.portFile, String(server.pid)], { input: `${JSON.stringify({ args, cwd, env })}\n`, encoding: 'utf8', maxBuffer: 1 << 30 });
  try {
    return JSON.parse(result.stdout) as CliResult;
  } catch {
    process.stderr.write(`ralph-hooks test CLI server gave no answer to ${args.join(' ')} (${result.stderr.trim() || `exit ${result.status}`}); running it as a process\n`);
    // The next call starts a new one; this one, if it still runs, ends here.
    try {
      process.kill(server.pid);
    } catch {
      // It had ended.
    }
    server = undefined;
    return undefined;
  }
}

/** The pid of this test process's CLI server, or undefined before the first call. */
export const cliServerPid = (): number | undefined => server?.pid;

/** End this test process's CLI server as a crash would: the next call finds it gone. */
export function crashCliServer(): void {
  if (server) process.kill(server.pid, 'SIGKILL');
}

/** The CLI server for this test process, listening once its port file exists; it ends with this process. */
function startServer(): { portFile: string; pid: number } {
  const portFile = join(tempDir('rh-cli-server-'), 'port');
  const child = spawn(process.execPath, [join(REPO_ROOT, 'test/helpers/cli-server.mjs'), portFile], { stdio: ['ignore', 'ignore', 'inherit', 'pipe'] });
  child.unref();
  (child.stdio[3] as Socket).unref();
  return { portFile, pid: child.pid! };
}

export { tempDir };

/** A new git repository in a temporary folder, holding `files` (path relative to it → text). */
export function gitRepoWith(files: Record<string, string>, prefix?: string): string {
  const root = tempDir(prefix);
  spawnSync('git', ['init', '-q'], { cwd: root });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/**
 * This repository as a user's install has it: a copy of what the package ships (package.json's
 * `files`), in a folder named node_modules/ralph-hooks, its own dependencies linked to this
 * repository's. Made once per test process; link a project's node_modules/ralph-hooks to it.
 * (A link to the repository itself would be slower and unlike a user's: vitest compiles every
 * module of a package outside node_modules as source, ~1.5 s for each test file importing the testkit.)
 */
let installed: string | undefined;
export function installedPackage(): string {
  if (installed) return installed;
  const dir = join(tempDir('rh-installed-'), 'node_modules/ralph-hooks');
  const { files } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { files: string[] };
  for (const entry of ['package.json', ...files]) cpSync(join(REPO_ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  installed = dir;
  return dir;
}

/** Fill a project's node_modules folder `modules`: ralph-hooks as installed (installedPackage) and `tools`, this repository's own packages of those names. */
export function linkInstalled(modules: string, tools: readonly string[]): void {
  mkdirSync(modules, { recursive: true });
  symlinkSync(installedPackage(), join(modules, 'ralph-hooks'));
  for (const name of tools) symlinkSync(join(REPO_ROOT, 'node_modules', name), join(modules, name));
}

const madeOnce = new Map<string, string>();

/**
 * A new temporary folder holding a copy of what `make` built: `make` runs once per `key` in a
 * test process, into a folder of its own, and every call gets a fresh copy of it. For projects
 * whose files do not name the folder they are in (beyond the folder-name prefix both share).
 */
export function copyOfMadeOnce(key: string, make: (dir: string) => void, prefix?: string): string {
  let template = madeOnce.get(key);
  if (template === undefined) {
    template = tempDir(prefix);
    make(template);
    madeOnce.set(key, template);
  }
  const root = tempDir(prefix);
  cpSync(template, root, { recursive: true });
  return root;
}

/** A new temporary project holding `configText` as its ralph-hooks.config.json and what `ralph-hooks generate` wrote from it (run once per config text). */
export function generatedProject(configText: string): string {
  return copyOfMadeOnce(`generate ${configText}`, (dir) => {
    writeFileSync(join(dir, 'ralph-hooks.config.json'), configText);
    const result = ralphHooks(['generate'], { cwd: dir });
    if (result.status !== 0) throw new Error(`generate failed for ${configText}:\n${result.stdout}${result.stderr}`);
  });
}

/** Every file under a folder with its content and mtime: compare before/after to prove nothing was written. */
export function snapshot(root: string): Record<string, { content: string; mtimeMs: number; mode: number }> {
  const out: Record<string, { content: string; mtimeMs: number; mode: number }> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.git') walk(path);
      } else {
        const stat = statSync(path);
        out[relative(root, path)] = { content: readFileSync(path, 'utf8'), mtimeMs: stat.mtimeMs, mode: stat.mode };
      }
    }
  };
  walk(root);
  return out;
}

/** The registry end-to-end test's scripts, as one text: test/e2e/registry.mjs and the repository shapes it runs. */
export function e2eScripts(): string {
  const shapes = join(REPO_ROOT, 'test/e2e/shapes');
  const files = existsSync(shapes) ? readdirSync(shapes).filter((f) => f.endsWith('.mjs')).sort().map((f) => join(shapes, f)) : [];
  return [join(REPO_ROOT, 'test/e2e/registry.mjs'), ...files].map((file) => readFileSync(file, 'utf8')).join('\n');
}
