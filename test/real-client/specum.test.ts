/**
 * The specum and speckit stop-watchers in the real Claude Code, with `init --yes` defaults:
 * a spec whose every continuation advances the state runs to the end; a model that never
 * progresses is let stop; corrupt state and the iteration limit reach the model as the
 * documented block, once.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runScenario } from '../../testkit/clients/index.js';
import { describeRealClient, realProject, TEST_TIMEOUT_MS } from './helpers.js';

const SCENARIOS = join(import.meta.dirname, 'scenarios');

function project(preset: 'specum' | 'speckit') {
  return realProject({ hooks: [{ kind: 'stop-watcher', preset }] } as never);
}

async function scenario(preset: 'specum' | 'speckit', file: string) {
  const outcome = await runScenario(join(SCENARIOS, preset, file), { projectRoot: project(preset).root });
  expect(outcome.failures).toEqual([]);
  return outcome;
}

describeRealClient('specum stop-watcher in the real Claude Code (init defaults)', () => {
  it('a 3-task spec whose model advances taskIndex with a Bash call on every continuation reaches taskIndex 3', async () => {
    await scenario('specum', 'three-tasks.scenario.json');
  }, TEST_TIMEOUT_MS);

  it('a model that never progresses is let stop within 10 model turns', async () => {
    await scenario('specum', 'no-progress.scenario.json');
  }, TEST_TIMEOUT_MS);

  it('corrupt state reaches the model as the documented recovery block, once', async () => {
    await scenario('specum', 'corrupt-state.scenario.json');
  }, TEST_TIMEOUT_MS);

  it('max iterations reach the model as the documented block, once', async () => {
    await scenario('specum', 'max-iterations.scenario.json');
  }, TEST_TIMEOUT_MS);
});

describeRealClient('speckit stop-watcher in the real Claude Code (init defaults)', () => {
  it('a 3-task feature whose model advances taskIndex on every continuation reaches taskIndex 3', async () => {
    await scenario('speckit', 'three-tasks.scenario.json');
  }, TEST_TIMEOUT_MS);

  it('a model that never progresses is let stop within 10 model turns', async () => {
    await scenario('speckit', 'no-progress.scenario.json');
  }, TEST_TIMEOUT_MS);

  it('corrupt state reaches the model as the documented recovery block, once', async () => {
    await scenario('speckit', 'corrupt-state.scenario.json');
  }, TEST_TIMEOUT_MS);

  it('max iterations: logged, and the model may stop (the speckit default)', async () => {
    await scenario('speckit', 'max-iterations.scenario.json');
  }, TEST_TIMEOUT_MS);
});
