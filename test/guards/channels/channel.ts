/**
 * A channel is a program that hands a command, or its operands, to another program (xargs,
 * watch, find -exec, a here-string to a shell…). Each test file gives one channel's calls:
 * the dangerous ones it must not hide (denied, by the rule named) and harmless look-alikes
 * (let through). The guard is generated once per file, with the default rules.
 */
import { describe, expect, it } from 'vitest';
import { guardProject, type GuardProject } from '../helpers.js';
import { checkRuleCases, type RuleCase } from '../rule-cases.js';

export interface ChannelCases {
  /** Calls the channel must not hide: denied, each by the rule given. */
  deny: Array<[command: string, rule: string]>;
  /** Harmless look-alikes: let through. */
  allow: RuleCase[];
  /** Rule options for this channel's guard (default: the default rules). */
  rules?: Record<string, unknown>;
  /** Files the calls need in the project or its home, made before they run. */
  setup?: (project: GuardProject) => void;
}

export function describeChannel(channel: string, cases: ChannelCases): void {
  describeGuardCases(`guard channel: ${channel}`, `follows ${channel}`, channel, cases);
}

/** One family of a guard's calls (a channel, an effect): TITLE's test runs them through one guard. */
export function describeGuardCases(title: string, what: string, channel: string, cases: ChannelCases): void {
  describe(title, () => {
    it(`${what}: ${cases.deny.length} calls denied, ${cases.allow.length} look-alikes let through`, async () => {
      const project = guardProject('claude-code', cases.rules ? { rules: cases.rules } : {}, 'guard');
      cases.setup?.(project);
      const problems: string[] = [];
      for (const [index, [command, rule]] of cases.deny.entries()) {
        problems.push(...await checkRuleCases(project, { deny: [command], allow: [] } as never, `${channel}-deny-${index}`, rule));
      }
      problems.push(...await checkRuleCases(project, { deny: [], allow: cases.allow } as never, `${channel}-allow`));
      expect(problems).toEqual([]);
    });
  });
}
