import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseError, caseJsonSchema, parseCase } from '../../testkit/replay/case-schema.js';
import { REPO_ROOT, thrownMessage } from './helpers.js';

const SCHEMA_FILE = join(REPO_ROOT, 'schema', 'case.schema.json');

describe('case schema', () => {
  it('schema/case.schema.json is generated from the zod schema (UPDATE_SCHEMA=1 rewrites it)', () => {
    const generated = `${JSON.stringify(caseJsonSchema(), null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA === '1' || !existsSync(SCHEMA_FILE)) writeFileSync(SCHEMA_FILE, generated);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
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
