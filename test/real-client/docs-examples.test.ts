// The real-client examples in docs/testkit.md: each `#region` is copied verbatim into the doc
// (test/testkit/docs-examples.test.ts checks every ```ts block of the page against the regions).
import { expect, it } from 'vitest';
// #region real-client-imports
import {
  recordedCases,
  runClaudeCode,
  runScenario,
  sentToModel,
  startScriptedModel,
  stopRuns,
  toolCalls,
} from '../../testkit/clients/index.js'; // in your project: from 'ralph-hooks/testkit/clients'
// #endregion real-client-imports
import { describeRealClient, realProject, TEST_TIMEOUT_MS } from './helpers.js';

const guardProject = () => realProject({ hooks: [{ kind: 'guard', preset: 'guard', name: 'ralph-guard' }] } as never).root;
const loopProject = () => realProject({ hooks: [{ kind: 'stop-watcher', preset: 'loop', name: 'ralph-loop' }] } as never).root;

describeRealClient('docs/testkit.md real-client examples', () => {
  it('runClaudeCode', async () => {
    const root = guardProject(); // a project with the guard generated and registered
    // #region run-claude-code
    const run = await runClaudeCode(root, {
      prompt: 'Clean up',
      turns: [
        { shell: ['rm -rf / --no-preserve-root', 'echo hi'] }, // two Bash calls in one answer
        { text: 'Done.' },
      ],
    });
    expect(run.exitCode).toBe(0);
    const [rm, echo] = toolCalls(run); // each call with the tool_result the model was sent
    expect(rm.isError).toBe(true);
    expect(rm.result).toContain('fs-destroy:'); // the guard's reason reached the model
    expect(echo.result).toBe('hi');
    expect(run.hookInputs[0].input.tool_name).toBe('Bash'); // what the hook received
    // #endregion run-claude-code
  }, TEST_TIMEOUT_MS);

  it('turns chosen by a function, a server you start yourself', async () => {
    const root = guardProject();
    // #region scripted-model
    const model = await startScriptedModel({
      protocol: 'messages',
      // Answer each model call from what the model was sent so far.
      turns: (request, index) =>
        index === 0
          ? { shell: 'rm -rf / --no-preserve-root' }
          : { text: request.raw.includes('fs-destroy') ? 'The guard stopped me.' : 'It ran.' },
    });
    try {
      const run = await runClaudeCode(root, { model, prompt: 'Clean up', allowedTools: ['Bash'] });
      expect(run.result?.result).toBe('The guard stopped me.');
      expect(model.modelTurns).toBe(2);
    } finally {
      await model.close();
    }
    // #endregion scripted-model
  }, TEST_TIMEOUT_MS);

  it('runScenario', async () => {
    const root = loopProject();
    // #region run-scenario
    const outcome = await runScenario(
      {
        name: 'the loop ends on its promise',
        hook: '.claude/hooks/ralph-loop.sh',
        prompt: 'Build the parser',
        files: {
          '.claude/ralph-loop.local.md':
            '---\nactive: true\niteration: 1\nsession_id: \nmax_iterations: 5\ncompletion_promise: "DONE"\n---\n\nBuild the parser\n',
        },
        turns: [{ text: 'Half done.' }, { text: 'Done. <promise>DONE</promise>' }],
        expect: {
          stops: [
            { stop_hook_active: false, decision: 'block', reason: 'Build the parser' },
            { stop_hook_active: true, decision: 'allow' },
          ],
          files: { '.claude/ralph-loop.local.md': null },
        },
      },
      { projectRoot: root }, // its .claude folder is copied into a temporary project
    );
    expect(outcome.failures).toEqual([]);
    // #endregion run-scenario
  }, TEST_TIMEOUT_MS);

  it('recordedCases', async () => {
    const root = loopProject();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${root}/.claude/ralph-loop.local.md`, '---\nactive: true\niteration: 1\nsession_id: \nmax_iterations: 5\ncompletion_promise: "DONE"\n---\n\nBuild it\n');
    // #region record-session
    const run = await runClaudeCode(root, {
      prompt: 'Build it',
      turns: [{ text: 'Half done.' }, { text: '<promise>DONE</promise>' }],
      capture: ['.claude/ralph-loop.local.md'], // snapshot before each hook runs
    });
    expect(stopRuns(run)).toHaveLength(2);
    const cases = recordedCases(run, { hook: '.claude/hooks/ralph-loop.sh' });
    expect(cases[0].workspace?.files?.['.claude/ralph-loop.local.md']).toContain('iteration: 1');
    expect(sentToModel(run).join('\n')).toContain('Build it'); // the re-fed prompt
    // #endregion record-session
  }, TEST_TIMEOUT_MS);
});

it('the scenario example in docs/cases.md is test/real-client/scenarios/loop-bash/ends-on-promise.scenario.json (run by loop.test.ts)', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const doc = readFileSync(join(import.meta.dirname, '../../docs/cases.md'), 'utf8');
  const block = /## Real-client scenarios[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)![1]!;
  const file = readFileSync(join(import.meta.dirname, 'scenarios/loop-bash/ends-on-promise.scenario.json'), 'utf8');
  const withoutSchema = (text: string) => JSON.stringify({ ...JSON.parse(text), $schema: undefined });
  expect(withoutSchema(block)).toBe(withoutSchema(file));
});
