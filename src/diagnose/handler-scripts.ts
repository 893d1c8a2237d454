/**
 * Every handler in every hook file an agent reads in this project, and the script each one
 * runs: what doctor needs to tell a handler whose script is gone (the client errors on each
 * event, or blocks every call when it is a guard), whoever wrote it.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { isJsonObject, parseJsonText } from '../util/json-text.js';
import { homeFolder } from '../targets/home-settings.js';
import { TARGETS } from '../targets/index.js';
import type { Target } from '../targets/types.js';
import { candidatesIn } from '../registration/claude-settings.js';
import { readForgeflareHooks } from '../registration/forgeflare-load.js';
import { readIfExists } from '../registration/merged-file.js';
import { FAIL_CLOSED_SUFFIX, FAIL_OPEN_SUFFIX } from '../registration/ownership.js';

export interface RegisteredHandler {
  file: string;
  event: string;
  command: string;
  /** The tool matcher of its group (forgeflare: match_tool), if any. */
  matcher?: string;
}

/** Claude Code also reads the local settings, which are the user's alone. */
const EXTRA_FILES = ['.claude/settings.local.json'];

/** Interpreters a hook command starts its script with. */
const INTERPRETERS = new Set(['bash', 'sh', 'zsh', 'node', 'python', 'python3', 'deno', 'bun']);

/** The handlers of every hook file present (a file that does not parse is doctor's RH05, not this check's). */
export function registeredHandlers(root: string): RegisteredHandler[] {
  const files = new Map<string, Target['registration']>();
  for (const target of Object.values(TARGETS) as Target[]) files.set(target.registrationFile, target.registration);
  for (const file of EXTRA_FILES) files.set(file, 'claude-settings');
  const handlers: RegisteredHandler[] = [];
  for (const [file, format] of files) {
    let text: string | undefined;
    try {
      text = readIfExists(join(root, file), file);
    } catch {
      continue;
    }
    if (text === undefined) continue;
    if (format === 'forgeflare-toml') {
      const read = readForgeflareHooks(text);
      if (read.ok) handlers.push(...read.hooks.map((hook) => ({ file, event: hook.event, command: hook.command, ...(typeof hook.match_tool === 'string' ? { matcher: hook.match_tool } : {}) })));
      continue;
    }
    let parsed: unknown;
    try {
      parsed = parseJsonText(text, file);
    } catch {
      continue;
    }
    if (!isJsonObject(parsed) || !isJsonObject(parsed.hooks)) continue;
    handlers.push(...candidatesIn(parsed.hooks).map(({ event, command, matcher }) => ({ file, event, command, ...(matcher === undefined ? {} : { matcher }) })));
  }
  return handlers;
}

/** Our project-root prefix for Codex and droid: the only shell syntax a plain handler may hold. */
const GIT_ROOT = /\$\(git rev-parse --show-toplevel 2>\/dev\/null \|\| pwd\)/g;

/** The words of a command, quotes removed; undefined when it holds shell syntax this cannot follow. */
function words(command: string): string[] | undefined {
  let text = command.trim();
  for (const suffix of [FAIL_CLOSED_SUFFIX, FAIL_OPEN_SUFFIX]) if (text.endsWith(suffix)) text = text.slice(0, -suffix.length).trimEnd();
  if (/[;&|<>`]/.test(text.replace(GIT_ROOT, ''))) return undefined;
  return [...text.matchAll(/(?:"[^"]*"|'[^']*'|[^\s"']+)+/g)].map((match) => match[0].replace(/"([^"]*)"|'([^']*)'/g, '$1$2'));
}

/** The project folder as each agent's command names it. */
const ROOT_SPELLINGS = [
  ...new Set([
    ...(Object.values(TARGETS) as Target[]).map((target) => target.commandRoot.replace(/"/g, '').replace(/\/$/, '')).filter(Boolean),
    ...(Object.values(TARGETS) as Target[]).flatMap((target) => target.projectDirVariables).flatMap((name) => [`$${name}`, `\${${name}}`]),
  ]),
];

/**
 * The script file a handler's command runs, as a path to check (project-relative or absolute),
 * or undefined when the command is not a plain `[interpreter] <script>` (a pipeline, a PATH
 * command, another variable): then there is nothing this check can say.
 */
export function scriptOf(command: string, root: string): string | undefined {
  const list = words(command);
  if (!list || list.length === 0) return undefined;
  const candidate = INTERPRETERS.has(list[0]!) ? list[1] : list[0];
  if (candidate === undefined || candidate.startsWith('-')) return undefined;
  // The shell expands the home folder, which a user-level hook often starts from.
  let path = candidate.replace(/^(~|\$HOME|\$\{HOME\})\//, `${homeFolder()}/`);
  for (const spelling of ROOT_SPELLINGS) {
    if (path.startsWith(`${spelling}/`)) {
      path = join(root, path.slice(spelling.length + 1));
      break;
    }
  }
  if (path.includes('$')) return undefined;
  // A bare word (`notify-send`) is a command on PATH, not a file here.
  if (!path.includes('/')) return undefined;
  return isAbsolute(path) ? path : join(root, path);
}

/** Handlers whose script cannot run: it does not exist, or the command starts it directly and it is not executable. */
export type BrokenHandler = RegisteredHandler & { script: string; problem: 'missing' | 'not executable' };

export function handlersWithBrokenScripts(root: string, handlers = registeredHandlers(root)): BrokenHandler[] {
  return handlers.flatMap((handler): BrokenHandler[] => {
    const script = scriptOf(handler.command, root);
    if (script === undefined) return [];
    if (!existsSync(script)) return [{ ...handler, script, problem: 'missing' }];
    const direct = !INTERPRETERS.has(words(handler.command)?.[0] ?? '');
    return direct && !isExecutable(script) ? [{ ...handler, script, problem: 'not executable' }] : [];
  });
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
