/**
 * The real-client tests skip by one rule, written once (helpers.ts, whenInstalled): a test of
 * an agent's client runs when the client is installed, and always with CI or
 * RALPH_HOOKS_REAL_CLIENT set, so a missing client fails there instead of skipping. It was
 * written six times, and two files ignored RALPH_HOOKS_REAL_CLIENT. Here: the rule itself,
 * and that no test file of the folder skips by a rule of its own. Runs no client.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { whenInstalled } from './helpers.js';

const FOLDER = import.meta.dirname;
const FILES = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.test.ts') && name !== 'skip-rule.test.ts')
  .map((name) => [name, readFileSync(join(FOLDER, name), 'utf8')] as const);

/** What a file that decides on its own to skip would contain. */
const OWN_RULES: [string, RegExp][] = [
  ['reads CI itself', /process\.env\.CI\b/],
  ['reads RALPH_HOOKS_REAL_CLIENT itself', /process\.env\.RALPH_HOOKS_REAL_CLIENT/],
  ['skips by a condition of its own', /\b(describe|it|test)\.(skip|skipIf|runIf)\b/],
  ['asks whether a client is installed itself', /\bfind(ClaudeCode|Codex|QwenCode|Copilot|Gemini|Droid)\(\)/],
];

/** The helpers that apply the rule. */
const RULE = /\b(describeRealClient|describeAgent|describeWhen|itWhen)\b/;

describe('the real-client skip rule', () => {
  it('runs when the client is installed; with CI or RALPH_HOOKS_REAL_CLIENT set, always; else skips', () => {
    expect(whenInstalled(true, {})).toBe(true);
    expect(whenInstalled(false, {})).toBe(false);
    expect(whenInstalled(false, { CI: 'true' })).toBe(true);
    expect(whenInstalled(false, { RALPH_HOOKS_REAL_CLIENT: 'required' })).toBe(true);
  });

  it('every test file of test/real-client skips by it, and by nothing of its own', () => {
    expect(FILES.length).toBeGreaterThan(20);
    for (const [name, text] of FILES) {
      for (const [what, pattern] of OWN_RULES) expect(pattern.test(text), `${name} ${what}: use the helpers of test/real-client/helpers.ts`).toBe(false);
      expect(RULE.test(text), `${name} runs real clients without the rule (describeRealClient, describeAgent, describeWhen or itWhen)`).toBe(true);
    }
  });

  it('the check finds a file that writes its own rule', () => {
    const own = "const describeCodex = findCodex() !== null || process.env.CI ? describe : describe.skip;";
    expect(OWN_RULES.filter(([, pattern]) => pattern.test(own)).map(([what]) => what)).toEqual([
      'reads CI itself',
      'skips by a condition of its own',
      'asks whether a client is installed itself',
    ]);
    expect(RULE.test(own)).toBe(false);
  });
});
