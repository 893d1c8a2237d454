/**
 * The commands a person runs in this project, in its package manager: ralph-hooks itself
 * (`pnpm exec ralph-hooks doctor`, or `npx --yes ralph-hooks@0.1.0 doctor` where package.json
 * does not name it), installs and scripts. A command finds its project root once and calls
 * useProject; everything printed after that (doctor's fixes, next steps, uninstall) asks here.
 */
import { packageVersion } from '../util/package-info.js';
import { detectPackageManager, installsPackage, isWorkspaceRoot, readPackageJson, type Detected } from './index.js';

let project: { root: string; detected: Detected } | undefined;

/** Speak this project's package manager from now on (each command calls it with its root). */
export function useProject(root: string, env: NodeJS.ProcessEnv = process.env): Detected {
  project = { root, detected: detectPackageManager(root, env) };
  return project.detected;
}

export function projectPackageManager(): Detected {
  return project?.detected ?? { pm: detectPackageManager(process.cwd(), {}).pm, by: 'default', pinnedInPackageJson: false };
}

/** package.json at the project root names ralph-hooks: it is (or will be, after the install step) in node_modules. */
export function namesRalphHooks(root = project?.root): boolean {
  return root !== undefined && installsPackage(readPackageJson(root), 'ralph-hooks');
}

/**
 * `ralph-hooks <args>` as a person runs it in this project: through the package manager when
 * package.json names ralph-hooks (`installed` says so outright where the config decides it),
 * else the version that wrote the files, run once without installing it.
 */
export function rhCommand(args: string, installed = namesRalphHooks()): string {
  const { pm } = projectPackageManager();
  return installed ? pm.exec(`ralph-hooks ${args}`) : pm.dlx(`ralph-hooks@${packageVersion()}`, args);
}

/** Add dev dependencies at the project root, as its package manager wants it there. */
export function addDevCommand(specs: string[]): string {
  return projectPackageManager().pm.addDev(specs, project !== undefined && isWorkspaceRoot(project.root));
}
