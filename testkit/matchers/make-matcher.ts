/**
 * Turns an assertion from ../assertions.ts into a vitest/jest matcher. The assertion is the
 * single source of truth; the matcher reports its message, and `actual`/`expected` so the
 * runner can show a diff. `.not` changes only the message, as vitest asks.
 */
import { HookAssertionError, outputPairs, type HookOutput } from '../assertions.js';
import { formatFailure } from '../failure-message.js';

/** The parts of vitest's MatcherState a matcher reads (kept local so the barrel needs no vitest). */
export interface MatcherContext {
  isNot: boolean;
}

export interface MatcherResult {
  pass: boolean;
  message: () => string;
  actual?: unknown;
  expected?: unknown;
}

function checkReceived(received: unknown, name: string): asserts received is HookOutput {
  const ok = typeof received === 'object' && received !== null && 'stdout' in received && 'stderr' in received && 'exitCode' in received;
  if (!ok) {
    const error = new TypeError(`${name}: expected the result of runHook() ({exitCode, stdout, stderr}), received ${JSON.stringify(received)}`);
    Error.captureStackTrace?.(error, checkReceived);
    throw error;
  }
}

export function makeMatcher<A extends unknown[]>(
  name: string,
  assertion: (output: HookOutput, ...args: A) => void,
  describeExpectation: (...args: A) => string,
) {
  return function (this: MatcherContext, received: unknown, ...args: A): MatcherResult {
    checkReceived(received, name);
    try {
      assertion(received, ...args);
    } catch (error) {
      if (!(error instanceof HookAssertionError)) throw error;
      return { pass: false, message: () => error.message, actual: error.actual, expected: error.expected };
    }
    const expectation = describeExpectation(...args);
    return {
      pass: true,
      message: () => formatFailure(`${name} passed but .not was used`, [['expected', `not ${expectation}`], ['actual', expectation], ...outputPairs(received)]),
    };
  };
}
