/**
 * The guard's lexer alone: the generated core sourced by a small bash driver that stands in
 * for the rules (command_rules prints what the lexer hands a rule) and fed commands
 * one by one. What each command becomes — its simple commands, their words with wrappers
 * stripped, the files they write and read — is asserted without any rule in the way.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { renderHooks } from '../../src/generate/render-hooks.js';
import { scratchDir } from './helpers.js';

const DRIVER = String.raw`# The settings the core reads from the guard's own file, then the core itself.
readonly MAX_INPUT_BYTES=1048576 MAX_TOKENS=20000 CHECK_MS=3000 MAX_NESTING=3
readonly LOG_PREFIX=lexer-test LOG_FILE=lexer-test.log HOOK_NAME=lexer-test ACTIVE_WHEN_ENV=''
GUARD_START_US=${'$'}{EPOCHREALTIME:-}
readonly GUARD_CORE=$1/guard-core.sh
source "${'$'}{GUARD_CORE}" </dev/null
# Instead of the rules: one line per simple command.
command_rules() {
  local IFS='|'
  printf '%s' "${'$'}{argv[*]}"
  ((${'$'}{#writes[@]} == 0)) || printf ' writes=%s' "${'$'}{writes[*]}"
  ((${'$'}{#reads[@]} == 0)) || printf ' reads=%s' "${'$'}{reads[*]}"
  ((${'$'}{#assigns[@]} == 0)) || printf ' assigns=%s' "${'$'}{assigns[*]}"
  ((${'$'}{#env_unsets[@]} == 0)) || printf ' unsets=%s' "${'$'}{env_unsets[*]}"
  ((wrapped_sudo == 0)) || printf ' sudo'
  ((piped == 0)) || printf ' piped'
  [[ ${'$'}{cur_dir} == /p ]] || printf ' in=%s' "${'$'}{cur_dir}"
  printf '\n'
}
BASE_DIR=/p PROJECT_ROOT=/p
while IFS= read -r -d '' COMMAND; do
  lex_command COMMAND 0 || printf 'denied: %s\n' "${'$'}{DENY_REASON}"
  printf -- '--\n'
  DENY_RULE='' DENY_REASON=''
done <"$2"
DECIDED=1
`;

/** The simple commands the lexer makes of each command, as the driver prints them. */
function lex(commands: string[]): string[][] {
  const dir = scratchDir('lexer-');
  const { files } = renderHooks(validateConfig({ target: 'claude-project', hooks: [{ kind: 'guard', preset: 'guard' }] }));
  for (const file of files.filter((f) => /\/guard(-core|-parse|-read|-effects|-places)?\.sh$/.test(f.path))) writeFileSync(join(dir, file.path.split('/').pop()!), file.content);
  writeFileSync(join(dir, 'driver.sh'), DRIVER);
  writeFileSync(join(dir, 'commands'), commands.map((c) => `${c}\0`).join(''));
  const run = spawnSync('bash', [join(dir, 'driver.sh'), dir, join(dir, 'commands')], { cwd: dir, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout.split('--\n').slice(0, -1).map((block) => block.split('\n').filter(Boolean));
}

describe('guard: the lexer alone', () => {
  it('splits lists and pipelines into simple commands, strips wrappers, follows cd, and collects writes, reads and assignments', () => {
    expect(lex([
      'sudo rm -rf /tmp/x && echo hi | tee out.txt',
      'FOO=1 env -u BAR timeout 5 npm test 2>/dev/null',
      'cp a b; cat < in.txt # rm -rf /',
      '/usr/bin/sed -i -e s/a/b/ f1 f2',
      'cd sub && touch f; cd ../.. && ls',
    ])).toEqual([
      ['rm|-rf|/tmp/x writes=/tmp/x sudo', 'echo|hi', 'tee|out.txt writes=out.txt piped'],
      ['npm|test writes=/dev/null assigns=FOO=1 unsets=BAR'],
      ['cp|a|b writes=b reads=a', 'cat reads=in.txt'],
      ['sed|-i|-e|s/a/b/|f1|f2 writes=f1|f2 reads=f1|f2'],
      // A cd may fail: after `;` the next command is judged in both folders, after `&&` in the new one.
      ['cd|sub', 'touch|f writes=f in=/p/sub', 'cd|../.. in=/p/sub', 'cd|../..', 'ls in=/'],
    ]);
  });

  it('reads words as bash reads them: ANSI-C strings decoded, braces expanded, backslashes in double quotes kept', () => {
    expect(lex([
      String.raw`echo $'\x72\x6d' $'\162\155' $'\u0041\tb' $'a\\b' $'\cA' x`,
      'echo {rm,-rf,x} r{m,} a{1..3} b{01..3} {a..c} {a,{b,c}}d ${x} {} {a}',
      String.raw`echo "\x72" "\$HOME" "a\\b" $"plain"`,
      '{rm,-rf,x}',
      'echo {1..100000}', // denied as unreadable (DENY_RULE); the word kept as it stands
    ])).toEqual([
      ['echo|rm|rm|A\tb|a\\b|\x01|x'],
      ['echo|rm|-rf|x|rm|r|a1|a2|a3|b01|b02|b03|a|b|c|ad|bd|cd|${x}|{}|{a}'],
      ['echo|\\x72|$HOME|a\\b|plain'],
      ['rm|-rf|x writes=x'],
      ['echo|{1..100000}'],
    ]);
  });

  it('looks into bash -c, $( ) and here-documents fed to a shell, but not into data', () => {
    expect(lex([
      "bash -c 'git push --force'",
      'echo "$(rm -rf a)" > log.txt',
      "cat <<'EOF' > notes.md\nrm -rf /\nEOF",
      'bash <<EOF\nrm -rf x\nEOF\nls',
      "echo 'rm -rf /' \"a  b\" c\\ d",
    ])).toEqual([
      ['bash|-c|git push --force', 'git|push|--force'],
      ['echo|$(rm -rf a) writes=log.txt', 'rm|-rf|a writes=a'],
      ['cat writes=notes.md'],
      ['bash', 'rm|-rf|x writes=x', 'ls'],
      ['echo|rm -rf /|a  b|c d'],
    ]);
  });

  it('stops at MAX_NESTING levels, with a reason', () => {
    const [lines] = lex(["bash -c \"bash -c 'bash -c \\\"bash -c ls\\\"'\""]);
    expect(lines!.at(-1)).toMatch(/^denied: nesting: the command nests bash -c .* more than 3 levels deep/);
  });
});
