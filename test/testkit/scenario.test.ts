import { describe, expect, it } from 'vitest';
import { parseScenario, scenarioJsonSchema, ScenarioError } from '../../testkit/index.js';
import { checkScenario, type RealClientRun } from '../../testkit/clients/index.js';
import { committedText } from '../helpers/committed.js';

/** A session as runClaudeCode reports it, built by hand: checkScenario reads nothing else. */
function fakeRun(): RealClientRun {
  const files: Record<string, string> = { 'state.json': '{"taskIndex":2,"phase":"execution"}', 'notes.md': 'hello world\n' };
  const toolUse = { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'rm -rf /' } }] };
  const toolResult = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'PreToolUse:Bash hook error: fs-destroy: no', is_error: true }] };
  const body = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Clean up' }] }, toolUse, toolResult, { role: 'system', content: [{ type: 'text', text: 'PostToolUse:Bash hook additional context: hint' }] }] };
  const stop = (active: boolean, stdout: string) => ({ hook: 'bash .claude/hooks/x.sh', event: 'Stop', settingsFile: '.claude/settings.json', input: { stop_hook_active: active }, stdin: '', stdout, stderr: '', exitCode: 0, durationMs: 1 });
  return {
    agent: 'claude-code', exitCode: 0, signal: null, timedOut: false, stdout: '', stderr: '', result: { result: 'All done.' },
    requests: [{ index: 0, method: 'POST', path: '/v1/messages', query: '', headers: {}, body, raw: JSON.stringify(body), modelCall: true, turnIndex: 0 }],
    modelTurns: 3, exhausted: false, transcript: [], sessionId: 's', projectDir: '/nowhere', durationMs: 1,
    hookInputs: [stop(false, '{"decision":"block","reason":"Continue task 3","systemMessage":"iteration 2"}\n'), stop(true, '')],
    files: (path) => files[path] ?? null,
  };
}

describe('checkScenario', () => {
  it('passes when every expectation holds', () => {
    expect(
      checkScenario(
        {
          files: { 'state.json': { json: { taskIndex: 2 } }, 'notes.md': { contains: 'world' }, 'gone.txt': null },
          stops: [{ stop_hook_active: false, decision: 'block', reason: 'task 3', systemMessage: 'iteration 2' }, { stop_hook_active: true, decision: 'allow' }],
          toolCalls: [{ name: 'Bash', input: { command: 'rm -rf /' }, isError: true, result: 'fs-destroy' }],
          modelReceived: ['additional context: hint', 'fs-destroy'],
          modelNotReceived: ['secret'],
          modelTurns: 3,
          maxModelTurns: 3,
          exhausted: false,
          result: { contains: 'done' },
          exitCode: 0,
        },
        fakeRun(),
      ),
    ).toEqual([]);
  });

  it('names every field that does not hold', () => {
    const failures = checkScenario(
      {
        files: { 'state.json': { json: { taskIndex: 3 } }, 'notes.md': 'other', 'missing.txt': { contains: 'x' } },
        stops: [{ stop_hook_active: true, decision: 'allow' }],
        toolCalls: [{ name: 'Edit', isError: false, result: 'nothing like this' }],
        modelReceived: ['never sent'],
        modelNotReceived: ['fs-destroy'],
        modelTurns: 2,
        maxModelTurns: 1,
        exhausted: true,
        result: 'Done',
        exitCode: 1,
      },
      fakeRun(),
    );
    expect(failures.map((f) => f.field).sort()).toEqual(
      [
        'exhausted', 'exitCode', 'files.missing.txt.contains', 'files.notes.md', 'files.state.json.json', 'maxModelTurns', 'modelNotReceived',
        'modelReceived', 'modelTurns', 'result', 'stops.0.decision', 'stops.0.stop_hook_active', 'stops.length',
        'toolCalls.0.isError', 'toolCalls.0.name', 'toolCalls.0.result',
      ].sort(),
    );
  });

  it('`hook` limits stops to that hook', () => {
    expect(checkScenario({ stops: [] }, fakeRun(), '.claude/hooks/other.sh')).toEqual([]);
  });
});

describe('scenario files', () => {
  it('a bad file names each field', () => {
    expect(() => parseScenario('{"turns":[{"shel":"x"}],"expect":{"stops":[{"decision":"maybe"}]}}', 'a.scenario.json')).toThrow(ScenarioError);
    try {
      parseScenario('{"turns":[{"shel":"x"}],"expect":{"stops":[{"decision":"maybe"}]}}', 'a.scenario.json');
    } catch (error) {
      expect((error as ScenarioError).problems.join('\n')).toMatch(/turns\.0: Unrecognized key: "shel"[\s\S]*expect\.stops\.0\.decision/);
    }
    expect(() => parseScenario('{', 'b.scenario.json')).toThrow(/b\.scenario\.json: not valid JSON/);
  });

  it('schema/scenario.schema.json, as committed, is what the zod schema renders (npm run build rewrites it)', () => {
    expect(JSON.parse(committedText('schema/scenario.schema.json'))).toEqual(scenarioJsonSchema());
  });
});
