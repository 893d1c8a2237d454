/**
 * A package manager, as ralph-hooks speaks it: the commands it prints (next steps, doctor's
 * fixes, uninstall) and the ones the generated workflow runs. One file per package manager;
 * index.ts lists them and detects which one a project uses.
 */
export type PackageManagerId = 'npm' | 'pnpm' | 'yarn' | 'yarn-classic' | 'bun';

export interface PackageManager {
  id: PackageManagerId;
  /** The program: npm, pnpm, yarn or bun. */
  bin: string;
  /** Lockfiles it writes, the first being the one it writes today. */
  lockfiles: readonly string[];
  /** How a user starts our initializer with it: `pnpm create ralph-hooks`. */
  create: string;
  /** Install what package.json names. */
  install: string;
  /** The install for CI: the lockfile as it is, or a plain install where there is none yet. */
  ciInstall: string;
  /** Run a package.json script. */
  run(script: string): string;
  /** Run a binary the project installed: `pnpm exec ralph-hooks doctor`. */
  exec(commandLine: string): string;
  /** Run a package without installing it: `pnpm dlx ralph-hooks@0.1.0 test`. */
  dlx(spec: string, args: string): string;
  /** Add dev dependencies; `workspaceRoot` when the project is a workspace's root (pnpm -w, yarn classic -W). */
  addDev(specs: string[], workspaceRoot: boolean): string;
  /**
   * GitHub Actions steps that set the package manager up, as its own docs recommend, before
   * actions/setup-node; `pinned` is the version to install when package.json's packageManager
   * does not name one (then the action reads that field itself).
   */
  workflowSetup(pinned: string | undefined): WorkflowStep[];
  /** The version the workflow installs when package.json's packageManager names none. */
  workflowVersion?: string;
}

/** A GitHub Actions step: an action (with its inputs) or a command. */
export type WorkflowStep = { uses: string; with?: Record<string, string> } | { run: string };
