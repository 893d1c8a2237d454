/**
 * The events table (src/hook-events.ts): every event Claude Code 2.1.332 defines, once; the
 * agents' own names agree with the targets' maps; every event a preset registers is in it.
 */
import { describe, expect, it } from 'vitest';
import { agentEvents, eventTable, findAgentEvent, findHookEvent, firedAs, hookEvents, ignoresMatcher, seenFiring } from '../../src/hook-events.js';
import { TARGETS } from '../../src/targets/index.js';
import type { Target } from '../../src/targets/types.js';

/** The event list of Claude Code 2.1.332's binary (its hook event table, in its order). */
const CLAUDE_CODE_2_1_332 = [
  'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Notification', 'UserPromptSubmit', 'UserPromptExpansion', 'SessionStart', 'SessionEnd',
  'Stop', 'StopFailure', 'SubagentStart', 'SubagentStop', 'PreCompact', 'PostCompact', 'PreModelSwitch', 'PostModelSwitch', 'PermissionRequest', 'PermissionDenied',
  'Setup', 'TeammateIdle', 'TaskCreated', 'TaskCompleted', 'Elicitation', 'ElicitationResult', 'ConfigChange', 'WorktreeCreate', 'WorktreeRemove',
  'InstructionsLoaded', 'CwdChanged', 'FileChanged', 'DirectoryAdded', 'MessageDisplay', 'PreSkillShellCommand',
];

describe('the events table', () => {
  it('has every event of Claude Code 2.1.332, each once; PreSkillShellCommand from 2.1.332 only', () => {
    expect(agentEvents('claude-code').map((e) => e.name).sort()).toEqual([...CLAUDE_CODE_2_1_332].sort());
    expect(new Set(hookEvents().map((e) => e.name)).size).toBe(hookEvents().length);
    expect(agentEvents('claude-code').filter((e) => e.since).map((e) => [e.name, e.since])).toEqual([['PreSkillShellCommand', '2.1.332']]);
  });

  it('the matcher-less events are the ones Claude Code ignores a matcher on', () => {
    expect(agentEvents('claude-code').filter((e) => e.spec.matcher === 'none').map((e) => e.name).sort()).toEqual(
      ['CwdChanged', 'MessageDisplay', 'PostToolBatch', 'Stop', 'TaskCompleted', 'TaskCreated', 'TeammateIdle', 'UserPromptSubmit', 'WorktreeCreate', 'WorktreeRemove'].sort(),
    );
    expect(ignoresMatcher('AfterAgent')).toBe(true); // Gemini CLI's Stop
    expect(ignoresMatcher('agentStop')).toBe(true); // Copilot CLI's own name
    expect(ignoresMatcher('PreSkillShellCommand')).toBe(false);
    expect(ignoresMatcher('NoSuchEvent')).toBe(false);
  });

  it('a target\'s own event names are the table\'s', () => {
    for (const target of Object.values(TARGETS) as Target[]) {
      for (const [event, name] of Object.entries(target.events ?? {})) expect(findAgentEvent(target.agent, event)?.name, `${target.id} ${event}`).toBe(name);
    }
  });

  it('names: the agent\'s own, Claude Code\'s, or another agent\'s', () => {
    expect(firedAs('gemini', 'BeforeTool')?.spec.name).toBe('PreToolUse');
    expect(firedAs('gemini', 'PreToolUse')).toBeUndefined(); // not a name Gemini CLI reads
    expect(findAgentEvent('gemini', 'PreToolUse')?.name).toBe('BeforeTool');
    expect(firedAs('copilot', 'agentStop')?.name).toBe('Stop');
    expect(findHookEvent('BeforeTool')?.name).toBe('PreToolUse');
    expect(findAgentEvent('codex', 'PreSkillShellCommand')).toBeUndefined();
  });
});

describe('seen values: where the stop-watchers answer a full context', () => {
  it('SessionStart compact in Claude Code and Codex; StopFailure invalid_request in Claude Code alone', () => {
    expect(seenFiring('claude-code', 'SessionStart', 'compact')).toBe(true);
    expect(seenFiring('codex', 'SessionStart', 'compact')).toBe(true);
    expect(seenFiring('claude-code', 'StopFailure', 'invalid_request')).toBe(true);
    expect(seenFiring('codex', 'StopFailure', 'invalid_request')).toBe(false);
  });

  it('an agent that has the event but was never seen sending the value: no', () => {
    expect(findAgentEvent('qwen-code', 'StopFailure')).toBeDefined();
    expect(seenFiring('qwen-code', 'StopFailure', 'invalid_request')).toBe(false);
    expect(seenFiring('qwen-code', 'SessionStart', 'compact')).toBe(false);
    expect(seenFiring('codex', 'NoSuchEvent', 'compact')).toBe(false);
  });

  it('every seen list belongs to an event whose matcher compares such a value', () => {
    for (const spec of hookEvents()) {
      for (const support of Object.values(spec.agents)) if (support?.seen) expect(spec.matcher, spec.name).toBe('other');
    }
  });
});

describe('the table is derived from the targets (each declares its agent\'s events in its own file)', () => {
  const targets = TARGETS as Record<string, Target>;
  const withAgent = (agent: string, hookEvents: Target['hookEvents']) => ({ ...targets, extra: { ...targets['claude-project']!, id: 'extra', agent, hookEvents } });

  it('every agent\'s events are the ones its target lists; targets of one agent share one list', () => {
    for (const target of Object.values(targets)) {
      expect(agentEvents(target.agent).map((e) => e.spec.name).sort(), target.id).toEqual(target.hookEvents.map((e) => e.event).sort());
      const first = Object.values(targets).find((t) => t.agent === target.agent)!;
      expect(target.hookEvents, `${target.id} and ${first.id}`).toBe(first.hookEvents);
    }
  });

  it('an agent added with its list is in the table: Claude Code\'s events by name, its own defined', () => {
    const table = eventTable(withAgent('new-agent', [{ event: 'Stop', name: 'Halt' }, { event: 'OnIdle', matcher: 'none', summary: 'when the agent idles' }]));
    expect(table.find((row) => row.name === 'Stop')!.agents['new-agent']).toEqual({ name: 'Halt' });
    expect(table.find((row) => row.name === 'OnIdle')).toEqual({ name: 'OnIdle', matcher: 'none', summary: 'when the agent idles', agents: { 'new-agent': {} } });
  });

  it('refuses an event no agent defines, one defined twice differently, one declared twice, a definition half given', () => {
    expect(() => eventTable(withAgent('new-agent', [{ event: 'OnIdle' }]))).toThrow(/event OnIdle is defined by no agent/);
    expect(() => eventTable(withAgent('new-agent', [{ event: 'Stop', matcher: 'tool', summary: 'other' }]))).toThrow(/event Stop is defined differently/);
    expect(() => eventTable(withAgent('new-agent', [{ event: 'Stop' }, { event: 'Stop' }]))).toThrow(/event Stop is declared twice/);
    expect(() => eventTable(withAgent('new-agent', [{ event: 'OnIdle', summary: 'when' }]))).toThrow(/a summary but no matcher/);
  });
});
