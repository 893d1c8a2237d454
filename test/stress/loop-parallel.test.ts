/**
 * The loop preset under parallel Stops, both runtimes: every increment kept, and an unclaimed
 * loop claimed by exactly one session. Many rounds of many processes: in the full suite, not
 * in the quick one.
 */
import { describe, expect, it } from 'vitest';
import { bareWorkspaces, generateLoop, readLoopState, RUNTIMES, stopLoop as stop, writeLoopState } from '../presets/loop-helpers.js';

const workspace = bareWorkspaces();

describe.each(RUNTIMES)('loop preset (%s runtime): parallel stops', (runtime) => {
  const loop = generateLoop(runtime);

  it('32 parallel stops of one session: every increment is kept', async () => {
    const ws = workspace();
    writeLoopState(ws, loop, { session: 'session-a', maxIterations: 1000, promise: null });
    const results = await Promise.all(Array.from({ length: 32 }, () => stop(loop, ws, { last_assistant_message: 'working' }, {}, 120_000)));
    for (const result of results) expect(result.json?.decision, result.stderr).toBe('block');
    expect(readLoopState(ws, loop)?.iteration).toBe(33);
    const iterations = results.map((r) => Number(/iteration (\d+)/.exec(String(r.json?.systemMessage))?.[1])).sort((a, b) => a - b);
    expect(iterations).toEqual(Array.from({ length: 32 }, (_, i) => i + 2));
  }, 240_000);

  it('an unclaimed loop stopped by two sessions at once is claimed by exactly one (10 rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const ws = workspace();
      writeLoopState(ws, loop, { session: '', maxIterations: 100, promise: null });
      const [a, b] = await Promise.all(['session-a', 'session-b'].map((session) => stop(loop, ws, { session_id: session, last_assistant_message: 'working' }, {}, 120_000)));
      const blocked = [a, b].filter((r) => r!.json?.decision === 'block');
      expect(blocked, `round ${round}: ${a!.stdout} | ${b!.stdout}`).toHaveLength(1);
      const winner = a!.json?.decision === 'block' ? 'session-a' : 'session-b';
      expect(readLoopState(ws, loop)).toMatchObject({ iteration: 2, session: winner });
    }
  }, 240_000);
});

