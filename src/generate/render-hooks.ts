/**
 * From a validated config to the files and registrations it stands for. Pure: no disk
 * access beyond reading templates, so plans can be diffed before anything is written.
 */
import { renderingFor } from '../package-managers/project.js';
import { posix } from 'node:path';
import type { HookEntry, RalphHooksConfig } from '../config/schema.js';
import { TARGETS } from '../targets/index.js';
import { packageVersion } from '../util/package-info.js';
import { PRESETS } from '../presets/index.js';
import type { HookCommand, HookEvent } from '../hook-types.js';
import type { Preset, Registration } from '../presets/types.js';
import { renderTemplate } from './render.js';
import { CliError } from '../util/errors.js';
import { findAgentEvent } from '../hook-events.js';
import { FAIL_CLOSED_SUFFIX, FAIL_OPEN_SUFFIX } from '../registration/ownership.js';
import type { Target } from '../targets/types.js';
import { renderExtras, type ExtraHook } from './extras.js';
import { loopRecordContext } from '../loop-record/budgets.js';

export interface GeneratedFile {
  /** Relative to the project root, with forward slashes. */
  path: string;
  content: string;
  executable: boolean;
  /** The config entry (hooks[].name) that produced it. */
  hook?: string;
  /** When another hook generates the same path: what to change (default: a hook's name). */
  clashFix?: string;
}

export type { HookCommand } from '../hook-types.js';

export interface RenderedHooks {
  files: GeneratedFile[];
  commands: HookCommand[];
}

/** `presets`: the catalog the entries' presets come from (a test may bring a guard with a rule of its own). */
export function renderHooks(config: RalphHooksConfig, presets: readonly Preset<any>[] = PRESETS): RenderedHooks {
  renderingFor(config.extras.packageJson);
  const target: Target = TARGETS[config.target];
  const files: GeneratedFile[] = [];
  const commands: HookCommand[] = [];
  const extraHooks: ExtraHook[] = [];
  for (const entry of config.hooks) {
    const preset = presetOf(entry, presets);
    const hookContext = {
      version: packageVersion(),
      preset: preset.id,
      kind: preset.kind,
      name: entry.name,
      target: config.target,
      contract: target.contract,
      agent: target.agent,
      agentName: target.agentName,
      // The agent's tool names that differ from Claude Code's: the guard reads calls under Claude Code's.
      toolAliases: Object.entries(target.input.toolNames ?? {}).map(([agent, claude]) => ({ agent, claude })),
      hooksDir: target.hooksDir,
      commandRoot: target.commandRoot,
      options: entry.options,
      // The loop record (docs/reports.md): budgets, prices and onLoopEnd, for the stop-watchers.
      loopRecord: loopRecordContext(entry.options as never, config),
      ...preset.context?.(entry, target),
    };
    for (const file of preset.files(entry, target)) {
      const dir = file.fromRoot ? '' : file.inCommandsDir ? target.commandsDir : target.hooksDir;
      if (dir === null) continue; // the agent reads no project slash commands
      const path = posix.join(dir, file.path);
      const context = { ...hookContext, ...file.context, file: posix.basename(path) };
      files.push({ path, content: renderTemplate(file.template, context, file.partials), executable: file.executable, hook: entry.name, ...(file.clashFix ? { clashFix: file.clashFix } : {}) });
    }
    const [main] = preset.registrations(entry, target);
    // The extras (tests, cases) exercise the script of the hook's first registration.
    if (main) extraHooks.push({ context: hookContext, script: posix.join(target.hooksDir, main.script), interpreter: main.interpreter ?? 'bash' });
    for (const registration of preset.registrations(entry, target)) {
      const event = agentEvent(target, registration, entry.name);
      if (event === undefined) continue;
      const script = posix.join(target.hooksDir, registration.script);
      const exit2 = registration.onFailure === 'block' && target.guardFailure === 'exit-2';
      const suffix = exit2 ? FAIL_CLOSED_SUFFIX : registration.onFailure !== 'block' && target.hookFailure === 'exit-0' ? FAIL_OPEN_SUFFIX : '';
      commands.push({
        event,
        matcher: agentMatcher(target, registration.matcher),
        // `bash` in front: a lost executable bit (a zip download, a Windows checkout) must not disable a hook.
        command: `${registration.interpreter ?? 'bash'} ${target.commandRoot}${script}${suffix}`,
        timeout: registration.timeout === undefined || target.timeoutUnit !== 'ms' ? registration.timeout : registration.timeout * 1000,
        script,
        ...(registration.phase ? { phase: registration.phase } : {}),
        ...(registration.onFailure && !exit2 ? { onFailure: registration.onFailure } : {}),
      });
    }
  }
  files.push(...renderExtras(config, extraHooks));
  files.push({ path: STATE_GITIGNORE, content: STATE_GITIGNORE_TEXT, executable: false });
  return { files, commands };
}

/** The hooks' logs and runtime state stay out of git; the manifest is committed. */
export const STATE_GITIGNORE = '.ralph-hooks/.gitignore';
const STATE_GITIGNORE_TEXT = [
  '# Written by ralph-hooks. The hooks write their logs and runtime state here, the hook tests',
  '# their reports: not for git. Commit manifest.json: it tells a hand edit from a stale file.',
  'logs/',
  'state/',
  'reports/',
  'before-init/',
  '',
].join('\n');

/**
 * The agent's name for a registration's event; undefined for an optional event the agent
 * lacks (per the target's map, else the events table). A needed event the agent lacks is
 * refused in one line that names it.
 */
export function agentEvent(target: Target, registration: Registration, hookName: string): string | undefined {
  if (!target.events) return registration.optional && !findAgentEvent(target.agent, registration.event) ? undefined : registration.event;
  const event = target.events[registration.event];
  if (event !== undefined || registration.optional) return event;
  throw new CliError(
    `${target.agentName} has no ${registration.event} event, which hook '${hookName}' needs: choose another preset for ${target.agentName}, or another target (see docs/agents.md).`,
  );
}

/** A matcher written with Claude Code's tool names, in the agent's names ('*' stays: every tool). */
export function agentMatcher(target: Target, matcher: string | undefined): string | undefined {
  const names = target.input.toolNames;
  if (matcher === undefined || matcher === '*' || !names) return matcher;
  const theirs = (claudeName: string) => {
    const aliases = Object.entries(names).filter(([, claude]) => claude === claudeName).map(([agent]) => agent);
    return aliases.length ? aliases : [claudeName];
  };
  return [...new Set(matcher.split('|').flatMap(theirs))].join('|');
}

function presetOf(entry: HookEntry, presets: readonly Preset<any>[]) {
  const preset = presets.find((candidate) => candidate.id === entry.preset);
  if (!preset) throw new Error(`unknown preset '${entry.preset}'`); // unreachable after validation
  return preset;
}
