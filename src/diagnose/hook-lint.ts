/**
 * Findings about the hooks an agent will run, over every source it reads (explain.ts): shared
 * by `explain` and `doctor`. Each finding names the file and line of the handler it is about.
 *
 * RH14 a script that is missing or cannot be started, RH15 one of our guards registered to
 * fail open, RH16 a matcher that never matches the agent's tool names, RH17 two Stop hooks
 * that can both block a stop, RH24 a hook under an event the agent does not fire, or with a
 * matcher the agent ignores.
 */
import type { RalphHooksConfig } from '../config/schema.js';
import type { Finding } from './doctor.js';
import type { ExplainedHook } from './explain.js';
import { agentEventName } from './explain.js';
import { agentEvents, findAgentEvent, findHookEvent, firedAs } from '../hook-events.js';
import { didYouMean } from '../util/did-you-mean.js';
import { renderHooks, type HookCommand } from '../generate/render-hooks.js';
import { handlersWithBrokenScripts } from './handler-scripts.js';
import { FAIL_CLOSED_SUFFIX, isOurCommand } from '../registration/ownership.js';
import type { Target } from '../targets/types.js';
import { BLOCKING_STOP_WATCHERS } from './warnings.js';
import { rhCommand } from '../package-managers/project.js';

const at = (hook: ExplainedHook) => ({ file: hook.file, line: hook.line });
const where = (hook: ExplainedHook) => `${hook.file}:${hook.line}${hook.plugin ? ` (plugin ${hook.plugin})` : ''}`;

export function lintHooks(hooks: ExplainedHook[], target: Target, config: RalphHooksConfig | undefined, root: string): Finding[] {
  const ours = ourCommands(config);
  return [...brokenScripts(hooks, root), ...failOpenGuards(hooks, target, ours), ...deadMatchers(hooks, target), ...competingStopControllers(hooks, target, ours), ...eventMistakes(hooks, target)];
}

/**
 * RH24: a hook under an event the agent does not fire (a typo, another agent's name for it),
 * which never runs; or a matcher on an event whose matcher the agent ignores, so the hook runs
 * for everything. Warnings: a newer client may have an event the table does not know yet.
 */
function eventMistakes(hooks: ExplainedHook[], target: Target): Finding[] {
  const warn = (hook: ExplainedHook, message: string, fix: string): Finding => ({ code: 'RH24', ok: true, warning: true, ...at(hook), message: `${where(hook)}: ${message}`, fix });
  return hooks.flatMap((hook) => {
    const event = firedAs(target.agent, hook.event);
    if (event === undefined) {
      const spec = findHookEvent(hook.event);
      const theirs = spec && findAgentEvent(target.agent, spec.name);
      if (theirs) return [warn(hook, `${target.agentName} calls the ${hook.event} event ${theirs.name}: this hook never runs.`, `Register it under ${theirs.name}.`)];
      const known = agentEvents(target.agent).map((e) => e.name);
      const why = spec ? `${hook.event} is not an event of ${target.agentName}` : `${target.agentName} has no event ${hook.event}`;
      return [warn(hook, `${why}: this hook never runs.`, `${didYouMean(hook.event, known)} ${target.agentName}'s events: ${known.join(', ')}.`.trim())];
    }
    const matcher = hook.matcher?.trim() ?? '';
    if (event.spec.matcher === 'none' && matcher !== '' && matcher !== '*') {
      return [warn(hook, `${target.agentName} ignores the matcher "${matcher}" on ${hook.event}: this hook runs every time.`, `Remove the matcher, or make the script itself check what it should skip.`)];
    }
    return [];
  });
}

/** RH14: the handler's script is not there, or is started directly and is not executable. */
function brokenScripts(hooks: ExplainedHook[], root: string): Finding[] {
  return hooks.flatMap((hook) => {
    if (hook.command === undefined || hook.duplicateOf !== undefined) return [];
    const [broken] = handlersWithBrokenScripts(hook.base, [{ file: hook.file, event: hook.event, command: hook.command }]);
    if (!broken) return [];
    const script = broken.script.startsWith(`${root}/`) ? broken.script.slice(root.length + 1) : broken.script;
    return broken.problem === 'missing'
      ? [{ code: 'RH14', ok: false, ...at(hook), message: `${where(hook)}: the ${hook.event} hook \`${hook.command}\` runs ${script}, which does not exist: the agent reports an error (or blocks) every time it runs.`, fix: `Remove that hook from ${hook.file}, or put the script back.` }]
      : [{ code: 'RH14', ok: false, ...at(hook), message: `${where(hook)}: the ${hook.event} hook \`${hook.command}\` starts ${script} directly, and it is not executable.`, fix: `chmod +x ${script}   (or start it with its interpreter: bash ${script})` }];
  });
}

/** One of our commands, with the config hook it comes from. */
interface OurCommand {
  name: string;
  preset: string;
  command: HookCommand;
}

/** Our commands, each with the config hook it comes from: rendered once per lint. */
function ourCommands(config: RalphHooksConfig | undefined): OurCommand[] {
  if (!config) return [];
  return config.hooks.flatMap((entry) => renderHooks({ ...config, hooks: [entry] }).commands.map((command) => ({ name: entry.name, preset: entry.preset, command })));
}

function ourCommandFor(hook: ExplainedHook, target: Target, ours: OurCommand[]): OurCommand | undefined {
  if (!hook.ours || hook.command === undefined) return undefined;
  return ours.find(({ command }) => command.event === hook.event && isOurCommand(hook.command!.replace(FAIL_CLOSED_SUFFIX, ''), command.script, target.commandRoot));
}

