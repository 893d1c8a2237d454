import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { ralphHooks, snapshot, tempDir } from '../helpers/cli.js';

const specum = (options: Record<string, unknown>) => ({ hooks: [{ kind: 'stop-watcher', preset: 'specum', options }] });

/** Each invalid field, and the words its error must contain: the field, the value, what is allowed. */
const INVALID: [string, unknown, string[]][] = [
  ['unknown target', { target: 'vscode' }, ['target', '"vscode"', '"claude-project"', '"claude-plugin"']],
  ['hooks not a list', { hooks: 'specum' }, ['hooks', '"specum"', 'expected an array']],
  ['unknown preset', { hooks: [{ kind: 'stop-watcher', preset: 'ralphy' }] }, ['hooks[0].preset', '"ralphy"', '"specum"']],
  ['kind that does not fit the preset', { hooks: [{ kind: 'guard', preset: 'specum' }] }, ['hooks[0].kind', '"guard"', '"stop-watcher"']],
  ['bad hook name', { hooks: [{ kind: 'stop-watcher', preset: 'specum', name: 'Stop Watcher' }] }, ['hooks[0].name', '"Stop Watcher"', 'lower-case']],
  ['timeout out of range', { hooks: [{ kind: 'stop-watcher', preset: 'specum', timeout: 0 }] }, ['hooks[0].timeout', '0', '≥ 1']],
  ['unknown option', specum({ maxIterations: 5 }), ['hooks[0].options', '"maxIterations"', 'unknown field']],
  ['unknown top-level key', { hook: [] }, ['(top level)', '"hook"', 'unknown field']],
  ['negative max iterations', specum({ maxGlobalIterations: -1 }), ['hooks[0].options.maxGlobalIterations', '-1', '≥ 1']],
  ['fractional max iterations', specum({ maxGlobalIterations: 2.5 }), ['hooks[0].options.maxGlobalIterations', '2.5', 'integer']],
  ['empty state file name', specum({ stateFile: '' }), ['hooks[0].options.stateFile', '""', 'at least 1 character']],
  ['no spec folders', specum({ specsDirs: [] }), ['hooks[0].options.specsDirs', '[]', 'at least 1 item']],
  ['bad completion match', specum({ completionMatch: 'regex' }), ['hooks[0].options.completionMatch', '"regex"', '"line"', '"word"']],
  ['multi-line completion signal', specum({ completionSignal: 'A\nB' }), ['hooks[0].options.completionSignal', 'one line']],
  ['bad on-max-iterations', specum({ onMaxIterations: 'stop' }), ['hooks[0].options.onMaxIterations', '"stop"', '"block"', '"allow"']],
  ['settle time too long', specum({ stateSettleMs: 60000 }), ['hooks[0].options.stateSettleMs', '60000', '≤ 10000']],
  ['log prefix with spaces', specum({ logPrefix: 'ralph specum' }), ['hooks[0].options.logPrefix', '"ralph specum"', 'letters, digits']],
  ['command names of the wrong type', specum({ commands: { implement: 7 } }), ['hooks[0].options.commands.implement', '7', 'expected a string']],
  ['tiny transcript tail', specum({ transcriptTailBytes: 10 }), ['hooks[0].options.transcriptTailBytes', '10', '≥ 1024']],
];

describe('config validation', () => {
  it.each(INVALID)('%s: the error names the field, the value and what is allowed', (_name, config, words) => {
    let message = '';
    try {
      validateConfig(config);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const word of words) expect(message).toContain(word);
  });

  it('two hooks with one name are refused, naming both', () => {
    const config = { hooks: [{ kind: 'stop-watcher', preset: 'specum' }, { kind: 'stop-watcher', preset: 'specum' }] };
    expect(() => validateConfig(config)).toThrow(/hooks\[1\]\.name: .*hooks\[0\] already uses the name 'stop-watcher'/);
  });

  it('fills every default, so an empty preset entry is a complete hook', () => {
    const config = validateConfig({ hooks: [{ kind: 'stop-watcher', preset: 'specum' }] });
    expect(config.target).toBe('claude-project');
    expect(config.hooks[0]).toMatchObject({ name: 'stop-watcher', options: { stateFile: '.ralph-state.json', maxGlobalIterations: 100, commands: { cancel: '/ralph-specum:cancel' } } });
  });

  it.each([
    ['an invalid field', JSON.stringify(specum({ completionMatch: 'regex' })), /hooks\[0\]\.options\.completionMatch: got "regex"; allowed: "line", "word"/],
    ['broken JSON', '{ "hooks": [ }', /ralph-hooks\.config\.json is not valid JSON \(line 1, column 14\): Unexpected token .}.$/m],
  ])('the CLI reports %s, exits non-zero and writes nothing', (_name, text, message) => {
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), text);
    const before = snapshot(root);
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(snapshot(root)).toEqual(before);
  });
});
