/**
 * The loop preset's Node runtime configured as the standalone iteration tracker (the
 * configuration docs/presets.md shows) in the real Claude Code: it ends on its promise.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runScenario } from '../../testkit/clients/index.js';
import { TRACKER_CONFIG } from '../presets/loop-helpers.js';
import { describeRealClient, realProject, TEST_TIMEOUT_MS } from './helpers.js';

describeRealClient('loop as the iteration tracker in the real Claude Code', () => {
  it('feeds the prompt with its iteration and guidance until the transcript holds the promise', async () => {
    const project = realProject(TRACKER_CONFIG as never);
    const outcome = await runScenario(join(import.meta.dirname, 'scenarios/loop-tracker/ends-on-promise.scenario.json'), { projectRoot: project.root });
    expect(outcome.failures).toEqual([]);
  }, TEST_TIMEOUT_MS);
});
