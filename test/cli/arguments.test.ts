/**
 * One argument policy for every command: unknown flags and commands are usage errors (exit 2,
 * one line, no stack) with a "did you mean"; `help [command]`; --version in the usage; Ctrl-C
 * at a prompt ends init with exit 130 and nothing written.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFLICT_POLICIES } from '../../src/generate/apply.js';
import { closest, editDistance } from '../../cli/commands/args.js';
import { CLI, ralphHooks, snapshot, tempDir } from '../helpers/cli.js';

function gitRepo(): string {
  const root = tempDir('rh-args-');
  spawnSync('git', ['init', '-q'], { cwd: root });
  return root;
}

describe('unknown flags are usage errors (exit 2), never a stack trace', () => {
  const root = gitRepo();
  it.each([
    ['init', '--bogus'],
    ['generate', '--bogus'],
    ['add', '--bogus'],
    ['doctor', '--bogus'],
    ['remove', '--bogus'],
    ['upgrade', '--bogus'],
    ['uninstall', '--bogus'],
    ['schema', '--bogus'],
    ['test', '--bogus'],
    ['record', '--bogus'],
  ])('%s %s', (command, flag) => {
    const result = ralphHooks([command, flag], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^ralph-hooks ${command}: unknown option '--bogus'\\. Run \`ralph-hooks ${command} --help\` for its options\\.\\n$`));
    expect(result.stderr).not.toMatch(/TypeError|ERR_PARSE_ARGS|    at /);
    expect(readdirSync(root)).toEqual(['.git']);
  });

  it('a near miss gets a "did you mean": init --dry-ru, generate --forse', () => {
    expect(ralphHooks(['init', '--dry-ru'], { cwd: root }).stderr).toContain("unknown option '--dry-ru'. Did you mean --dry-run?");
    expect(ralphHooks(['generate', '--forse'], { cwd: root }).stderr).toContain('Did you mean --force?');
  });

  it('init --dry-run is an option: it prints what it would write and writes nothing', () => {
    const dir = gitRepo();
    const result = ralphHooks(['init', '--yes', '--dry-run'], { cwd: dir });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('+++ b/.claude/hooks/stop-watcher.sh');
    expect(result.stdout).toMatch(/Would write: \d+ created\./);
    expect(readdirSync(dir)).toEqual(['.git']);
  });

  it('a near miss in a flag\'s value gets a "did you mean" too: --stop-watcher specumm, --target claude', () => {
    const root = gitRepo();
    const watcher = ralphHooks(['init', '--yes', '--stop-watcher', 'specumm'], { cwd: root });
    expect(watcher.status).toBe(2);
    expect(watcher.stderr).toMatch(/--stop-watcher: got 'specumm'; allowed: .*\. Did you mean specum\?\n$/);
    const target = ralphHooks(['init', '--yes', '--target', 'claude'], { cwd: root });
    expect(target.status).toBe(2);
    expect(target.stderr).toMatch(/--target: got 'claude'; allowed: .*\. Did you mean claude-project\?\n$/);
    expect(readdirSync(root)).toEqual(['.git']);
  });

  it('a missing value names the option', () => {
    const result = ralphHooks(['generate', '--dir'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("option '--dir <value>' needs a value");
  });
});

describe('commands and help', () => {
  const root = tempDir('rh-help-');
  it('an unknown command exits 2 with a "did you mean" and the usage', () => {
    const result = ralphHooks(['genrate'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^ralph-hooks: unknown command 'genrate'\. Did you mean generate\?\n\nUsage: ralph-hooks <command>/);
  });

  it('no command prints the usage on stderr and exits 2', () => {
    const result = ralphHooks([], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: ralph-hooks <command> [options]');
  });

  it('the usage lists every command, --help and --version', () => {
    const { stdout, status } = ralphHooks(['--help'], { cwd: root });
    expect(status).toBe(0);
    for (const command of ['init', 'generate', 'add', 'remove', 'upgrade', 'uninstall', 'test', 'record', 'doctor', 'schema', 'help']) {
      expect(stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
    }
    expect(stdout).toContain('-v, --version');
    expect(ralphHooks(['--version'], { cwd: root }).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('`help <command>` prints the same text as `<command> --help`; `help nope` is a usage error', () => {
    for (const command of ['init', 'generate', 'add', 'remove', 'upgrade', 'uninstall', 'test', 'record', 'doctor', 'schema']) {
      const viaHelp = ralphHooks(['help', command], { cwd: root });
      expect(viaHelp.status, command).toBe(0);
      expect(viaHelp.stdout, command).toBe(ralphHooks([command, '--help'], { cwd: root }).stdout);
      expect(viaHelp.stdout, command).toMatch(/^Usage: ralph-hooks /);
    }
    expect(ralphHooks(['help'], { cwd: root }).stdout).toContain('Commands:');
    expect(ralphHooks(['help', 'nope'], { cwd: root }).status).toBe(2);
  }, 180_000);

  it('every command that takes --on-conflict lists every policy in its help, adopt included', () => {
    for (const command of ['init', 'generate', 'add', 'remove', 'upgrade']) {
      const help = ralphHooks([command, '--help'], { cwd: tempDir() }).stdout;
      expect(help, command).toContain(`--on-conflict <${CONFLICT_POLICIES.join('|')}>`);
    }
  });

  it('schema --help prints help, not the schema', () => {
    const result = ralphHooks(['schema', '--help'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: ralph-hooks schema/);
    expect(result.stdout).not.toContain('"$id"');
  });

  it('suggestions: edit distance with transpositions; nothing far away', () => {
    expect(editDistance('genrate', 'generate')).toBe(1);
    expect(editDistance('dcotor', 'doctor')).toBe(1);
    expect(closest('dcotor', ['doctor', 'init'])).toBe('doctor');
    expect(closest('xyz', ['doctor', 'init'])).toBeUndefined();
  });
});

/**
 * `init` on a real terminal (script(1)). Event-driven: `typedAhead` is written at once, before
 * init has drawn anything; `atFirstQuestion` once the first question has been printed. The
 * test waits for the process to end.
 */
