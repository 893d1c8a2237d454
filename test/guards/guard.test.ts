/**
 * The guard beyond the corpus: failing closed, the denial log, the stateful doom-loop
 * rule, user rules and allowlists, rules that are off by default, activation, and
 * shellcheck over different rule sets.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { validateConfig } from '../../src/config/load.js';
import { GUARD_RULE_IDS } from '../../src/presets/guard.js';
import { assertAllow, assertDeny, preToolUseInput, runHook } from '../../testkit/index.js';
import { generateProject } from '../helpers/generate.js';
import { runWithUnreadable } from '../helpers/unreadable.js';
import { caseInput, guardProject, runGuard, scratchDir, verdict, type Contract } from './helpers.js';

const CONTRACTS: Contract[] = ['claude-code', 'forgeflare'];
const bashCase = (command: string, id = 1) => ({ id, command, dangerous: false });

describe('guard: fails closed', () => {
  for (const contract of CONTRACTS) {
    it(`${contract}: unreadable input, empty input, a NUL in a field, no jq → a deny that says the guard failed, exit 0`, async () => {
      const p = guardProject(contract);
      const noJq = scratchDir('nojq-');
      for (const tool of ['bash', 'cat', 'mkdir']) {
        symlinkSync(spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim(), join(noJq, tool));
      }
      const runs = [
        await runGuard(p, 'this is not json'),
        await runGuard(p, ''),
        await runGuard(p, '[1,2,3]'),
        await runGuard(p, JSON.stringify({ tool_name: 'Bash', tool: 'Bash', tool_input: { command: 'ls\u0000rm -rf /' }, input: { command: 'ls\u0000rm -rf /' } })),
        await runGuard(p, caseInput(bashCase('ls'), p), { PATH: noJq }),
      ];
      for (const result of runs) {
        expect(result.exitCode).toBe(0);
        assertDeny(result, 'guard (guard) failed');
        assertDeny(result, 'not because of what it does');
      }
      expect(runs[4]!.json ? verdict(runs[4]!).reason : '').toContain('jq is not installed');
    });
  }

  it('an unplanned exit (here: SIGTERM) becomes a deny through the EXIT trap', async () => {
    const p = guardProject('forgeflare');
    // A command long enough that the guard is still lexing when the signal lands.
    const long = Array.from({ length: 3000 }, (_, i) => `echo ${i}`).join(' && ');
    const child = spawnSync('bash', ['-c', `bash "$0" < "$1" & pid=$!; sleep 0.05; kill -TERM $pid; wait $pid; echo "rc=$?"`, p.script, writeInput(p.root, caseInput(bashCase(long), p))], { encoding: 'utf8', cwd: p.root });
    const [json, rc] = child.stdout.trim().split('\n');
    expect(rc).toBe('rc=0');
    expect(JSON.parse(json!)).toMatchObject({ action: 'block', reason: expect.stringContaining('unexpected exit (status 143)') });
  });
});

function writeInput(root: string, input: unknown): string {
  const file = join(root, 'input.json');
  writeFileSync(file, JSON.stringify(input));
  return file;
}

describe('guard: the command checked while jq starts', () => {
  // The guard checks the command it can see in the raw input while jq starts, and keeps
  // that result only when jq reads the same tool, command and cwd. Each input here shows
  // bash a guess that is wrong, in a way that flips the decision if it were kept.
  const raw = (contract: Contract, root: string, fields: { decoy?: unknown; tool?: string; input: Record<string, unknown>; cwd?: string }): string => {
    const cwd = fields.cwd ?? root;
    const tool = fields.tool ?? 'Bash';
    const decoy = fields.decoy === undefined ? {} : { decoy: fields.decoy };
    return JSON.stringify(contract === 'forgeflare'
      ? { event: 'PreToolUse', phase: 'guard', ...decoy, tool, input: fields.input, tool_iterations: 1, cwd }
      : { session_id: 's', ...decoy, cwd, hook_event_name: 'PreToolUse', tool_name: tool, tool_input: fields.input });
  };

  for (const contract of CONTRACTS) {
    it(`${contract}: a guess jq does not confirm is forgotten (a decoy command or cwd first, another tool, an escape read otherwise)`, async () => {
      const p = guardProject(contract);
      const run = (input: string) => runGuard(p, input);
      assertAllow(await run(raw(contract, p.root, { decoy: { command: 'rm -rf /' }, input: { command: 'ls' } })), { explicit: contract === 'forgeflare' });
      assertDeny(await run(raw(contract, p.root, { decoy: { command: 'ls' }, input: { command: 'rm -rf / --no-preserve-root' } })), /^fs-destroy: /);
      assertAllow(await run(raw(contract, p.root, { tool: 'Write', input: { command: 'rm -rf ~', file_path: join(p.root, 'src/a.ts'), content: 'x' } })), { explicit: contract === 'forgeflare' });
      // JSON's \/ is a slash; printf %b keeps the backslash, so bash guesses a harmless name.
      assertDeny(await run(raw(contract, p.root, { input: { command: "rm -rf '/'" } }).replace("'/'", "'\\/'")), /^fs-destroy: /);
      // The same past escaped quotes, which bash steps over (a commit's "$(cat <<'EOF' … )").
      const commit = `git commit -m "$(cat <<'EOF'\nfix: deny "rm -rf /" \\ and more\nEOF\n)"`;
      assertAllow(await run(raw(contract, p.root, { input: { command: commit } })), { explicit: contract === 'forgeflare' });
      assertDeny(await run(raw(contract, p.root, { input: { command: `${commit} && rm -rf '/'` } }).replace("'/'", "'\\/'")), /^fs-destroy: /);
      // The cwd: a decoy inside the project, the real one outside it, where tee writes.
      const outside = scratchDir('elsewhere-');
      const writeHere = { input: { command: 'tee notes.md' } };
      const denied = await run(raw(contract, p.root, { ...writeHere, decoy: { cwd: p.root }, cwd: outside }));
      if (contract === 'forgeflare') {
        // forgeflare's project is the cwd itself: the write is inside it.
        assertAllow(denied, { explicit: true });
      } else {
        assertDeny(denied, /^scope: /);
      }
    });
  }

  it('reads the whole raw input on every path: 300 KB through a pipe, checked or passed by activeWhenEnv, and the writer never sees EPIPE', async () => {
    const p = guardProject('forgeflare', { activeWhenEnv: 'RALPH_LOOP' });
    const words = `echo ${Array.from({ length: 45_000 }, (_, i) => `w${i}`).join(' ')}`;
    const input = JSON.stringify(caseInput(bashCase(words), p));
    expect(input.length).toBeGreaterThan(300_000);
    for (const active of [true, false]) {
      const result = await new Promise<{ stdout: string; stdinError?: string; code: number | null }>((done) => {
        const child = spawn('bash', [p.script], { cwd: p.root, env: { ...process.env, HOME: p.home, RALPH_LOOP: active ? '1' : '' } });
        let stdout = '';
        let stdinError: string | undefined;
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stdin.on('error', (error: NodeJS.ErrnoException) => (stdinError = error.code));
        child.on('close', (code) => done({ stdout, stdinError, code }));
        child.stdin.end(input);
      });
      expect(result.code).toBe(0);
      expect(result.stdinError).toBeUndefined();
      expect(JSON.parse(result.stdout)).toEqual({ action: 'allow' });
    }
  });
});

describe('guard: the denial log', () => {
  it('logs time, rule, tool and the first 200 characters of every denial', async () => {
    const p = guardProject('claude-code');
    const long = `rm -rf / ${'x'.repeat(300)}`;
    await runGuard(p, caseInput(bashCase(long), p));
    await runGuard(p, caseInput({ id: 2, tool: 'Edit', input: { file_path: '{root}/.claude/settings.json' }, dangerous: true }, p));
    await runGuard(p, caseInput(bashCase('ls', 3), p)); // allowed: not logged
    const lines = readFileSync(join(p.root, '.ralph-hooks/logs/guard.log'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
    expect(lines).toHaveLength(2);
    expect(lines[0]![0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}$/);
    expect(lines[0]!.slice(1)).toEqual(['fs-destroy', 'Bash', long.slice(0, 200)]);
    expect(lines[1]!.slice(1)).toEqual(['harness-tamper', 'Edit', join(p.root, '.claude/settings.json')]);
  });

  it('a logging failure never changes the decision', async () => {
    const p = guardProject('forgeflare', { logFile: 'readonly-dir/guard.log' });
    mkdirSync(join(p.root, 'readonly-dir'));
    chmodSync(join(p.root, 'readonly-dir'), 0o500);
    const denied = await runGuard(p, caseInput(bashCase('git push --force'), p));
    const allowed = await runGuard(p, caseInput(bashCase('git status', 2), p));
    chmodSync(join(p.root, 'readonly-dir'), 0o700);
    assertDeny(denied, 'git-destroy:');
    assertAllow(allowed, { explicit: true });
    expect(denied.stderr).not.toContain('Permission denied');
  });
});

describe('guard: doom-loop (stateful)', () => {
  it('denies the Nth identical call in a row; a different call or another session starts over', async () => {
    const p = guardProject('claude-code', { rules: { 'doom-loop': { repeats: 3 } } });
    const same = (session = 's') => caseInput(bashCase('npm test'), p, session);
    const kinds = [];
    for (let i = 0; i < 4; i++) kinds.push(verdict(await runGuard(p, same())).kind);
    expect(kinds).toEqual(['none', 'none', 'deny', 'deny']);
    assertDeny(await runGuard(p, same()), /^doom-loop: this exact Bash call has now been made 5 times in a row\. Instead: /);
    expect(verdict(await runGuard(p, caseInput(bashCase('npm run lint', 2), p, 's'))).kind).toBe('none');
    expect(verdict(await runGuard(p, same())).kind).toBe('none');
    expect(verdict(await runGuard(p, same('other-session'))).kind).toBe('none');
  });

  it('keeps its state as a series of new files: old ones go, the count runs on, and a FIFO as the newest is not read', async () => {
    const p = guardProject('claude-code', { rules: { 'doom-loop': { repeats: 3 } } });
    const dir = join(p.root, '.ralph-hooks/state');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'guard.doom-loop'), '2\ns\nold\n'); // where versions before the series kept it
    for (let i = 0; i < 20; i++) expect(verdict(await runGuard(p, caseInput(bashCase(`ls ${i}`, i + 1), p, 's'))).kind).toBe('none');
    const series = readdirSync(dir).filter((name) => name.startsWith('guard.doom-loop')).sort();
    expect(series.length).toBeLessThanOrEqual(17);
    expect(series).not.toContain('guard.doom-loop');
    expect(series.at(-1)).toBe('guard.doom-loop.0000000020');
    const kinds = [];
    for (let i = 0; i < 3; i++) kinds.push(verdict(await runGuard(p, caseInput(bashCase('npm test', 30), p, 's'))).kind);
    expect(kinds).toEqual(['none', 'none', 'deny']);
    // A FIFO with no writer as the newest file: never opened (it would block), the count starts over.
    expect(spawnSync('mkfifo', [join(dir, 'guard.doom-loop.0000000099')]).status).toBe(0);
    const result = await runGuard(p, caseInput(bashCase('npm test', 30), p, 's'));
    expect(result.timedOut).toBe(false);
    expect(verdict(result).kind).toBe('none');
    expect(readFileSync(join(dir, 'guard.doom-loop.0000000100'), 'utf8')).toMatch(/^1\ns\n/);
  });

  it('counts every tool, not only Bash', async () => {
    const p = guardProject('forgeflare', { rules: { 'doom-loop': { repeats: 2 } } });
    const readIt = caseInput({ id: 1, tool: 'Read', input: { file_path: '{root}/src/a.ts' }, dangerous: false }, p);
    expect(verdict(await runGuard(p, readIt)).kind).toBe('allow');
    expect(verdict(await runGuard(p, readIt)).reason).toMatch(/^doom-loop: /);
  });
});

describe('guard: user rules, allowlists and rule options', () => {
  it('custom deny rules match the normalised command (wrappers stripped) or the file path', async () => {
    const p = guardProject('forgeflare', {
      custom: [
        { id: 'no-prod-db', pattern: '(^| )psql .*prod', reason: 'use the staging database (psql $STAGING_URL)' },
        { id: 'no-vendor-edit', pattern: '/vendor/', tools: ['Edit', 'Write'], reason: 'vendor code is updated with the package manager' },
      ],
    });
    assertDeny(await runGuard(p, caseInput(bashCase('sudo -u app timeout 5 psql -h prod-db'), p)), /^no-prod-db: /); // the project's rules come first
    assertDeny(await runGuard(p, caseInput(bashCase('env X=1 timeout 5 /usr/bin/psql -h prod-db', 2), p)), 'no-prod-db: the command matches a rule of this project. Instead: use the staging database');
    assertDeny(await runGuard(p, caseInput({ id: 3, tool: 'Edit', input: { file_path: '{root}/vendor/lib.js' }, dangerous: true }, p)), 'no-vendor-edit:');
    assertAllow(await runGuard(p, caseInput(bashCase('psql -h staging', 4), p)), { explicit: true });
  });

  it('the allowlist exempts a whole normalised command from every rule but harness-tamper', async () => {
    const p = guardProject('claude-code', { allow: ['rm -rf \\./\\.cache/.*', 'echo .*'] });
    assertAllow(await runGuard(p, caseInput(bashCase('rm -rf ./.cache/..'), p)));
    assertDeny(await runGuard(p, caseInput(bashCase('echo x > .claude/settings.json', 2), p)), /^harness-tamper: /);
    assertDeny(await runGuard(p, caseInput(bashCase('rm -rf / ./.cache/x', 3), p)), /^fs-destroy: /); // the pattern must match in full
  });

  it('network and publish are off by default and deny when turned on', async () => {
    const p = guardProject('forgeflare', { rules: { network: { enabled: true }, publish: { enabled: true } } });
    assertDeny(await runGuard(p, caseInput(bashCase('ssh deploy@host uptime'), p)), /^network: /);
    assertDeny(await runGuard(p, caseInput(bashCase('nohup nc -l 4444', 2), p)), /^network: /);
    assertDeny(await runGuard(p, caseInput(bashCase('npm publish --access public', 3), p)), /^publish: /);
    assertDeny(await runGuard(p, caseInput(bashCase('gh release create v1.0.0', 4), p)), /^publish: /);
  });

  it('each rule can be turned off; git-destroy honours allowForceWithLease and protectedBranches', async () => {
    const off = guardProject('forgeflare', { rules: { 'git-destroy': { enabled: false } } });
    assertAllow(await runGuard(off, caseInput(bashCase('git push --force'), off)), { explicit: true });
    const strict = guardProject('forgeflare', { rules: { 'git-destroy': { allowForceWithLease: false, protectedBranches: ['main'] } } });
    assertDeny(await runGuard(strict, caseInput(bashCase('git push --force-with-lease'), strict)), /^git-destroy: /);
    assertDeny(await runGuard(strict, caseInput(bashCase('git push origin HEAD:main', 2), strict)), 'protected branch main');
    assertAllow(await runGuard(strict, caseInput(bashCase('git push origin feature', 3), strict)), { explicit: true });
  });

  it('activeWhenEnv: outside the loop the guard allows everything (and still reads its input)', async () => {
    const p = guardProject('forgeflare', { activeWhenEnv: 'RALPH_LOOP' });
    assertAllow(await runGuard(p, caseInput(bashCase('rm -rf /'), p), { RALPH_LOOP: undefined }), { explicit: true });
    assertDeny(await runGuard(p, caseInput(bashCase('rm -rf /', 2), p), { RALPH_LOOP: '1' }), /^fs-destroy: /);
  });

  it('looks into bash -c / eval / $( ) up to maxNesting levels and denies deeper nesting', async () => {
    const p = guardProject('forgeflare', { maxNesting: 2 });
    assertAllow(await runGuard(p, caseInput(bashCase(`bash -c "sh -c 'echo hi'"`), p)), { explicit: true });
    assertDeny(await runGuard(p, caseInput(bashCase(`bash -c "sh -c 'eval echo hi'"`, 2), p)), /^nesting: /);
  });

  it('~USER is the home folder /etc/passwd gives that user, as bash finds it (~bin: /bin), not a guess under /home', async () => {
    // A system user whose home is neither /root nor under /home (Debian: daemon /usr/sbin, bin /bin).
    const entry = readFileSync('/etc/passwd', 'utf8').split('\n').map((line) => line.split(':'))
      .find(([name, , , , , home]) => /^[a-z_][a-z0-9_-]*$/.test(name ?? '') && home && home !== '/' && !/^\/(root|home)(\/|$)/.test(home) && existsSync(home));
    expect(entry, 'a system user with a home folder outside /home in /etc/passwd').toBeDefined();
    const [user, , , , , home] = entry!;
    const p = guardProject('forgeflare');
    const denied = verdict(await runGuard(p, caseInput(bashCase(`rm -rf ~${user}`), p)));
    expect(denied.kind).toBe('deny');
    expect(denied.reason).toContain(`resolves to ${realpathSync(home!)}`);
    expect(verdict(await runGuard(p, caseInput(bashCase(`rm -rf ~${user}/..`, 2), p))).reason).toContain(`resolves to ${realpathSync(dirname(home!))}`);
    // A user /etc/passwd does not list (a directory service's): taken to live under /home.
    expect(verdict(await runGuard(p, caseInput(bashCase('rm -rf ~no-such-user-here', 3), p))).reason).toContain('resolves to /home/no-such-user-here');
  });

  it('every reason says what to do instead', async () => {
    const p = guardProject('forgeflare');
    for (const command of ['rm -rf ~', 'git reset --hard', 'git commit -n -m x', 'cat .env', 'curl x | sh', 'sudo ls', 'terraform destroy', 'touch /etc/x']) {
      expect(verdict(await runGuard(p, caseInput(bashCase(command), p))).reason).toMatch(/^[a-z-]+: .+\. Instead: .{10,}/);
    }
  });
});

describe('guard: generation', () => {
  it('is shellcheck-clean with every rule on, every rule off, and the defaults, in both contracts: the guard and the parts it sources', () => {
    const all = (enabled: boolean) => ({ rules: Object.fromEntries(GUARD_RULE_IDS.map((id) => [id, { enabled }])), custom: [{ id: 'c', pattern: 'x', reason: 'y' }], allow: ['ls'] });
    // The parts are the same for most rule sets: each text is checked once.
    const checked = new Set<string>();
    for (const target of ['claude-project', 'forgeflare']) {
      for (const options of [{}, all(true), all(false)]) {
        const { files } = renderHooks(validateConfig({ target, hooks: [{ kind: 'guard', preset: 'guard', options }] }));
        const scripts = files.filter((file) => /\/guard(-core|-parse|-rules\/[a-z0-9-]+)?\.sh$/.test(file.path));
        expect(scripts.length).toBeGreaterThanOrEqual(3);
        for (const script of scripts.filter((file) => !checked.has(file.content))) {
          checked.add(script.content);
          const result = spawnSync('shellcheck', ['--severity=style', '-'], { input: script.content, encoding: 'utf8' });
          expect(result.stdout, `${target} ${script.path} ${JSON.stringify(options).slice(0, 60)}`).toBe('');
        }
      }
    }
  }, 300_000); // shellcheck over every rule set, both contracts: minutes of CPU on a busy 2-core machine

  it('registers for the tools its rules need: every tool with doom-loop, a list without it', () => {
    const claude = (options: object) => renderHooks(validateConfig({ hooks: [{ kind: 'guard', preset: 'guard', options }] })).commands.map((c) => [c.event, c.matcher]);
    // And, under Claude Code, for the Bash lines of skills and custom commands (PreSkillShellCommand).
    expect(claude({})).toEqual([['PreToolUse', '*'], ['PreSkillShellCommand', 'Bash']]);
    expect(claude({ rules: { 'doom-loop': { enabled: false } } })).toEqual([['PreToolUse', 'Bash|Edit|Write|MultiEdit|NotebookEdit|Read|Grep|Glob'], ['PreSkillShellCommand', 'Bash']]);
    const forge = renderHooks(validateConfig({ target: 'forgeflare', hooks: [{ kind: 'guard', preset: 'guard', options: { rules: { 'doom-loop': { enabled: false }, secrets: { enabled: false } } } }] })).commands;
    expect(forge.map((c) => [c.matcher, c.phase])).toEqual([['Bash', 'guard'], ['Edit', 'guard']]);
  });

  it('under Claude Code a deny is permissionDecision "deny" with exit 0, and an allow prints nothing', async () => {
    const p = guardProject('claude-code');
    const denied = await runGuard(p, preToolUseInput({ cwd: p.root, session_id: 'x', tool_input: { command: 'rm -rf /' } }));
    expect(denied.exitCode).toBe(0);
    expect(denied.json).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/^fs-destroy: /) } });
    const allowed = await runGuard(p, preToolUseInput({ cwd: p.root, session_id: 'y', tool_input: { command: 'ls' } }));
    expect([allowed.exitCode, allowed.stdout]).toEqual([0, '']);
  });
});

describe('guard: input it cannot read, and the files it writes', () => {
  for (const contract of CONTRACTS) {
    it(`${contract}: null, trailing data, several documents, NUL bytes, non-objects → a deny that says why`, async () => {
      const p = guardProject(contract);
      const valid = JSON.stringify(caseInput(bashCase('ls'), p));
      const inputs: [string, Buffer | string][] = [
        ['null', 'null'],
        ['trailing garbage', `${valid} garbage`],
        ['two documents', `${valid}\n${valid}`],
        ['a trailing NUL byte', Buffer.concat([Buffer.from(valid), Buffer.from([0])])],
        ['a NUL byte inside', Buffer.from(valid.replace('"ls"', '"l\u0000s"'.replace('\\u0000', '\u0000')))],
        ['an escaped NUL in a field', valid.replace('"ls"', '"l\\u0000s"')],
        ['a string', '"Bash"'],
        ['a number', '42'],
        ['bytes that are not UTF-8', Buffer.concat([Buffer.from(valid.slice(0, valid.indexOf('"ls"') + 2)), Buffer.from([0xe2, 0x82]), Buffer.from(valid.slice(valid.indexOf('"ls"') + 2))])],
      ];
      for (const [what, input] of inputs) {
        const result = await runGuard(p, input);
        expect(result.exitCode, what).toBe(0);
        assertDeny(result, 'failed');
      }
      expect(verdict(await runGuard(p, 'null')).reason).toContain('it is null, not an object');
      expect(verdict(await runGuard(p, `${valid} x`)).reason).toContain('not one valid JSON document');
      // The same call, readable, is allowed.
      expect(verdict(await runGuard(p, valid)).kind).not.toBe('deny');
    });
  }

  it('a command over maxCommandBytes is denied as too large, with the limit in the reason', async () => {
    const p = guardProject('forgeflare', { maxCommandBytes: 8192 });
    const result = await runGuard(p, caseInput(bashCase(`echo ${'a'.repeat(9000)}`), p));
    expect(verdict(result)).toEqual({ kind: 'deny', reason: expect.stringContaining('over this guard\'s limit of 8192 bytes') });
    expect(verdict(await runGuard(p, caseInput(bashCase(`echo ${'a'.repeat(4000)}`), p))).kind).toBe('allow');
  });

  it('a command of more than maxCommandTokens tokens is denied as too large, whichever part of the lexer counts them', async () => {
    const p = guardProject('forgeflare', { maxCommandTokens: 1000, rules: { 'doom-loop': { enabled: false } } });
    const kind = async (command: string) => verdict(await runGuard(p, caseInput(bashCase(command), p)));
    const tooMany = { kind: 'deny', reason: expect.stringContaining('more than 1000 shell tokens') };
    expect((await kind(`echo ${'"a" '.repeat(300)}`)).kind).toBe('allow');
    expect(await kind(`echo ${'"a" '.repeat(600)}`)).toEqual(tooMany);
    // After a quote the lexer counts the operators (before it, they are counted at once).
    expect(await kind(`echo "x";${'ls;'.repeat(600)}`)).toEqual(tooMany);
    expect(await kind('ls;'.repeat(600))).toEqual({ kind: 'deny', reason: expect.stringContaining('chains more than 250 commands') });
    expect(await kind(`echo "${'\\a'.repeat(1200)}"`)).toEqual(tooMany);
    expect(await kind(`echo $(${'('.repeat(1200)})`)).toEqual(tooMany);
    expect(await kind(`cat <<-EOF\n${'\tline\n'.repeat(1200)}\tEOF\nls`)).toEqual(tooMany);
    // Below the limit, a tab-indented end line still ends the body.
    expect((await kind(`cat <<-EOF\n${'\tline\n'.repeat(300)}\tEOF\nls`)).kind).toBe('allow');
    expect((await kind(`cat <<-EOF\n${'\tline\n'.repeat(300)}\tEOF\nsudo ls`)).kind).toBe('deny');
  });

  it('the rules\' work on files counts against maxCommandTokens: a chain of commands that read or write files reaches it sooner than one of cd', async () => {
    // At the default (20,000) this keeps the longest chain accepted near a second and a half
    // of checking whatever its commands (5,000 × cd d; 2,850 × cat a; 1,250 × cp a b).
    const p = guardProject('forgeflare', { maxCommandTokens: 1000, rules: { 'doom-loop': { enabled: false } } });
    const kind = async (command: string) => verdict(await runGuard(p, caseInput(bashCase(command), p)));
    const chain = (command: string, n: number) => Array.from({ length: n }, () => command).join(' && ');
    const tooMany = { kind: 'deny', reason: expect.stringContaining('more than 1000 shell tokens') };
    expect((await kind(chain('cd d', 200))).kind).toBe('allow');
    expect(await kind(chain('cat a', 200))).toEqual(tooMany);
    expect((await kind(chain('cat a', 120))).kind).toBe('allow');
    expect(await kind(chain('cp a b', 80))).toEqual(tooMany);
    expect((await kind(chain('cp a b', 50))).kind).toBe('allow');
  });

  it('a list of plain words is taken in one step, up to a comment or a word that goes on past it', async () => {
    const p = guardProject('forgeflare', { rules: { 'doom-loop': { enabled: false } } });
    const words = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ');
    const kind = async (command: string) => verdict(await runGuard(p, caseInput(bashCase(command), p))).kind;
    expect(await kind(`echo ${words} ; rm -rf /`)).toBe('deny');
    expect(await kind(`echo ${words} # ; rm -rf /`)).toBe('allow');
    expect(await kind(`echo ${words} # a comment\nrm -rf /`)).toBe('deny');
    expect(await kind(`echo ${words} a#b ; rm -rf /`)).toBe('deny');
    expect(await kind(`echo ${words} w"; rm -rf /"`)).toBe('allow');
    expect(await kind(`echo ${words}\trm -rf /`)).toBe('allow');
    expect(await kind(`rm -rf ${words} /`)).toBe('deny');
  });

  it('doom-loop state is never written through a symlink, and a FIFO at the log path does not wedge a denial', async () => {
    const p = guardProject('claude-code');
    const outside = join(scratchDir('outside-'), 'passwd-copy');
    writeFileSync(outside, 'root:x:0:0:root:/root:/bin/bash\n');
    mkdirSync(join(p.root, '.ralph-hooks/state'), { recursive: true });
    mkdirSync(join(p.root, '.ralph-hooks/logs'), { recursive: true });
    symlinkSync(outside, join(p.root, '.ralph-hooks/state/guard.doom-loop'));
    spawnSync('mkfifo', [join(p.root, '.ralph-hooks/logs/guard.log')]);
    const result = await runGuard(p, caseInput(bashCase('sudo ls'), p), {});
    assertDeny(result, 'sudo');
    expect(result.timedOut).toBe(false);
    expect(readFileSync(outside, 'utf8')).toBe('root:x:0:0:root:/root:/bin/bash\n');
    expect(result.stderr).toContain('is a symlink; not writing through it');
  });

  it('a hard-linked doom-loop state file or denial log is not written through', async () => {
    const p = guardProject('claude-code');
    const outside = scratchDir('outside-');
    const state = join(outside, 'state-copy');
    const log = join(outside, 'log-copy');
    writeFileSync(state, 'root:x:0:0:root:/root:/bin/bash\nsecond line\nthird line\nfourth line\n');
    writeFileSync(log, 'precious log\n');
    mkdirSync(join(p.root, '.ralph-hooks/state'), { recursive: true });
    mkdirSync(join(p.root, '.ralph-hooks/logs'), { recursive: true });
    linkSync(state, join(p.root, '.ralph-hooks/state/guard.doom-loop'));
    linkSync(log, join(p.root, '.ralph-hooks/logs/guard.log'));
    const result = await runGuard(p, caseInput(bashCase('sudo ls'), p));
    assertDeny(result, 'sudo');
    expect(readFileSync(state, 'utf8')).toBe('root:x:0:0:root:/root:/bin/bash\nsecond line\nthird line\nfourth line\n');
    expect(readFileSync(log, 'utf8')).toBe('precious log\n');
    // The state itself goes on, in the series' first file.
    expect(readFileSync(join(p.root, '.ralph-hooks/state/guard.doom-loop.0000000001'), 'utf8')).toMatch(/^1\n/);
  });

  it('a denial log swapped for a symlink while denials run never gets a line out', async () => {
    const p = guardProject('claude-code');
    const outside = join(scratchDir('outside-'), 'target.log');
    writeFileSync(outside, '');
    const logs = join(p.root, '.ralph-hooks/logs');
    mkdirSync(logs, { recursive: true });
    // Swap the log between a regular file and a symlink out, as fast as bash can, while the guard denies.
    const swapper = spawn('bash', ['-c', 'cd "$1" || exit; while :; do ln -s "$2" l.tmp; mv -T l.tmp guard.log; : >f.tmp; mv -T f.tmp guard.log; done', 'swap', logs, outside], { stdio: 'ignore' });
    try {
      for (let i = 0; i < 40; i++) assertDeny(await runGuard(p, caseInput(bashCase('sudo ls', i + 1), p)), 'sudo');
    } finally {
      swapper.kill();
    }
    expect(readFileSync(outside, 'utf8')).toBe('');
  }, 120_000);

  it('a doom-loop state file no one may read (mode 000): the decision as usual, nothing on stderr', () => {
    const project = generateProject({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard' }] } as never);
    const state = project.file('.ralph-hooks/state/guard.doom-loop.0000000001');
    mkdirSync(dirname(state), { recursive: true });
    writeFileSync(state, '1\ncase-1\nkey\n');
    const input = preToolUseInput({ tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: project.root, session_id: 'case-1' });
    const result = runWithUnreadable({ file: state, command: ['bash', project.file('.claude/hooks/guard.sh')], cwd: project.root, input: JSON.stringify(input), open: [project.root], env: { CLAUDE_PROJECT_DIR: project.root } });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toContain('deny');
  });

  it('without CLAUDE_PROJECT_DIR, a relative or missing cwd never leads to a write outside the project', async () => {
    const p = guardProject('forgeflare');
    const work = scratchDir('cwd-');
    for (const cwd of ['-rf', '[]', 'false', undefined]) {
      const input = { event: 'PreToolUse', phase: 'guard', tool: 'Bash', input: { command: 'sudo ls' }, tool_iterations: 1, ...(cwd === undefined ? {} : { cwd }) };
      // Run from a folder with nothing in it: the guard may keep state only under its own folder.
      const result = await runHook(p.script, input, { cwd: work, env: { HOME: p.home } });
      expect(result.json).toMatchObject({ action: 'block' });
      for (const name of ['-rf', '[]', 'false']) expect(existsSync(join('/', name))).toBe(false);
    }
    // The guard's own folder is the project here: its state lives there, nowhere else.
    expect(readdirSync(work)).toEqual(['.ralph-hooks']);
  });
});
