/**
 * Every hook event the agents define, in one table: what its matcher is compared with, when it
 * fires, and which agents fire it, under which name, from which version. `explain`, the lint
 * (RH16, RH24), doctor (RH11) and the registration of optional events (hooks.ts) read it from
 * here. The table is derived: each target declares its agent's events in its own file
 * (Target.hookEvents; Claude Code's in src/targets/claude-code-events.ts, with where each list
 * was read), and an agent added as a target brings its events with it.
 */
import { TARGETS } from './targets/index.js';
import type { EventSupport, HookEventDeclaration, MatcherKind, Target } from './targets/types.js';

export type { EventSupport, MatcherKind } from './targets/types.js';
export { SKILL_SHELL_MIN_CLAUDE_CODE } from './targets/claude-code-events.js';

export interface HookEventSpec {
  /** Claude Code's name, or the agent's own for an event Claude Code does not have. */
  name: string;
  matcher: MatcherKind;
  /** For 'other': what the matcher is compared with. */
  matches?: string;
  /** One line: when it fires. */
  summary: string;
  /** Keyed by agent (a target's `agent`). */
  agents: Partial<Record<string, EventSupport>>;
}

/** Each agent's declared events: the first target of the agent, in the registry's order. */
function agentDeclarations(targets: Record<string, Target>): Map<string, readonly HookEventDeclaration[]> {
  const byAgent = new Map<string, readonly HookEventDeclaration[]>();
  for (const target of Object.values(targets)) if (!byAgent.has(target.agent)) byAgent.set(target.agent, target.hookEvents);
  return byAgent;
}

/**
 * The table from the targets' declarations: an event is defined (matcher, summary) by the
 * first agent that gives its definition, and every agent that names it adds its support. An
 * event named but defined by none, or defined twice differently, is a mistake in a target.
 */
export function eventTable(targets: Record<string, Target>): HookEventSpec[] {
  const declarations = agentDeclarations(targets);
  const rows = new Map<string, HookEventSpec>();
  for (const [agent, events] of declarations) {
    for (const { event, matcher, matches, summary } of events) {
      if (matcher === undefined && summary === undefined) continue;
      if (matcher === undefined || summary === undefined) throw new Error(`target of agent "${agent}": event ${event} gives ${matcher === undefined ? 'a summary but no matcher' : 'a matcher but no summary'}`);
      const existing = rows.get(event);
      if (existing && (existing.matcher !== matcher || existing.summary !== summary || existing.matches !== matches)) {
        throw new Error(`target of agent "${agent}": event ${event} is defined differently by another agent; name it only ({ event: '${event}' })`);
      }
      if (!existing) rows.set(event, { name: event, matcher, ...(matches !== undefined ? { matches } : {}), summary, agents: {} });
    }
  }
  for (const [agent, events] of declarations) {
    for (const { event, name, alsoNamed, since, seen } of events) {
      const row = rows.get(event);
      if (!row) throw new Error(`target of agent "${agent}": event ${event} is defined by no agent; give its matcher and summary`);
      if (row.agents[agent]) throw new Error(`target of agent "${agent}": event ${event} is declared twice`);
      row.agents[agent] = { ...(name !== undefined ? { name } : {}), ...(alsoNamed !== undefined ? { alsoNamed } : {}), ...(since !== undefined ? { since } : {}), ...(seen !== undefined ? { seen } : {}) };
    }
  }
  return [...rows.values()];
}

let table: HookEventSpec[] | undefined;
/** Every event of every registered target's agent (built once, on first use: the targets import modules that import this one). */
export function hookEvents(): readonly HookEventSpec[] {
  table ??= eventTable(TARGETS as Record<string, Target>);
  return table;
}

/** An event of `agent`, given by the agent's name or the table's (Claude Code's). */
export interface AgentEvent {
  spec: HookEventSpec;
  /** The agent's own name of it. */
  name: string;
  since?: string;
}

/** How `agent` (a target's agent name: any registered agent) has the event; undefined when it does not. */
function supportOf(spec: HookEventSpec, agent: string): EventSupport | undefined {
  return spec.agents[agent];
}

/** Every event `agent` fires, under the agent's names. */
export function agentEvents(agent: string): AgentEvent[] {
  return hookEvents().flatMap((spec) => {
    const support = supportOf(spec, agent);
    return support ? [{ spec, name: support.name ?? spec.name, ...(support.since ? { since: support.since } : {}) }] : [];
  });
}

/** The event `agent` fires when a hook file names it `name` (the agent's names only); undefined when none. */
export function firedAs(agent: string, name: string): AgentEvent | undefined {
  return agentEvents(agent).find((event) => event.name === name || supportOf(event.spec, agent)?.alsoNamed === name);
}

/** The event `agent` fires under `name`, given by the agent's name or Claude Code's; undefined when it has none. */
export function findAgentEvent(agent: string, name: string): AgentEvent | undefined {
  return firedAs(agent, name) ?? agentEvents(agent).find((event) => event.spec.name === name);
}

/** The table's row of an event named by any agent's name. */
export function findHookEvent(name: string): HookEventSpec | undefined {
  return hookEvents().find((spec) => spec.name === name) ?? hookEvents().find((spec) => Object.values(spec.agents).some((support) => support !== undefined && (support.name === name || support.alsoNamed === name)));
}

/** Was `agent` seen firing `event` (the table's name) for the matcher value `value` (the `seen` lists above)? */
export function seenFiring(agent: string, event: string, value: string): boolean {
  const spec = hookEvents().find((row) => row.name === event);
  return spec !== undefined && (supportOf(spec, agent)?.seen?.includes(value) ?? false);
}

/** Does the agent ignore a matcher on this event (every handler runs)? Unknown events: no. */
export function ignoresMatcher(event: string): boolean {
  return findHookEvent(event)?.matcher === 'none';
}
