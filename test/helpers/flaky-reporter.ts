/**
 * Names the tests that failed and then passed on a retry (vitest's `retry`, which .ci/run turns
 * on with RALPH_HOOKS_TEST_RETRY=1), last in the output: a retry keeps one slow moment on a busy
 * machine from failing the run, and this line keeps it from hiding a test that needs mending.
 */
import type { Reporter, TestCase } from 'vitest/node';
import { relative } from 'node:path';

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (!diagnostic?.flaky) return;
    // What the failed attempt said, where vitest keeps it.
    const error = test.result().errors?.[0]?.message?.split('\n').find((line) => line.trim())?.trim().slice(0, 300);
    this.flaky.push(`  ${relative(process.cwd(), test.module.moduleId)} > ${test.fullName} (passed on retry ${diagnostic.retryCount})${error ? `: first failed with ${error}` : ''}`);
  }

  onTestRunEnd(): void {
    if (this.flaky.length) process.stdout.write(`\nflaky (vitest):\n${this.flaky.join('\n')}\n\n`);
  }
}
