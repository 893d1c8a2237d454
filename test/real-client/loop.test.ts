import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runScenario } from '../../testkit/index.js';
import { describeRealClient, realProject, TEST_TIMEOUT_MS } from './helpers.js';

const SCENARIOS = join(import.meta.dirname, 'scenarios');

function loopProject(runtime: 'bash' | 'node') {
  return realProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { runtime } }] } as never);
}

describeRealClient('loop preset in the real Claude Code', () => {
  it('bash: ends on the promise', async () => {
    const project = loopProject('bash');
    const outcome = await runScenario(join(SCENARIOS, 'loop-bash/ends-on-promise.scenario.json'), { projectRoot: project.root });
    expect(outcome.failures).toEqual([]);
  }, TEST_TIMEOUT_MS);
});