/** RH15: one of our guards whose handler lost what keeps it closed when it cannot run. */
function failOpenGuards(hooks: ExplainedHook[], target: Target, commands: OurCommand[]): Finding[] {
  return hooks.flatMap((hook) => {
    const ours = ourCommandFor(hook, target, commands)?.command;
    if (!ours) return [];
    const lostOnFailure = ours.onFailure === 'block' && hook.onFailure !== 'block';
    const lostExit2 = ours.command.endsWith(FAIL_CLOSED_SUFFIX) && !hook.command!.trim().endsWith(FAIL_CLOSED_SUFFIX);
    if (!lostOnFailure && !lostExit2) return [];
    const missing = lostOnFailure ? '"onFailure": "block"' : `the final \`${FAIL_CLOSED_SUFFIX.trim()}\``;
    return [{ code: 'RH15', ok: false, ...at(hook), message: `${where(hook)}: the guard ${ours.script} has no ${missing}: when it cannot run (missing, crashed, timed out) ${target.agentName} lets the call through.`, fix: `Put ${missing} back in that hook, or run: ${rhCommand('generate')}` }];
  });
}

/**
 * The words of a tool matcher that name a tool by Claude Code's name where the agent calls it
 * otherwise (Bash under Gemini CLI is run_shell_command): those parts never match. An agent
 * that also matches Claude Code's names (Qwen Code) has none. Shared by explain's lint and doctor.
 */
export function deadMatcherWords(target: Target, event: string, matcher: string | undefined): { word: string; agentName: string }[] {
  if (matcher === undefined || target.input.matchesClaudeToolNames) return [];
  const agentNames = target.input.toolNames ?? {};
  if (findAgentEvent(target.agent, event)?.spec.matcher !== 'tool') return [];
  const byClaudeName = new Map(Object.entries(agentNames).map(([agent, claude]) => [claude, agent]));
  return matcher.split('|').flatMap((word) => {
    const agentName = byClaudeName.get(word);
    return agentName === undefined || agentName === word || word in agentNames ? [] : [{ word, agentName }];
  });
}

/** The one line and fix of RH16, for a dead word of a matcher in `file`. */
export function deadMatcherFinding(file: string, event: string, matcher: string, dead: { word: string; agentName: string }, target: Target): { message: string; fix: string } {
  return {
    message: `${file}: the ${event} matcher "${matcher}" names ${dead.word}, which ${target.agentName} calls ${dead.agentName}: that part never matches.`,
    fix: `Write ${dead.agentName} instead of ${dead.word} in that matcher.`,
  };
}

/** RH16 over every source's hooks. */
function deadMatchers(hooks: ExplainedHook[], target: Target): Finding[] {
  return hooks.flatMap((hook) =>
    deadMatcherWords(target, hook.event, hook.matcher).map((dead) => {
      const { message, fix } = deadMatcherFinding(where(hook), hook.event, hook.matcher!, dead, target);
      return { code: 'RH16', ok: false, ...at(hook), message, fix };
    }),
  );
}

/**
 * RH17: our blocking stop-watcher and another Stop hook (a user-level one, a plugin's such as
 * the official ralph-loop, another of ours): the agent runs them side by side and whichever
 * blocks keeps it going, so two loops fight over one session. Any hook ralph-hooks did not
 * write is taken as able to block: nothing outside the script says otherwise.
 */
function competingStopControllers(hooks: ExplainedHook[], target: Target, commands: OurCommand[]): Finding[] {
  const stop = agentEventName(target, 'Stop');
  const controllers = hooks.filter((hook) => hook.event === stop && hook.duplicateOf === undefined && canBlock(hook, target, commands));
  const ours = controllers.filter((hook) => hook.ours);
  const others = controllers.filter((hook) => !hook.ours);
  // Two of our own stop-watchers are RH13's (the config says so before any file exists).
  if (ours.length === 0 || others.length === 0) return [];
  const describe = (hook: ExplainedHook) =>
    `${hook.ours ? `our ${ourCommandFor(hook, target, commands)?.name ?? 'stop-watcher'}` : hook.plugin ? `plugin ${hook.plugin}` : `a ${hook.source}-level hook`}${judgedByModel(hook) ? `, a /goal-style condition a model judges (type "${hook.type}")` : ''} (${where(hook)})`;
  // A condition a model judges on every stop is a loop controller of its own, like /goal.
  const other = others.find(judgedByModel) ?? others[0]!;
  return [{
    code: 'RH17',
    ok: true,
    warning: true,
    ...at(other),
    message: `${controllers.length} Stop hooks can block a stop: ${controllers.map(describe).join(', ')}. ${target.agentName} runs them side by side, so whichever blocks keeps the agent going, and two loops fight over one session.`,
    fix: judgedByModel(other)
      ? `Keep one controller: remove that ${other.type} hook from ${other.file} (Claude Code's /goal sets such a condition for one session, and our stop-watchers step aside while it is open), or make ours the passive observer (preset "passive").`
      : other.plugin
      ? `Keep one loop: disable plugin ${other.plugin} here (enabledPlugins: false in .claude/settings.json), or remove our stop-watcher (${rhCommand(`remove ${ourCommandFor(ours[0]!, target, commands)?.name ?? 'stop-watcher'}`)}).`
      : `Keep one loop: remove that hook from ${other.file}, or make ours the passive observer (preset "passive").`,
  }];
}

/** A prompt or agent Stop hook: a model judges a condition on every stop (what /goal registers for a session). */
const judgedByModel = (hook: ExplainedHook) => hook.type === 'prompt' || hook.type === 'agent';

function canBlock(hook: ExplainedHook, target: Target, commands: OurCommand[]): boolean {
  if (!hook.ours) return true;
  const ours = ourCommandFor(hook, target, commands);
  return ours !== undefined && BLOCKING_STOP_WATCHERS.has(ours.preset);
}
