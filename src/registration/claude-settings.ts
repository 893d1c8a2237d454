/**
 * Registering hooks in .claude/settings.json or a plugin's hooks/hooks.json.
 *
 * The file belongs to the user: every other key, and every hook that is not ours,
 * stays where it is. Our handlers are recognised by the script they run, replaced
 * in place, and appended only when new, so a second run changes nothing.
 */
import type { HookCommand } from '../hooks.js';
import { CliError } from '../errors.js';
import { isJsonObject } from '../json-text.js';

interface Handler {
  type?: string;
  command?: string;
  timeout?: number;
  [key: string]: unknown;
}
interface MatcherGroup {
  matcher?: string;
  hooks?: Handler[];
  [key: string]: unknown;
}
type HooksByEvent = Record<string, MatcherGroup[]>;

/** Ends a guard's command where the agent ignores onFailure: a guard that cannot run denies (exit 2). */
export const FAIL_CLOSED_SUFFIX = ' || exit 2';
/** Ends another hook's command where the agent blocks on a hook that cannot run: it passes (exit 0). */
export const FAIL_OPEN_SUFFIX = ' || exit 0';

/**
 * Merge our hook commands into a parsed settings object. `ownedScripts` lists every
 * script we have ever generated here (current and previous manifest), so handlers of
 * hooks removed from the config are removed too. Returns a new object.
 */
export function mergeHookSettings(settings: unknown, commands: HookCommand[], ownedScripts: Iterable<string>, file: string, commandRoot: string): Record<string, unknown> {
  if (settings === undefined) settings = {};
  if (!isJsonObject(settings)) throw new CliError(`${file}: the top level must be a JSON object; ralph-hooks left the file untouched.`);
  const result = structuredClone(settings) as Record<string, unknown>;
  if (result.hooks !== undefined && !isJsonObject(result.hooks)) {
    throw new CliError(`${file}: "hooks" must be an object keyed by event name; ralph-hooks left the file untouched.`);
  }
  const hooks = (result.hooks ?? {}) as HooksByEvent;
  const owned = [...new Set([...ownedScripts, ...commands.map((c) => c.script)])];
  const pending = [...commands];

  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) throw new CliError(`${file}: hooks.${event} must be an array of matcher groups; ralph-hooks left the file untouched.`);
    hooks[event] = groups.flatMap((group) => replaceOurHandlers(event, group, owned, pending, commandRoot));
    if (hooks[event].length === 0 && groups.length > 0) delete hooks[event];
  }
  for (const command of pending) {
    (hooks[command.event] ??= []).push(groupFor(command));
  }
  if (Object.keys(hooks).length > 0 || result.hooks !== undefined) result.hooks = hooks;
  return result;
}

/** Replace our handlers in one group; drop the group only if we emptied it. */
function replaceOurHandlers(event: string, group: MatcherGroup, owned: string[], pending: HookCommand[], commandRoot: string): MatcherGroup[] {
  if (!isJsonObject(group) || !Array.isArray(group.hooks)) return [group];
  let touched = false;
  const handlers = group.hooks.flatMap((handler) => {
    const script = ownedScriptOf(handler, owned, commandRoot);
    if (!script) return [handler];
    touched = true;
    const index = pending.findIndex((c) => c.event === event && c.script === script && (c.matcher ?? '') === (group.matcher ?? ''));
    if (index === -1) return [];
    const [command] = pending.splice(index, 1);
    return [handlerFor(command, handler)];
  });
  if (touched && handlers.length === 0) return [];
  return [{ ...group, hooks: handlers }];
}

function ownedScriptOf(handler: Handler, owned: string[], commandRoot: string): string | undefined {
  if (!isJsonObject(handler) || typeof handler.command !== 'string') return undefined;
  const command = handler.command;
  return owned.find((script) => isOurCommand(command, script, commandRoot));
}

/**
 * Exactly the command ralph-hooks writes for `script` (`bash <root>script`, `node <root>script`,
 * or the script alone, each maybe ending in ` || exit 2` or ` || exit 0`), give or take surrounding blanks: a
 * command that merely mentions the script (a wrapper, extra arguments) belongs to the user.
 */
export function isOurCommand(command: string, script: string, commandRoot: string): boolean {
  const text = command.trim();
  const roots = new Set([commandRoot, '']);
  for (const root of roots) {
    for (const interpreter of ['bash ', 'node ', '']) {
      const ours = `${interpreter}${root}${script}`;
      if (text === ours || text === `${ours}${FAIL_CLOSED_SUFFIX}` || text === `${ours}${FAIL_OPEN_SUFFIX}`) return true;
    }
  }
  return false;
}

function groupFor(command: HookCommand): MatcherGroup {
  return command.matcher === undefined ? { hooks: [handlerFor(command)] } : { matcher: command.matcher, hooks: [handlerFor(command)] };
}

/** Our handler; keys the user added to it by hand (statusMessage, say) are kept. */
function handlerFor(command: HookCommand, previous: Handler = {}): Handler {
  const { timeout: _oldTimeout, ...kept } = previous;
  const handler: Handler = { ...kept, type: 'command', command: command.command };
  if (command.timeout !== undefined) handler.timeout = command.timeout;
  if (command.onFailure !== undefined) handler.onFailure = command.onFailure;
  return handler;
}
