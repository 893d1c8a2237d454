/**
 * Which package manager a project uses, so that every command we print and every script we
 * write speaks it: package.json's packageManager first (corepack enforces it), then the
 * lockfile present, then the command that started us (npm_config_user_agent: `pnpm create
 * ralph-hooks` says pnpm), else npm.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonObjectIn } from '../util/json-text.js';
import { bun } from './bun.js';
import { npm } from './npm.js';
import { pnpm } from './pnpm.js';
import type { PackageManager, PackageManagerId } from './types.js';
import { yarn, yarnClassic } from './yarn.js';

export type { PackageManager, PackageManagerId } from './types.js';

export const PACKAGE_MANAGERS: Record<PackageManagerId, PackageManager> = { npm, pnpm, yarn, 'yarn-classic': yarnClassic, bun };

export interface Detected {
  pm: PackageManager;
  /** Why: 'packageManager' (package.json), a lockfile's name, 'user agent', or 'default'. */
  by: string;
  /** The version the project pins or the starting command ran, when known (for the workflow). */
  version?: string;
  /** package.json names packageManager (then setup actions read it themselves). */
  pinnedInPackageJson: boolean;
}

/** `yarn@4.1.0` or `yarn/1.22.19 npm/? node/v20` → the package manager and its version. */
function fromNameAndVersion(name: string, version: string | undefined): PackageManager | undefined {
  if (name === 'yarn') return version !== undefined && /^1\./.test(version) ? yarnClassic : yarn;
  if (name === 'npm' || name === 'pnpm' || name === 'bun') return PACKAGE_MANAGERS[name];
  return undefined;
}

/** A yarn.lock from yarn 2+ has a __metadata block; yarn 1's does not. */
function yarnOfLockfile(root: string): PackageManager {
  if (existsSync(join(root, '.yarnrc.yml'))) return yarn;
  try {
    return readFileSync(join(root, 'yarn.lock'), 'utf8').includes('\n__metadata:') ? yarn : yarnClassic;
  } catch {
    return yarnClassic;
  }
}

const LOCKFILE_ORDER: { file: string; pm: (root: string) => PackageManager }[] = [
  { file: 'pnpm-lock.yaml', pm: () => pnpm },
  { file: 'pnpm-workspace.yaml', pm: () => pnpm },
  { file: 'yarn.lock', pm: yarnOfLockfile },
  { file: 'bun.lock', pm: () => bun },
  { file: 'bun.lockb', pm: () => bun },
  { file: 'package-lock.json', pm: () => npm },
  { file: 'npm-shrinkwrap.json', pm: () => npm },
];

export function detectPackageManager(root: string, env: NodeJS.ProcessEnv = process.env): Detected {
  const pkg = readPackageJson(root);
  const field = typeof pkg?.packageManager === 'string' ? /^(npm|pnpm|yarn|bun)@(\d[^+\s]*)/.exec(pkg.packageManager) : null;
  if (field) return { pm: fromNameAndVersion(field[1]!, field[2])!, by: 'packageManager', version: field[2], pinnedInPackageJson: true };
  for (const { file, pm } of LOCKFILE_ORDER) {
    if (existsSync(join(root, file))) return { pm: pm(root), by: file, pinnedInPackageJson: false, ...agentVersionFor(pm(root), env) };
  }
  const agent = /^(npm|pnpm|yarn|bun)\/(\d\S*)/.exec(env.npm_config_user_agent ?? '');
  const fromAgent = agent ? fromNameAndVersion(agent[1]!, agent[2]) : undefined;
  if (fromAgent) return { pm: fromAgent, by: 'user agent', version: agent![2], pinnedInPackageJson: false };
  return { pm: npm, by: 'default', pinnedInPackageJson: false };
}

/** The starting command's version, when it is the same package manager (for the workflow's pin). */
function agentVersionFor(pm: PackageManager, env: NodeJS.ProcessEnv): { version?: string } {
  const agent = /^(npm|pnpm|yarn|bun)\/(\d\S*)/.exec(env.npm_config_user_agent ?? '');
  return agent && fromNameAndVersion(agent[1]!, agent[2])?.id === pm.id ? { version: agent[2] } : {};
}

export function readPackageJson(root: string): Record<string, any> | undefined {
  try {
    return jsonObjectIn(readFileSync(join(root, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The folder is a workspace's root: pnpm-workspace.yaml, or package.json's workspaces. */
export function isWorkspaceRoot(root: string): boolean {
  return existsSync(join(root, 'pnpm-workspace.yaml')) || readPackageJson(root)?.workspaces !== undefined;
}

/** package.json names the package where it gets installed: dependencies, devDependencies or optionalDependencies. */
export function installsPackage(pkg: Record<string, unknown> | undefined, name: string): boolean {
  return INSTALLED_SECTIONS.some((section) => {
    const deps = pkg?.[section];
    return typeof deps === 'object' && deps !== null && typeof (deps as Record<string, unknown>)[name] === 'string';
  });
}

const INSTALLED_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;
