/**
 * Registering hooks in .claude/settings.json or a plugin's hooks/hooks.json.
 *
 * The file belongs to the user: every other key, and every hook that is not ours,
 * stays where it is. Our handlers (the ones the manifest records: registration/ownership.ts)
 * are replaced in place, and appended only when new, so a second run changes nothing.
 */
import type { HookCommand } from '../hook-types.js';
import { CliError } from '../util/errors.js';
import { isJsonObject } from '../util/json-text.js';
import { isOurCommand, ownedAmong, type Candidate, type Ownership } from './ownership.js';

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

/**
 * Merge our hook commands into a parsed settings object. `ownership` says which handlers are
 * ours (registration/ownership.ts): those are replaced in place or, when no longer generated,
 * removed; every other handler stays as it is. Returns a new object.
 */
export function mergeHookSettings(settings: unknown, commands: HookCommand[], ownership: Ownership, file: string, commandRoot: string): Record<string, unknown> {
  if (settings === undefined) settings = {};
  if (!isJsonObject(settings)) throw new CliError(`${file}: the top level must be a JSON object; ralph-hooks left the file untouched.`);
  const result = structuredClone(settings) as Record<string, unknown>;
  if (result.hooks !== undefined && !isJsonObject(result.hooks)) {
    throw new CliError(`${file}: "hooks" must be an object keyed by event name; ralph-hooks left the file untouched.`);
  }
  const hooks = (result.hooks ?? {}) as HooksByEvent;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) throw new CliError(`${file}: hooks.${event} must be an array of matcher groups; ralph-hooks left the file untouched.`);
  }
  const ours = ownedAmong(ownership, file, commandRoot, commands, candidatesIn(hooks));
  const pending = [...commands];

  for (const [event, groups] of Object.entries(hooks)) {
    hooks[event] = groups.flatMap((group) => replaceOurHandlers(event, group, ours, pending, commandRoot));
    if (hooks[event].length === 0 && groups.length > 0) delete hooks[event];
  }
  for (const command of pending) {
    (hooks[command.event] ??= []).push(groupFor(command));
  }
  if (Object.keys(hooks).length > 0 || result.hooks !== undefined) result.hooks = hooks;
  return result;
}

/**
 * Every command handler of a settings file's `hooks` object, in order, with its event, its
 * group's matcher, and the keys ownership is decided on (groups of the wrong shape are skipped).
 */
export function candidatesIn(hooks: Record<string, unknown>): Candidate<Handler>[] {
  const candidates: Candidate<Handler>[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups as MatcherGroup[]) {
      if (!isJsonObject(group) || !Array.isArray(group.hooks)) continue;
      const matcher = typeof group.matcher === 'string' ? group.matcher : undefined;
      for (const handler of group.hooks as Handler[]) {
        if (!isJsonObject(handler) || typeof handler.command !== 'string') continue;
        const timeout = typeof handler.timeout === 'number' ? handler.timeout : undefined;
        const onFailure = typeof handler.onFailure === 'string' ? handler.onFailure : undefined;
        candidates.push({ ref: handler, event, command: handler.command, ...(matcher === undefined ? {} : { matcher }), ...(timeout === undefined ? {} : { timeout }), ...(onFailure === undefined ? {} : { onFailure }) });
      }
    }
  }
  return candidates;
}

/** Replace our handlers in one group; drop the group only if we emptied it. */
function replaceOurHandlers(event: string, group: MatcherGroup, ours: Set<Handler>, pending: HookCommand[], commandRoot: string): MatcherGroup[] {
  if (!isJsonObject(group) || !Array.isArray(group.hooks)) return [group];
  const matcher = typeof group.matcher === 'string' ? group.matcher : undefined;
  let touched = false;
  const handlers = group.hooks.flatMap((handler) => {
    if (!ours.has(handler)) return [handler];
    touched = true;
    const command = handler.command as string;
    const index = pending.findIndex((c) => c.event === event && (c.matcher ?? '') === (matcher ?? '') && isOurCommand(command, c.script, commandRoot));
    if (index === -1) return [];
    const [replacement] = pending.splice(index, 1);
    return [handlerFor(replacement, handler)];
  });
  if (touched && handlers.length === 0) return [];
  return [{ ...group, hooks: handlers }];
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
