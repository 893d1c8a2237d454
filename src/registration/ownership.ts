/**
 * Which handlers in a registration file are ralph-hooks' to replace or remove.
 *
 * The manifest records every handler generate wrote, file by file (event, matcher, command).
 * A handler is ours only when it is one of those, each record claimed once: a handler the user
 * wrote stays theirs even when its command runs one of our scripts (under another event, with
 * another matcher, or a copy of ours).
 *
 * A manifest from before that record (or none at all) falls back to recognising our handlers
 * by their text: the exact command ralph-hooks writes for one of its scripts, under the event
 * and matcher it registers that script with today (any, for a script no longer generated).
 */
import type { HookCommand, Ownership, RecordedHandler } from '../hook-types.js';

/** Ends a guard's command where the agent ignores onFailure: a guard that cannot run denies (exit 2). */
export const FAIL_CLOSED_SUFFIX = ' || exit 2';
/** Ends another hook's command where the agent blocks on a hook that cannot run: it passes (exit 0). */
export const FAIL_OPEN_SUFFIX = ' || exit 0';

/**
 * Exactly the command ralph-hooks writes for `script` (`bash <root>script`, `node <root>script`,
 * or the script alone, each maybe ending in ` || exit 2` or ` || exit 0`), give or take surrounding
 * blanks: a command that merely mentions the script (a wrapper, extra arguments) belongs to the user.
 */
export function isOurCommand(command: string, script: string, commandRoot: string): boolean {
  const text = command.trim();
  for (const root of new Set([commandRoot, ''])) {
    for (const interpreter of ['bash ', 'node ', '']) {
      const ours = `${interpreter}${root}${script}`;
      if (text === ours || text === `${ours}${FAIL_CLOSED_SUFFIX}` || text === `${ours}${FAIL_OPEN_SUFFIX}`) return true;
    }
  }
  return false;
}

export type { Ownership, RecordedHandler, Registrations } from '../hook-types.js';

/** A handler found in a registration file, with what ownership is decided on. */
export interface Candidate<T> extends RecordedHandler {
  ref: T;
}

/** A handler as the manifest records it: only these keys, the absent ones left out. */
export function recordOf(handler: RecordedHandler): RecordedHandler {
  const record: RecordedHandler = { event: handler.event, command: handler.command };
  if (handler.matcher !== undefined) record.matcher = handler.matcher;
  if (handler.timeout !== undefined) record.timeout = handler.timeout;
  if (handler.onFailure !== undefined) record.onFailure = handler.onFailure;
  return record;
}

const same = (a: string | undefined, b: string | undefined) => (a ?? '') === (b ?? '');
const sameHandler = (r: RecordedHandler, c: RecordedHandler) => r.event === c.event && same(r.matcher, c.matcher) && r.command === c.command.trim();
const sameExtras = (r: RecordedHandler, c: RecordedHandler) => r.timeout === c.timeout && r.onFailure === c.onFailure;

/**
 * Which of a file's handlers are ours. Each record claims one handler: first one equal to it in
 * every key ralph-hooks wrote, else one with the same event, matcher and command (its timeout
 * edited by hand); among equals the last, as ralph-hooks appends its own. `commands` are the
 * ones registered there now (the fallback for an older manifest compares with them).
 */
export function ownedAmong<T>(ownership: Ownership, file: string, commandRoot: string, commands: readonly Pick<HookCommand, 'script' | 'event' | 'matcher'>[], candidates: Candidate<T>[]): Set<T> {
  const owned = new Set<T>();
  if (!ownership.recorded) {
    for (const candidate of candidates) {
      const ours = ownership.scripts.some((script) => {
        if (!isOurCommand(candidate.command, script, commandRoot)) return false;
        const current = commands.filter((c) => c.script === script);
        return current.length === 0 || current.some((c) => c.event === candidate.event && same(c.matcher, candidate.matcher));
      });
      if (ours) owned.add(candidate.ref);
    }
    return owned;
  }
  const unclaimed: RecordedHandler[] = [];
  const free = [...candidates].reverse();
  for (const record of ownership.recorded[file] ?? []) {
    const index = free.findIndex((c) => sameHandler(record, c) && sameExtras(record, c));
    if (index === -1) unclaimed.push(record);
    else owned.add(free.splice(index, 1)[0]!.ref);
  }
  for (const record of unclaimed) {
    const index = free.findIndex((c) => sameHandler(record, c));
    if (index !== -1) owned.add(free.splice(index, 1)[0]!.ref);
  }
  return owned;
}
