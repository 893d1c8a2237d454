/**
 * `import 'ralph-hooks/testkit/vitest'` registers the hook matchers with vitest's expect
 * and types them on `expect(result)`. Put it in a test file or in `setupFiles`.
 */
import { expect } from 'vitest';
import * as matchers from './matchers/index.js';

expect.extend({
  toBeJsonBlock: matchers.toBeJsonBlock,
  toHaveReasonContaining: matchers.toHaveReasonContaining,
  toHaveSystemMessageContaining: matchers.toHaveSystemMessageContaining,
  toHaveStderrContaining: matchers.toHaveStderrContaining,
  toBeSilent: matchers.toBeSilent,
  toAllow: matchers.toAllow,
  toDeny: matchers.toDeny,
  toBlockSkillShellLine: matchers.toBlockSkillShellLine,
  toSignal: matchers.toSignal,
});

/** The matchers' types, merged into vitest's `Matchers` (typing `expect()` and `expect.extend` at once). */
export interface HookMatchers<R = unknown> {
  /**
   * stdout is a JSON object with `decision: "block"`.
   * @example expect(await runHook(hook, stopInput())).toBeJsonBlock()
   */
  toBeJsonBlock(): R;
  /**
   * The JSON `reason` (or PreToolUse `permissionDecisionReason`) contains the text or matches the RegExp.
   * @example expect(result).toHaveReasonContaining('Continue spec: test-spec')
   */
  toHaveReasonContaining(text: string | RegExp): R;
  /**
   * The JSON `systemMessage` contains the text or matches the RegExp.
   * @example expect(result).toHaveSystemMessageContaining('Task 1/5')
   */
  toHaveSystemMessageContaining(text: string | RegExp): R;
  /**
   * stderr contains the text or matches the RegExp.
   * @example expect(result).toHaveStderrContaining('[ralph-specum]')
   */
  toHaveStderrContaining(text: string | RegExp): R;
  /**
   * Exit 0 with empty stdout, and empty stderr unless `allowStderr`.
   * @example expect(result).toBeSilent({ allowStderr: true })
   */
  toBeSilent(options?: { allowStderr?: boolean }): R;
  /**
   * A guard allowed the call (forgeflare `allow`, `permissionDecision: "allow"`, or a silent exit 0 unless `explicit`).
   * @example expect(await runHook(guard, forgeflareGuardInput())).toAllow({ explicit: true })
   */
  toAllow(options?: { explicit?: boolean }): R;
  /**
   * A guard denied the call (forgeflare `block`, `permissionDecision: "deny"`, `decision: "block"` or exit 2).
   * @example expect(result).toDeny(/rm -rf/)
   */
  toDeny(reason?: string | RegExp): R;
  /**
   * A PreSkillShellCommand answer keeps a skill's shell line from running (deny, ask, defer, any
   * `updatedInput`, or exit 2); `.not`: the line runs.
   * @example expect(await runHook(guard, preSkillShellCommandInput({ tool_input: { command: 'rm -rf ~' } }))).toBlockSkillShellLine(/fs-destroy/)
   */
  toBlockSkillShellLine(reason?: string | RegExp): R;
  /**
   * A forgeflare PostToolUse hook answered `action: "signal"`.
   * @example expect(result).toSignal('converged')
   */
  toSignal(signal?: string): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends HookMatchers<T> {}
}
