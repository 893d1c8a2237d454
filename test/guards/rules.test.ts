/**
 * Each guard rule is a folder of templates/guard/rules/ with its own cases: the calls it must
 * deny and the look-alikes it must let through. Here every rule's calls to deny run through a
 * guard with that rule alone (the denial must be the rule's own), then the look-alikes through
 * one with every rule on (they must get past all of them).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GUARD_RULE_IDS, GUARD_RULES, POLICY_RULE_IDS } from '../../src/presets/guard.js';
import { GUARD_RULES_DIR, RULE_PARTS } from '../../src/presets/guard-rules.js';
import { guardProject, quickSample } from './helpers.js';
import { checkRuleCases, readRuleCases, rulesOptions } from './rule-cases.js';

// The fast path takes every third case of each list (quickSample): each rule still meets
// calls to deny and look-alikes there.
const casesOf = (rule: (typeof GUARD_RULES)[number]) => {
  const cases = readRuleCases(rule);
  return { ...cases, deny: quickSample(cases.deny), allow: quickSample(cases.allow) };
};

describe('guard rules, one folder each', () => {
  it('every folder of templates/guard/rules is a rule in GUARD_RULE_IDS, and every rule a folder', () => {
    const folders = readdirSync(GUARD_RULES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.sort()).toEqual([...GUARD_RULE_IDS].sort());
    expect(GUARD_RULES.map((rule) => rule.id)).toEqual([...GUARD_RULE_IDS]);
  });

  it('every rule has its bash, and cases: at least two calls to deny and two look-alikes', () => {
    for (const rule of GUARD_RULES) {
      expect(rule.partials.rule, rule.id).toMatch(/\S/);
      expect(Object.keys(rule.partials).every((part) => (RULE_PARTS as readonly string[]).includes(part))).toBe(true);
      const cases = readRuleCases(rule);
      expect(cases.deny.length, `${rule.id}: calls to deny`).toBeGreaterThanOrEqual(2);
      expect(cases.allow.length, `${rule.id}: look-alikes`).toBeGreaterThanOrEqual(2);
    }
  });

  // A rule can only add a denial, never take one back (test/stress/guard-harmless-rate.test.ts
  // checks this on a sample of real commands). So a call its rule denies alone is denied with
  // every rule on, and a look-alike every rule lets through gets past its own rule alone: each
  // call runs once, its denials here, its look-alikes below.
  for (const rule of GUARD_RULES) {
    it(`${rule.id}, alone: denies each of its cases with its own id`, async () => {
      const cases = casesOf(rule);
      const project = guardProject('claude-code', { rules: rulesOptions(GUARD_RULES, rule) }, 'guard');
      const failures = await checkRuleCases(project, { ...cases, allow: [] }, rule.id, rule.id);
      expect(failures, failures.join('\n')).toEqual([]);
    }, 120_000);
  }

  // A policy rule (its rule.ts says `policy`) is stricter than the others on purpose: a
  // deployment (kubectl delete pod x, cdk deploy) is the harmless look-alike of a teardown in
  // theirs. So the other rules' look-alikes get past every rule but the policies; a policy's
  // own, past all.
  it('every rule on: every look-alike still let through', async () => {
    const project = guardProject('claude-code', { rules: rulesOptions(GUARD_RULES) }, 'guard');
    const withoutPolicies = guardProject('claude-code', { rules: { ...rulesOptions(GUARD_RULES), ...Object.fromEntries([...POLICY_RULE_IDS].map((id) => [id, { enabled: false }])) } }, 'guard');
    const failures: string[] = [];
    for (const rule of GUARD_RULES) failures.push(...await checkRuleCases(POLICY_RULE_IDS.has(rule.id) ? project : withoutPolicies, { ...casesOf(rule), deny: [] }, `all-on-${rule.id}`));
    expect(failures, failures.join('\n')).toEqual([]);
  }, 240_000);
});
