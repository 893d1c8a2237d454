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
import type { HookCommand } from '../hooks.js';

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

export interface RecordedHandler {
  event: string;
  matcher?: string;
  command: string;
}

/** Registration file → the handlers ralph-hooks wrote in it. */
export type Registrations = Record<string, RecordedHandler[]>;

export interface Ownership {
  /** From the manifest; undefined when it predates the record. */
  recorded?: Registrations;
  /** Every script ralph-hooks generated here (manifest and this run): the fallback's evidence. */
  scripts: string[];
}

/** Is this handler ours? Each call that answers yes uses up one record. */
export type Claim = (event: string, matcher: string | undefined, command: string) => boolean;

export const NOTHING_OWNED: Ownership = { recorded: {}, scripts: [] };

export function recordOf(command: Pick<HookCommand, 'event' | 'matcher' | 'command'>): RecordedHandler {
  return command.matcher === undefined ? { event: command.event, command: command.command } : { event: command.event, matcher: command.matcher, command: command.command };
}

/** A claim for one file; `commands` are the ones registered there now (the fallback compares with them). */
export function claimIn(ownership: Ownership, file: string, commandRoot: string, commands: readonly Pick<HookCommand, 'script' | 'event' | 'matcher'>[]): Claim {
  const same = (a: string | undefined, b: string | undefined) => (a ?? '') === (b ?? '');
  if (ownership.recorded) {
    const unclaimed = [...(ownership.recorded[file] ?? [])];
    return (event, matcher, command) => {
      const index = unclaimed.findIndex((r) => r.event === event && same(r.matcher, matcher) && r.command === command.trim());
      if (index === -1) return false;
      unclaimed.splice(index, 1);
      return true;
    };
  }
  return (event, matcher, command) =>
    ownership.scripts.some((script) => {
      if (!isOurCommand(command, script, commandRoot)) return false;
      const current = commands.filter((c) => c.script === script);
      return current.length === 0 || current.some((c) => c.event === event && same(c.matcher, matcher));
    });
}
