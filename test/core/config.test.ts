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

const guard = (options: Record<string, unknown>) => ({ hooks: [{ kind: 'guard', preset: 'guard', options }] });
const convergence = (options: Record<string, unknown>) => ({ hooks: [{ kind: 'convergence', preset: 'convergence', options }] });
const customRule = (pattern: string) => ({ custom: [{ id: 'mine', pattern, reason: 'do not' }] });

/** Config values that can never work: each refused, naming the field and the fix. */
const NEVER_WORK: [string, unknown, string[]][] = [
  ['a custom guard pattern that does not compile', guard(customRule('(unclosed')), ['hooks[0].options.custom[0].pattern', '"(unclosed"', 'not a valid regular expression', 'needs a backslash']],
  ['a custom guard pattern only bash refuses', guard(customRule('a{1')), ['hooks[0].options.custom[0].pattern', '"a{1"', "bash's [[ =~ ]]"]],
  ['\\d in a guard pattern (a letter d in bash)', guard(customRule('rm -rf \\d+')), ['hooks[0].options.custom[0].pattern', '\\d is not in POSIX extended', '[0-9]']],
  ['a lookahead in a guard pattern', guard(customRule('git (?!status)')), ['hooks[0].options.custom[0].pattern', '(?…) groups', 'plain ( … ) group']],
  ['a lazy quantifier in a guard pattern', guard(customRule('a.*?b')), ['hooks[0].options.custom[0].pattern', 'lazy quantifiers (*?)']],
  ['an invalid allow pattern', guard({ allow: ['npm test', 'git [status'] }), ['hooks[0].options.allow[1]', '"git [status"', 'not a valid regular expression']],
  ['an allow pattern that breaks out of ^( )$', guard({ allow: ['a)|(b'] }), ['hooks[0].options.allow[0]', 'not a valid regular expression']],
  ['a convergence testCommand that jq cannot compile', convergence({ signals: { clean_test: { testCommand: '(npm test' } } }), ['hooks[0].options.signals.clean_test.testCommand', '"(npm test"', 'jq (Oniguruma) cannot compile it', 'unmatched parenthesis']],
  ['a convergence errorPattern that jq cannot compile', convergence({ signals: { stuck_same_error: { errorPattern: 'error[' } } }), ['hooks[0].options.signals.stuck_same_error.errorPattern', 'jq (Oniguruma) cannot compile it']],
  ['an absolute guard logFile', guard({ logFile: '/var/log/guard.log' }), ['hooks[0].options.logFile', '"/var/log/guard.log"', 'an absolute path leaves the project', 'relative to the project root', '".ralph-hooks/logs/guard.log"']],
  ['a guard logFile climbing out with ..', guard({ logFile: 'logs/../../guard.log' }), ['hooks[0].options.logFile', 'a path with ".." leaves the project']],
  ['a guard stateDir in the home folder', guard({ stateDir: '~/.ralph' }), ['hooks[0].options.stateDir', 'an absolute path leaves the project']],
  ['an absolute convergence stateFile', convergence({ stateFile: '/tmp/convergence.json' }), ['hooks[0].options.stateFile', 'an absolute path leaves the project', '".ralph-hooks/state/convergence.json"']],
  ['an absolute audit-log logFile', { hooks: [{ kind: 'audit-log', preset: 'audit-log', options: { logFile: '/tmp/audit.jsonl' } }] }, ['hooks[0].options.logFile', 'an absolute path leaves the project']],
  ['a session-end logFile with ..', { hooks: [{ kind: 'session-end', preset: 'session-end', options: { logFile: '../sessions.jsonl' } }] }, ['hooks[0].options.logFile', 'a path with ".." leaves the project']],
  ['an absolute loop stateFile', { hooks: [{ kind: 'stop-watcher', preset: 'loop', options: { stateFile: '/tmp/loop.md' } }] }, ['hooks[0].options.stateFile', 'an absolute path leaves the project']],
];

/** What validateConfig says about a config ('' when it accepts it). */
function validationMessage(config: unknown): string {
  try {
    validateConfig(config);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('config values that can never work', () => {
  it.each(NEVER_WORK)('%s: refused, naming the field and the fix', (_name, config, words) => {
    const message = validationMessage(config);
    for (const word of words) expect(message).toContain(word);
  });

  it.each([
    ['guard patterns bash reads', guard({ ...customRule('(^| )rm -rf [[:alnum:]_./-]+( |$)'), allow: ['npm (run )?test', 'git status( --short)?', '[]a]+', 'x\\.y'] })],
    ['convergence patterns jq reads (Oniguruma has what ERE lacks)', convergence({ signals: { clean_test: { testCommand: '(?i)\\bmake\\s+check\\b', passPattern: '\\d+ passed' } } })],
    ['paths inside the project', guard({ logFile: 'logs/guard.log', stateDir: './.state' })],
  ])('%s are accepted', (_name, config) => {
    expect(() => validateConfig(config)).not.toThrow();
  });

  it('the CLI names the field, exits non-zero and writes nothing', () => {
    const root = tempDir();
    writeFileSync(join(root, 'ralph-hooks.config.json'), JSON.stringify({ hooks: [{ kind: 'guard', preset: 'guard' }, { kind: 'convergence', preset: 'convergence', options: { stateFile: '/tmp/x.json', signals: { clean_test: { testCommand: '(unclosed' } } } }, { kind: 'guard', preset: 'guard', name: 'g2', options: customRule('(unclosed') }] }));
    const before = snapshot(root);
    const result = ralphHooks(['generate'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('hooks[1].options.signals.clean_test.testCommand: got "(unclosed"; jq (Oniguruma) cannot compile it');
    expect(result.stderr).toContain('hooks[1].options.stateFile: got "/tmp/x.json"; an absolute path leaves the project');
    expect(result.stderr).toContain('hooks[2].options.custom[0].pattern: got "(unclosed"; not a valid regular expression');
    expect(snapshot(root)).toEqual(before);
  });
});

describe('config validation', () => {
  it.each(INVALID)('%s: the error names the field, the value and what is allowed', (_name, config, words) => {
    const message = validationMessage(config);
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
