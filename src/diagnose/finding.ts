/** What doctor's checks share: a finding's two shapes (a check that passed, a problem with its fix), a tool's version, a path inside the project. */
import { spawnSync } from 'node:child_process';
import { isAbsolute, relative } from 'node:path';
import type { Finding } from '../hook-types.js';

export const ok = (code: string, message: string): Finding => ({ code, ok: true, message });
export const problem = (code: string, message: string, fix: string): Finding => ({ code, ok: false, message, fix });

export type Env = { PATH?: string; [name: string]: string | undefined };

/** The first line a command prints for `args` (its version), or undefined when it fails. */
export function versionOf(command: string, args: string[], env: Env): string | undefined {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.error || result.status !== 0) return undefined;
  return (result.stdout || result.stderr).trim().split('\n')[0];
}

export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
}
