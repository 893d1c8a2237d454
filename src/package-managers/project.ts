/**
 * The commands a person runs in this project, in its package manager and from the folder they
 * are in: ralph-hooks itself (`pnpm exec ralph-hooks doctor`, `yarn run -T ralph-hooks doctor`
 * in a workspace package, or `npx --yes ralph-hooks@0.1.0 doctor` where package.json does not
 * name it), installs and scripts. A command finds its project root once and calls useProject;
 * everything printed after that (doctor's fixes, next steps, uninstall) asks here, and every
 * line is built by commandFor (command.ts).
 */
import { relative, sep } from 'node:path';
import { packageVersion } from '../util/package-info.js';
import { AT_ROOT, commandFor, type Command, type Place } from './command.js';
import { detectPackageManager, installsPackage, isWorkspaceRoot, readPackageJson, type Detected } from './index.js';
import { npm } from './npm.js';

let project: { root: string; detected: Detected; place: Place } | undefined;

/**
 * Speak this project's package manager from now on (each command calls it with its root), to a
 * person in `cwd` (init run from a workspace package writes to the root; its printed commands
 * must work in the package).
 */
export function useProject(root: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Detected {
  const from = relative(root, cwd).split(sep).join('/');
  const inside = from !== '' && !from.startsWith('..') && !from.startsWith('/');
  project = { root, detected: detectPackageManager(root, env), place: { from: inside ? from : '', workspace: isWorkspaceRoot(root) } };
  return project.detected;
}

export function projectPackageManager(): Detected {
  return project?.detected ?? { pm: detectPackageManager(process.cwd(), {}).pm, by: 'default', pinnedInPackageJson: false };
}

/** Where the person reading our output is, relative to the root. */
function here(): Place {
  return project?.place ?? AT_ROOT;
}

/** The root, as generated files speak of it (they are read from anywhere): the root's own words. */
function atRoot(): Place {
  return { from: '', workspace: project?.place.workspace ?? false };
}

/** package.json at the project root names ralph-hooks: it is (or will be, after the install step) in node_modules. */
export function namesRalphHooks(root = project?.root): boolean {
  return root !== undefined && installsPackage(readPackageJson(root), 'ralph-hooks');
}

/** The project has no package.json: another language's (then ralph-hooks runs through npx, see rhCommand). */
function withoutPackageJson(): boolean {
  return project !== undefined && readPackageJson(project.root) === undefined;
}

export interface RhOptions {
  /** package.json names ralph-hooks (default: what it says now; the config decides it where init writes both at once). */
  installed?: boolean;
  /** The arguments name paths relative to the root (then, below the root, it runs there). */
  paths?: boolean;
  /** For a generated file or the workflow: as typed at the root, whoever started this run. */
  file?: boolean;
}

/**
 * `ralph-hooks <args>` as a person runs it in this project: through the package manager when
 * package.json names ralph-hooks, else the version that wrote the files, run without adding it
 * to the project. Without a package.json at all (a Python, Go or Rust repository) that is npx,
 * whichever command started init: npm comes with Node (the workflow's setup-node has it), and npx
 * keeps what it installed in npm's cache (~/.npm/_npx), so the next run of the same version
 * starts at once instead of installing again (yarn dlx installs into a new folder every time).
 */
export function rhCommand(args: string, options: RhOptions = {}): string {
  const { pm } = projectPackageManager();
  const place = options.file ? atRoot() : here();
  const installed = options.installed ?? namesRalphHooks();
  const paths = options.paths ?? false;
  if (installed) return commandFor(pm, place, { kind: 'bin', line: `ralph-hooks ${args}`, paths });
  const runner = withoutPackageJson() || pm.id === 'yarn' ? npm : pm;
  return commandFor(runner, place, { kind: 'dlx', spec: `ralph-hooks@${packageVersion()}`, args, paths });
}

/** Any other command for the person reading our output (or, with `file`, for a generated file). */
export function pmCommand(command: Command, options: { file?: boolean } = {}): string {
  return commandFor(projectPackageManager().pm, options.file ? atRoot() : here(), command);
}

/** Add dev dependencies at the project root, as its package manager wants it there. */
export function addDevCommand(specs: string[]): string {
  return pmCommand({ kind: 'add-dev', specs });
}

let filesInstalled: boolean | undefined;

/**
 * Forget the project of the last command: main() calls it first, so a program that runs the CLI
 * more than once in one process (a test runner, an editor extension) gets each run's answers
 * from its own folder, never from the folder before.
 */
export function forgetProject(): void {
  project = undefined;
  filesInstalled = undefined;
}

/**
 * The config about to be rendered: generated files name ralph-hooks as package.json will have it
 * (init writes package.json and the files at once), not as it is right now.
 */
export function renderingFor(packageJson: boolean): void {
  filesInstalled = packageJson || namesRalphHooks();
}

/**
 * A command as a generated file's header or comment names it (`ralph-hooks generate`, `vitest
 * run …`): typed at the root, in the project's package manager where package.json names
 * ralph-hooks, else through npx (as the workflow runs it), so a file reads the same whoever
 * generated it.
 */
export function fileCommand(line: string): string {
  const installed = filesInstalled ?? namesRalphHooks();
  if (line.startsWith('ralph-hooks ')) {
    const args = line.slice('ralph-hooks '.length);
    return installed ? rhCommand(args, { installed, file: true }) : commandFor(npm, AT_ROOT, { kind: 'dlx', spec: `ralph-hooks@${packageVersion()}`, args });
  }
  return installed ? pmCommand({ kind: 'bin', line }, { file: true }) : commandFor(npm, AT_ROOT, { kind: 'bin', line });
}
