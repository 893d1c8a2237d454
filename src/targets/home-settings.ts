/**
 * Reading an agent's user-level settings for doctor's findings about the agent's own
 * switches (folder trust, auth). Read-only and forgiving: a missing or broken file is "not set".
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** The user's home folder as the shell and the agents see it: $HOME, else the account's. */
export function homeFolder(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOME || homedir();
}

/** A JSON file under the user's home folder (comments allowed, as the agents allow them), or undefined. */
export function readHomeJson(...path: string[]): unknown {
  try {
    const text = readFileSync(join(homeFolder(), ...path), 'utf8');
    return JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
  } catch {
    return undefined;
  }
}

/** The folder and each of its parents, innermost first. */
export function folderAndParents(root: string): string[] {
  const folders: string[] = [];
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    folders.push(dir);
    if (dirname(dir) === dir) return folders;
  }
}
