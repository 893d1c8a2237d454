/**
 * Fuzzing the registration merge: hook files full of the user's own handlers, many of them
 * running our scripts with our exact command text (under other events, other matchers, beside
 * ours in our own groups), for every target. Whatever they hold, the merge owns exactly the
 * handlers the manifest records: a second generate changes nothing, removing our hooks gives
 * back the user's file as it was, and no foreign handler is ever removed or rewritten.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks, type HookCommand } from '../../src/generate/render-hooks.js';
import { mergeHookSettings } from '../../src/registration/claude-settings.js';
import { forgeflareRecords, mergeForgeflareHooks } from '../../src/registration/forgeflare-toml.js';
import { recordOf, type Ownership, type Registrations } from '../../src/registration/ownership.js';
import { MANIFEST_FILE, readManifest } from '../../src/generate/manifest.js';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TARGETS } from '../../src/targets/index.js';
import type { Target } from '../../src/targets/types.js';
import { tempDir } from '../helpers/temp.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300) / 4;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const counts: string[] = [];

afterAll(() => {
  console.log(`\nfuzz registration (seed ${SEED}):\n${counts.join('\n')}`);
  rmSync(manifestRoot, { recursive: true, force: true });
});

/** The records as the next run sees them: written into a manifest and read back. */
const manifestRoot = tempDir('rh-fuzz-manifest-');
function throughManifest(registrations: Registrations): Registrations {
  mkdirSync(join(manifestRoot, '.ralph-hooks'), { recursive: true });
  writeFileSync(join(manifestRoot, MANIFEST_FILE), JSON.stringify({ generator: 'fuzz', files: {}, registrations }));
  return readManifest(manifestRoot)!.registrations!;
}

function ourCommands(target: Target): HookCommand[] {
  const hooks = [{ kind: 'guard', preset: 'guard' }, { kind: 'stop-watcher', preset: 'specum' }, { kind: 'convergence', preset: 'convergence' }];
  return renderHooks(validateConfig({ target: target.id, hooks })).commands;
}

/** A handler the user wrote: often our exact command text, under any event and matcher. */
function foreignHandler(commands: HookCommand[]) {
  const texts = commands.map((c) => c.command);
  const scripts = commands.map((c) => c.script);
  const events = [...new Set([...commands.map((c) => c.event), 'PostToolUse', 'SessionStart', 'Notification'])];
  const matchers = [...new Set(commands.map((c) => c.matcher).filter((m): m is string => m !== undefined)), 'Edit', '*', 'Bash|Edit'];
  return fc.record({
    event: fc.constantFrom(...events),
    matcher: fc.option(fc.oneof(fc.constantFrom(...matchers), fc.string({ maxLength: 8 })), { nil: undefined }),
    command: fc.oneof(fc.constantFrom(...texts), fc.constantFrom(...scripts.map((s) => `bash ${s}`)), fc.constantFrom(...texts.map((t) => `${t} --verbose`)), fc.string({ minLength: 1, maxLength: 20 })),
    timeout: fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }),
  });
}

type Foreign = { event: string; matcher?: string; command: string; timeout?: number };

function settingsOf(handlers: Foreign[]): Record<string, unknown> {
  const hooks: Record<string, unknown[]> = {};
  for (const h of handlers) {
    const handler = { type: 'command', command: h.command, ...(h.timeout === undefined ? {} : { timeout: h.timeout }) };
    (hooks[h.event] ??= []).push(h.matcher === undefined ? { hooks: [handler] } : { matcher: h.matcher, hooks: [handler] });
  }
  return { model: 'opus', hooks };
}

