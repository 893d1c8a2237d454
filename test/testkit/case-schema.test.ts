import { describe, expect, it } from 'vitest';
import { formatJson } from '../../src/util/json-text.js';
import { CaseError, caseJsonSchema, parseCase } from '../../testkit/replay/case-schema.js';
import { committedText } from '../helpers/committed.js';
import { thrownMessage } from './helpers.js';

describe('case schema', () => {
  // The build writes it (ralph-hooks schema --write); the test only reads, and reads the committed copy.
  it('schema/case.schema.json, as committed, is what the zod schema renders (npm run build rewrites it)', () => {
    expect(committedText('schema/case.schema.json')).toBe(formatJson(caseJsonSchema()));
  });

  it('accepts a single-step and a multi-step case', () => {
    expect(parseCase(JSON.stringify({ hook: 'h.sh', stdin: { cwd: '${WORKSPACE}' }, expect: { silent: true } }), 'a.case.json').hook).toBe('h.sh');
    const steps = parseCase(JSON.stringify({ command: 'true', steps: [{ expect: { exitCode: 0 } }, { workspace: { remove: ['x'] }, expect: {} }] }), 'b.case.json');
    expect(steps.steps).toHaveLength(2);
  });

  it('names the file and each bad field', () => {
    const text = JSON.stringify({ hook: 'h.sh', steps: [{ expect: { exitCode: 'zero' } }, { expect: { reason: { contain: 'x' } } }] });
    expect(thrownMessage(() => parseCase(text, 'test/hook-cases/bad.case.json'))).toBe(
      'test/hook-cases/bad.case.json: steps.0.expect.exitCode: Invalid input: expected number, received string; steps.1.expect.reason: Unrecognized key: "contain"',
    );
  });

  it('rejects hook and command together, and expect with steps', () => {
    const error = (() => {
      try {
        parseCase(JSON.stringify({ hook: 'a', command: 'b', expect: {}, steps: [{ expect: {} }] }), 'c.case.json');
      } catch (e) {
        return e as CaseError;
      }
    })();
    expect(error).toBeInstanceOf(CaseError);
    expect(error!.problems).toEqual([
      'hook: give exactly one of "hook" or "command"',
      'expect: give either "expect" (one run) or "steps" (a sequence), not both or neither',
    ]);
  });

  it('reports invalid JSON', () => {
    expect(thrownMessage(() => parseCase('{ nope', 'd.case.json'))).toMatch(/^d\.case\.json: not valid JSON: /);
  });
});