function initOnTerminal(root: string, keys: { typedAhead?: string; atFirstQuestion?: string }): Promise<{ status: number | null; output: string }> {
  return onTerminal(root, 'init', 'Where do the hooks go?', keys);
}

/** A command run on a real terminal (`script`): `atFirstQuestion` is typed when `question` shows. */
function onTerminal(root: string, command: string, question: string, keys: { typedAhead?: string; atFirstQuestion?: string }): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', `node ${CLI} ${command}`, '/dev/null'], {
      cwd: root,
      env: { ...process.env, npm_config_yes: '', NO_COLOR: '1', TERM: 'dumb' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let sent = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!sent && keys.atFirstQuestion !== undefined && output.includes(question)) {
        sent = true;
        child.stdin.write(keys.atFirstQuestion);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
    if (keys.typedAhead !== undefined) child.stdin.write(keys.typedAhead);
  });
}

describe('init --dir', () => {
  it('a mistyped path is a usage error (exit 2) that names the missing folder, and nothing is created', () => {
    const root = tempDir('rh-dir-');
    const missing = join(root, 'no-such-parent');
    const result = ralphHooks(['init', '--yes', '--dir', join(missing, 'project')], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`ralph-hooks init: --dir ${join(missing, 'project')}: no such folder ${missing}; check the path (init makes only the last folder of it).\n`);
    expect(existsSync(missing)).toBe(false);
  });

  it('a new folder inside an existing one is made (npm run demo -- --dir ../my-repo); a file is refused', () => {
    const root = tempDir('rh-dir-');
    const made = ralphHooks(['init', '--yes', '--quiet', '--dir', join(root, 'demo')], { cwd: root });
    expect(made.status, made.stderr).toBe(0);
    expect(existsSync(join(root, 'demo/ralph-hooks.config.json'))).toBe(true);
    writeFileSync(join(root, 'file'), '');
    const file = ralphHooks(['init', '--yes', '--dir', join(root, 'file')], { cwd: root });
    expect(file.status).toBe(2);
    expect(file.stderr).toContain('is a file, not a folder');
  });
});