describe('fuzz: the registration merge never takes a foreign handler', () => {
  const jsonTargets = (Object.values(TARGETS) as Target[]).filter((t) => t.registration === 'claude-settings');

  it.each(jsonTargets.map((t) => [t.id, t] as const))('%s', (_id, target) => {
    const commands = ourCommands(target);
    const scripts = commands.map((c) => c.script);
    const file = target.registrationFile;
    let runs = 0;
    fc.assert(
      fc.property(fc.array(foreignHandler(commands), { maxLength: 12 }), fc.array(foreignHandler(commands), { maxLength: 3 }), (before, joining) => {
        runs++;
        const user = settingsOf(before);
        // First generate in a project with a manifest: nothing recorded yet, so nothing is ours.
        const first = mergeHookSettings(user, commands, { recorded: {}, scripts }, file, target.commandRoot);
        const owned: Ownership = { recorded: throughManifest({ [file]: commands.map(recordOf) }), scripts };
        expect(mergeHookSettings(first, commands, owned, file, target.commandRoot)).toEqual(first);
        // The user adds handlers, some into the groups ralph-hooks created.
        const edited = structuredClone(first) as { hooks: Record<string, { matcher?: string; hooks: unknown[] }[]> };
        for (const h of joining) {
          const group = edited.hooks[h.event]?.at(-1);
          const handler = { type: 'command', command: h.command };
          if (group) group.hooks.push(handler);
          else (edited.hooks[h.event] ??= []).push({ hooks: [handler] });
        }
        const removed = mergeHookSettings(edited, [], owned, file, target.commandRoot) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
        const handlersIn = (settings: { hooks: Record<string, { hooks: { command: string }[] }[]> }) =>
          Object.entries(settings.hooks).flatMap(([event, groups]) => groups.flatMap((g) => g.hooks.map((h) => `${event} ${JSON.stringify(h)}`)));
        const expected = [...handlersIn(user as never), ...joining.map((h) => `${h.event} ${JSON.stringify({ type: 'command', command: h.command })}`)];
        expect(handlersIn(removed).sort()).toEqual(expected.sort());
        // Without the joined handlers, removal gives back the user's file exactly.
        if (joining.length === 0) expect(removed).toEqual(user);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    counts.push(`fuzz registration ${target.id.padEnd(16)} ${String(runs).padStart(5)} hook files, 0 foreign handlers taken`);
    expect(runs).toBe(RUNS);
  });

  it('forgeflare', () => {
    const target = TARGETS.forgeflare as Target;
    const commands = ourCommands(target).filter((c) => ['PreToolUse', 'PostToolUse', 'Stop'].includes(c.event));
    const scripts = commands.map((c) => c.script);
    const file = target.registrationFile;
    const toml = (handlers: Foreign[]) =>
      `hooks = []\n${handlers.map((h) => `\n[[hooks]]\nevent = ${JSON.stringify(h.event)}\n${h.matcher ? `match_tool = ${JSON.stringify(h.matcher)}\n` : ''}command = ${JSON.stringify(h.command)}\n`).join('')}`;
    const simpleMatcher = fc.option(fc.constantFrom('Bash', 'Edit', 'Write'), { nil: undefined });
    const entry = fc.record({
      event: fc.constantFrom('PreToolUse', 'PostToolUse', 'Stop'),
      matcher: simpleMatcher,
      command: fc.oneof(fc.constantFrom(...commands.map((c) => c.command)), fc.constantFrom(...scripts.map((s) => `bash ${s} -x`)), fc.stringMatching(/^[a-z ./-]{1,16}$/)),
    });
    let runs = 0;
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 10 }), (before) => {
        runs++;
        const user = toml(before);
        const first = mergeForgeflareHooks(user, commands, { recorded: {}, scripts }, file, '');
        const owned: Ownership = { recorded: throughManifest({ [file]: forgeflareRecords(commands) }), scripts };
        expect(mergeForgeflareHooks(first, commands, owned, file, '')).toBe(first);
        const removed = mergeForgeflareHooks(first, [], owned, file, '');
        // Every entry the user wrote is there, byte for byte, in its order.
        let at = 0;
        for (const block of user.split('\n[[hooks]]\n').slice(1)) {
          const found = removed.indexOf(`[[hooks]]\n${block}`, at);
          expect(found, block).toBeGreaterThanOrEqual(0);
          at = found;
        }
        expect(removed.match(/^\[\[hooks\]\]$/gm)?.length ?? 0).toBe(before.length);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    counts.push(`fuzz registration ${'forgeflare'.padEnd(16)} ${String(runs).padStart(5)} hook files, 0 foreign entries taken`);
  });
});