describe('errors inside init', () => {
  it.each([
    ['[]', 'the top level must be a JSON object ({"target": …, "hooks": […]}), not an array'],
    ['"x"', 'the top level must be a JSON object ({"target": …, "hooks": […]}), not string'],
    ['{"hooks": 3}', 'is not valid:\n  - hooks: got 3; expected an array.'],
  ])('a config of the wrong shape (%s) is an error naming it, and nothing is written or removed', (config, message) => {
    const root = gitRepo();
    expect(ralphHooks(['init', '--yes', '--quiet'], { cwd: root }).status).toBe(0);
    writeFileSync(join(root, 'ralph-hooks.config.json'), `${config}\n`);
    const before = snapshot(root);
    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`ralph-hooks init: ralph-hooks.config.json${message.startsWith('is') ? ' ' : ': '}${message}`);
    expect(snapshot(root)).toEqual(before);
  });

  it('an empty config ({}) is filled in as for a new project: nothing is removed, $schema is added', () => {
    const root = gitRepo();
    expect(ralphHooks(['init', '--yes', '--quiet'], { cwd: root }).status).toBe(0);
    const before = readFileSync(join(root, 'ralph-hooks.config.json'), 'utf8');
    writeFileSync(join(root, 'ralph-hooks.config.json'), '{}\n');
    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('remove');
    expect(readFileSync(join(root, 'ralph-hooks.config.json'), 'utf8')).toBe(before);
  });

  it.each([
    ['.claude/settings.json', '{"permissions": {},}\n', '.claude/settings.json is not valid JSON (line 1, column 20)'],
    ['package.json', '{"name": "x",}\n', 'package.json is not valid JSON (line 1, column 14)'],
    ['ralph-hooks.config.json', '{"target":', 'ralph-hooks.config.json is not valid JSON (line 1, column 11)'],
  ])('a broken %s is one clean message with its line, no stack, and nothing is written', (file, text, message) => {
    const root = gitRepo();
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^ralph-hooks init: ${message.replace(/[.()]/g, '\\$&')}: .*\nFix the file \\(or move it aside\\); ralph-hooks left it untouched\.\n$`));
    expect(result.stderr).not.toMatch(/    at /);
    expect(readFileSync(join(root, file), 'utf8')).toBe(text);
    expect(readdirSync(root).sort()).toEqual(['.git', file.split('/')[0]!].sort());
  });

  it('a conflict is one message and exit 2, without the generator framework\'s error line or a stack', () => {
    const root = gitRepo();
    expect(ralphHooks(['init', '--yes', '--quiet', '--extras', 'none'], { cwd: root }).status).toBe(0);
    writeFileSync(join(root, '.claude/hooks/stop-watcher.sh'), '# mine\n');
    const result = ralphHooks(['init', '--yes'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^ralph-hooks init: 1 file\(s\) were edited by hand/);
    expect(result.stderr + result.stdout).not.toMatch(/An error occured|    at /);
  });
});

describe('Ctrl-C', () => {
  it('at a question: exit 130, one line, no stack, nothing written', async () => {
    const root = gitRepo();
    const { status, output } = await initOnTerminal(root, { atFirstQuestion: '\x03' });
    expect(output).toContain('Where do the hooks go?');
    expect(output).toContain('ralph-hooks init: interrupted; nothing was written.');
    expect(output).not.toMatch(/ExitPromptError|An error occured|    at /);
    expect(status).toBe(130);
    expect(existsSync(join(root, 'ralph-hooks.config.json'))).toBe(false);
    expect(readdirSync(root)).toEqual(['.git']);
  }, 120_000);

  it("at uninstall's confirmation: exit 130 like init and generate, nothing removed", async () => {
    const root = gitRepo();
    expect(ralphHooks(['init', '--yes', '--quiet'], { cwd: root }).status).toBe(0);
    const before = readdirSync(root).sort();
    const { status, output } = await onTerminal(root, 'uninstall', 'Remove these? [y/N]', { atFirstQuestion: '\x03' });
    expect(output).toContain('ralph-hooks uninstall: interrupted; nothing was removed.');
    expect(status).toBe(130);
    expect(readdirSync(root).sort()).toEqual(before);
    expect(existsSync(join(root, 'ralph-hooks.config.json'))).toBe(true);
  }, 120_000);
});

describe('keys typed ahead', () => {
  const DOWN = '\x1b[B';
  it('answer the questions they were typed for, even before the first one is drawn', async () => {
    const root = gitRepo();
    // Down + Enter: the second target; Enter: the default stop-watcher, the guard (preselected), no cost cap, the default extras, "write".
    const { status, output } = await initOnTerminal(root, { typedAhead: `${DOWN}\r\r\r\r\r\r` });
    expect(output).toContain('Done:');
    expect(status).toBe(0);
    const config = JSON.parse(readFileSync(join(root, 'ralph-hooks.config.json'), 'utf8'));
    expect(config.target).toBe('claude-plugin');
    expect(config.hooks).toEqual([{ kind: 'stop-watcher', preset: 'specum' }, { kind: 'guard', preset: 'guard' }]);
    // The checkbox starts from the same defaults as --yes: scenarios are opt-in.
    expect(config.extras.scenarios).toBe(false);
    expect(config.extras.vitest).toBe(true);
  }, 120_000);

  it('a Ctrl-C typed after the last answer still interrupts: exit 130, nothing written', async () => {
    const root = gitRepo();
    const { status, output } = await initOnTerminal(root, { atFirstQuestion: '\r\r\r\r\r\r\x03' });
    expect(output).not.toMatch(/ExitPromptError|An error occured|    at /);
    expect(status).toBe(130);
    expect(readdirSync(root)).toEqual(['.git']);
  }, 120_000);
});
