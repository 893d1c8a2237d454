/**
 * The programs the guard knows, in one place: the wrappers that run a command they are
 * given (and how each hands it on), and the programs that never run their arguments.
 *
 * Every other program is suspect: when one of its arguments is a command name a rule cares
 * about, the words from there on are checked as a command of their own (`setsid rm -rf /`,
 * `strace -f rm -rf ~`), and a denial names the program that would have run it.
 *
 * From this file: strip_wrappers' generic arms and its fast path (templates/guard/core/
 * arguments.sh.hbs, through the guard's template context), the list of quiet programs the
 * suspect check skips, and the list "Commands run by other commands" in docs/guards.md
 * (`npm run build` writes it; test/docs/guard-channels.test.ts compares).
 */

/**
 * How a wrapper hands its command on:
 *   words  options (those in valueOptions take the next word), then `operands` words of its
 *          own (a duration, a mask, a user), then the command's words (generic, generated)
 *   own    a function of its own in arguments.sh.hbs (xargs, env, find -exec…): `handledBy`
 *          names it
 *   stdin  reads the commands it runs from standard input, as a shell does (at, batch):
 *          a here-string, a here-document or a pipe from echo/printf is checked
 */
export type WrapperHow = 'words' | 'own' | 'stdin';

export interface Wrapper {
  names: string[];
  how: WrapperHow;
  /** Options that take the next word as their value (words). `--opt=value` is always one word. */
  valueOptions?: string[];
  /** Options whose value is a file the wrapper itself reads or writes (a log, a trace): judged as a redirection from or to it. */
  fileOptions?: Record<string, 'read' | 'write'>;
  /** Words of its own between its options and the command (words): a duration, a mask, a user. */
  operands?: number;
  /** It runs the command as another user: the host rule sees a change of user (wrapped_sudo). */
  changesUser?: boolean;
  /** For `own`: the function or text in the templates that follows it (checked by a test). */
  handledBy?: string;
  /** The docs' line: markdown, the names in code spans. */
  doc: string;
}

export const WRAPPERS: readonly Wrapper[] = [
  { names: ['sudo', 'doas'], how: 'words', valueOptions: ['-u', '-g', '-p', '-C', '-D', '-h', '-r', '-t', '-U', '-R'], changesUser: true,
    doc: '`sudo`, `doas` (the command runs, and the `host` rule denies the change of user)' },
  { names: ['env'], how: 'own', handledBy: 'env)', doc: '`env [-i] [-u X] [X=1] [-S text]`: the command after it (`-S` text as a command line)' },
  { names: ['timeout'], how: 'words', valueOptions: ['-s', '-k', '--signal', '--kill-after'], operands: 1, doc: '`timeout [-s S] N`' },
  { names: ['nice', 'ionice', 'stdbuf'], how: 'words', valueOptions: ['-n', '-c', '-o', '-e', '-i', '-p'], doc: '`nice [-n N]`, `ionice [-c C]`, `stdbuf [-o M]`' },
  { names: ['nohup', 'builtin', 'chronic', 'unbuffer', 'setsid', 'catchsegv', 'fakeroot', 'dbus-run-session', 'dumb-init', 'tini', 'torsocks', 'tsocks', 'proxychains', 'proxychains4', 'firejail', 'valgrind', 'linux32', 'linux64'],
    how: 'words', doc: '`nohup`, `setsid`, `builtin`, `chronic`, `unbuffer`, `catchsegv`, `fakeroot`, `dbus-run-session`, `dumb-init`, `tini`, `torsocks`, `tsocks`, `proxychains`, `proxychains4`, `firejail`, `valgrind`, `linux32`, `linux64`: the command after each of these' },
  { names: ['time'], how: 'words', valueOptions: ['-f', '-o', '--format', '--output'], doc: '`time [-f F] [-o FILE]`' },
  { names: ['caffeinate'], how: 'words', valueOptions: ['-w', '-t'], doc: '`caffeinate [-w PID]`' },
  { names: ['exec'], how: 'words', valueOptions: ['-a'], doc: '`exec [-a NAME]`' },
  { names: ['command'], how: 'own', handledBy: 'command)', doc: '`command [-p]` (`command -v` / `-V` only look a name up)' },
  { names: ['taskset'], how: 'words', operands: 1, doc: '`taskset [-c] MASK`' },
  { names: ['chrt'], how: 'words', operands: 1, valueOptions: ['-T', '-P', '-D'], doc: '`chrt [opts] PRIORITY`' },
  { names: ['unshare'], how: 'words', valueOptions: ['-S', '-G', '-R', '-w', '--setuid', '--setgid', '--root', '--wd'], doc: '`unshare [opts]`' },
  { names: ['nsenter'], how: 'words', valueOptions: ['-t', '-S', '-G', '--target', '--setuid', '--setgid'], doc: '`nsenter [-t PID] [opts]`' },
  { names: ['setpriv'], how: 'words', doc: '`setpriv [opts]`' },
  { names: ['prlimit'], how: 'words', valueOptions: ['-p', '--pid'], doc: '`prlimit [--cpu=N…]`' },
  { names: ['numactl'], how: 'words', valueOptions: ['-C', '-N', '-m', '-p', '-i', '-P'], doc: '`numactl [opts]`' },
  { names: ['cgexec'], how: 'words', valueOptions: ['-g'], doc: '`cgexec [-g G]`' },
  { names: ['cpulimit'], how: 'words', valueOptions: ['-l', '-p', '-e', '--limit'], doc: '`cpulimit [-l N]`' },
  { names: ['systemd-inhibit'], how: 'words', valueOptions: ['--what', '--who', '--why', '--mode'], doc: '`systemd-inhibit [opts]`' },
  { names: ['rlwrap'], how: 'words', valueOptions: ['-a', '-b', '-C', '-D', '-e', '-f', '-g', '-H', '-l', '-M', '-n', '-O', '-p', '-P', '-q', '-s', '-S', '-w', '-z'], fileOptions: { '-l': 'write', '-H': 'write', '-f': 'read' },
    doc: '`rlwrap [-l LOG] [-f FILE]` (its log and history files are its own writes)' },
  { names: ['strace', 'ltrace'], how: 'words', valueOptions: ['-e', '-o', '-p', '-s', '-u', '-a', '-b', '-E', '-I', '-O', '-P', '-S', '-X', '-n', '-x', '-A', '-D', '-F', '-L'], fileOptions: { '-o': 'write', '-F': 'read' },
    doc: '`strace [-f] [-e E] [-o F]`, `ltrace`' },
  { names: ['systemd-run'], how: 'words', valueOptions: ['-u', '--unit', '-p', '--property', '-E', '--setenv', '--description', '--slice', '-M', '--machine', '-H', '--host', '--uid', '--gid', '--nice', '--working-directory', '-D', '--on-active', '--on-calendar', '--timer-property', '--path-property', '--socket-property', '--service-type'],
    doc: '`systemd-run [opts]` (`--user`, `--scope`, `-p P`…)' },
  { names: ['xvfb-run'], how: 'words', valueOptions: ['-n', '-s', '-f', '-e', '-p', '-w', '--server-num', '--server-args', '--auth-file', '--error-file'], doc: '`xvfb-run [-a] [-s ARGS]`' },
  { names: ['faketime'], how: 'words', valueOptions: ['-p'], operands: 1, doc: '`faketime [opts] TIME`' },
  { names: ['gosu', 'su-exec', 's6-setuidgid', 'chpst'], how: 'words', valueOptions: ['-u', '-U', '-b', '-e', '-n', '-l', '-L', '-m', '-d', '-o', '-p', '-f', '-c', '-r', '-t'], operands: 1, changesUser: true,
    doc: '`gosu USER`, `su-exec USER`, `s6-setuidgid USER`, `chpst` (also a change of user for `host`)' },
  { names: ['pkexec'], how: 'words', valueOptions: ['--user'], changesUser: true, doc: '`pkexec [--user U]` (also a change of user for `host`)' },
  { names: ['chroot'], how: 'words', valueOptions: ['--userspec', '--groups'], operands: 1, doc: '`chroot [opts] NEWROOT command…`' },
  { names: ['xargs'], how: 'own', handledBy: 'strip_xargs',
    doc: '`xargs [opts] command…`: the command runs with operands read from standard input. The guard cannot see those, so it judges them as it judges a variable that may be empty: `echo / | xargs rm -rf` is denied like `rm -rf "$DIR"`. With `-I {}`, `-i` or `--replace`, they stand where `{}` stands. A shell or interpreter whose whole program comes from standard input (`xargs -I{} bash -c {}`) is denied by `remote-exec`; a known program with an operand in it (`xargs -I{} sh -c \'wc -l {}\'`) is checked as written' },
  { names: ['parallel'], how: 'own', handledBy: 'strip_parallel',
    doc: '`parallel [opts] command… ::: values…`: one command per value (`{}` and `{.}` stand for it, else it comes last), eight values at most; without `:::` the values come from standard input, as with `xargs`' },
  { names: ['watch'], how: 'own', handledBy: 'strip_watch', doc: '`watch [opts] command…`: the words, joined, as a command line (with `-x`, as a command)' },
  { names: ['busybox', 'toybox'], how: 'own', handledBy: 'busybox | toybox)', doc: '`busybox`, `toybox`: the tool named by the next word' },
  { names: ['find'], how: 'own', handledBy: 'queue_find_commands',
    doc: '`find … -exec` / `-execdir` / `-ok` / `-okdir` `command… ;` (or `+`): the command, with `{}` standing for a file below each starting point' },
  { names: ['flock'], how: 'own', handledBy: 'strip_flock', doc: '`flock [opts] FILE command…` and `flock FILE -c text`' },
  { names: ['script', 'su', 'runuser', 'sg'], how: 'own', handledBy: 'run_option_text', changesUser: true,
    doc: '`script -c text`, `su -c text`, `runuser -u USER command…`, `runuser USER -c text`, `sg GROUP -c text` (`su`, `runuser` and `sg` also count as a change of user for `host`)' },
  { names: ['ssh'], how: 'own', handledBy: 'queue_ssh_command',
    doc: '`ssh [opts] HOST command…`, when the `network` rule is on: the remote command is checked like a local one. With `ssh` in the rule\'s `commands` (its default), ssh is denied before that; with the rule off (the default), what ssh runs remotely is checked as the command of an unknown program (below)' },
  { names: ['at', 'batch'], how: 'stdin', doc: '`at [opts] TIME`, `batch`: the commands they read from standard input (a here-string, a here-document, or a pipe from `echo` or `printf`), as a shell\'s; `at -f FILE` runs a file, which is not guessed at' },
];

/**
 * Programs that never run their arguments as a command, so the suspect check skips them:
 * `echo rm -rf ~` prints, `grep -r rm .` searches, `man rm` reads a page, and git, the
 * package managers' and other tools' own verbs (`git rm`, `npm rm`, `docker rm`) are theirs,
 * judged by the rules that know them. Also the programs whose arguments are files: no
 * command hides in `cp rm rm.bak`. npm, pnpm, yarn and bun are not here: `npm exec`,
 * `pnpm exec`, `yarn exec` and `bun x` run the command after them.
 */
export const QUIET_PROGRAMS: readonly { why: string; names: string[] }[] = [
  { why: 'print or search text', names: ['echo', 'printf', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'cat', 'less', 'more', 'head', 'tail', 'wc', 'sort', 'uniq', 'cut', 'tr', 'diff', 'cmp', 'comm', 'jq', 'yq', 'column', 'fold', 'fmt', 'nl', 'tac', 'rev', 'expand', 'column', 'base64', 'md5sum', 'sha1sum', 'sha256sum', 'cksum'] },
  { why: 'look a name up', names: ['man', 'info', 'help', 'which', 'type', 'whatis', 'apropos', 'whereis', 'tldr', 'hash', 'alias', 'unalias', 'complete', 'compgen', 'declare', 'typeset', 'export', 'unset', 'local', 'readonly', 'history', 'pgrep', 'pidof', 'ps', 'stat', 'file', 'ls', 'tree', 'du', 'df', 'realpath', 'readlink', 'basename', 'dirname', 'locate', 'test', '[', 'true', 'false', 'cd', 'pushd', 'popd', 'printenv', 'read', 'getopts', 'shift', 'return', 'exit', 'wait', 'set', 'shopt', 'ulimit', 'umask', 'kill', 'killall', 'pkill'] },
  { why: 'take files, not a command', names: ['rm', 'rmdir', 'unlink', 'shred', 'cp', 'mv', 'ln', 'install', 'mkdir', 'touch', 'chmod', 'chown', 'chgrp', 'truncate', 'tee', 'tar', 'zip', 'unzip', 'gzip', 'gunzip', 'rsync', 'scp'] },
  { why: 'verbs of their own, judged by the rules that know them', names: ['git', 'cargo', 'go', 'pip', 'pip3', 'uv', 'poetry', 'gem', 'brew', 'apt', 'apt-get', 'apt-cache', 'dpkg', 'dnf', 'yum', 'pacman', 'apk', 'snap', 'conda', 'docker', 'podman', 'nerdctl', 'kubectl', 'oc', 'helm', 'gh', 'glab', 'aws', 'gcloud', 'gsutil', 'az', 'rclone', 'make', 'just', 'systemctl', 'service', 'crontab'] },
];

/**
 * Languages whose code the guard reads for what it names (docs/guards.md, "Code in other
 * languages"): the options that hold code, or the first operand (awk). The code is not run or
 * parsed as the language's own grammar: its string literals are read. A literal handed to one
 * of CODE_RUNNERS (os.system("…"), execSync("…"), `…` in perl, ruby and php) is a command
 * line, checked as one; a literal that is a path (~/…, /…, ./…, .env…) is a file the code
 * may read, and may write where the code holds one of CODE_WRITE_WORDS. A name with a
 * version is the same language (python3.13, node22, perl5.36, ruby3.2, php8.3).
 */
export interface CodeLanguage {
  names: string[];
  /** Options whose value is code (`-c`, `-e`, `--eval`). */
  codeOptions: string[];
  /** The first operand is the program (awk), not a script file. */
  programOperand?: boolean;
  /** Backquoted text runs a shell command in this language (perl, ruby, php). */
  backquotesRun?: boolean;
}

export const CODE_LANGUAGES: readonly CodeLanguage[] = [
  { names: ['python', 'python2', 'python3', 'pypy', 'pypy3'], codeOptions: ['-c'] },
  { names: ['node', 'nodejs', 'deno', 'bun'], codeOptions: ['-e', '--eval', '-p', '--print'] },
  { names: ['perl'], codeOptions: ['-e', '-E'], backquotesRun: true },
  { names: ['ruby'], codeOptions: ['-e'], backquotesRun: true },
  { names: ['php'], codeOptions: ['-r'], backquotesRun: true },
  { names: ['lua', 'luajit'], codeOptions: ['-e'] },
  { names: ['Rscript'], codeOptions: ['-e'] },
  { names: ['awk', 'gawk', 'mawk', 'nawk'], codeOptions: [], programOperand: true },
];

/** Functions that run the string they are given as a command (any of the languages above). */
export const CODE_RUNNERS: readonly string[] = [
  'system', 'popen', 'exec', 'execSync', 'execFileSync', 'execFile', 'spawn', 'spawnSync', 'run', 'call', 'check_call', 'check_output',
  'Popen', 'getoutput', 'getstatusoutput', 'shell_exec', 'passthru', 'proc_open', 'execl', 'execlp', 'execv', 'execvp', 'spawnl', 'spawnlp',
  'capture2', 'capture2e', 'capture3', 'Command', 'execute', 'qx', 'getline',
];

/** Words in code that write, move or delete a file: the paths the code names are then judged as written, too. */
export const CODE_WRITE_WORDS: readonly string[] = [
  'write', 'appendFile', 'unlink', 'remove', 'rmtree', 'rmdir', 'rmSync', 'rm(', 'rm -', 'delete', 'truncate', 'rename', 'move', 'copy',
  'chmod', 'chown', 'mkdir', 'symlink', 'link', 'fopen', 'File.new', 'IO.write', 'print >', 'printf >', '" >', '>>',
  // Ruby's FileUtils, Perl's File::Path, PHP's file_put_contents, and the like.
  'rm_rf', 'rm_r', 'rm_f', 'remove_tree', 'remove_dir', 'remove_entry', 'cp_r', 'mv(', 'cp(', 'touch', 'put_contents',
  // open()'s modes that write, after the path: open(p, "w"), fopen(p, 'a+')
  ...['w', 'wb', 'w+', 'a', 'ab', 'a+', 'r+', 'x'].flatMap((mode) => ['"', "'"].flatMap((q) => [`, ${q}${mode}${q}`, `,${q}${mode}${q}`])),
];

/** Words in code that stand for the home folder: a literal beside one (`HOME + "/.ssh/id_rsa"`) is a path in it. */
export const CODE_HOME_WORDS: readonly string[] = ['HOME', 'homedir', 'expanduser', 'home()', 'Path.home', 'Dir.home', 'USERPROFILE'];

/**
 * Environment variables whose value a program runs as a command (git's editor and pager, ssh's
 * askpass, less's input filter): an assignment of one (`GIT_EDITOR='…' git commit`, `export
 * PAGER=…`) is checked as the command it runs.
 */
export const RUN_VARIABLES: readonly string[] = [
  'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_PAGER', 'GIT_SSH_COMMAND', 'GIT_SSH', 'GIT_ASKPASS', 'GIT_EXTERNAL_DIFF', 'GIT_PROXY_COMMAND',
  'EDITOR', 'VISUAL', 'PAGER', 'MANPAGER', 'LESSOPEN', 'LESSCLOSE', 'SSH_ASKPASS', 'SUDO_ASKPASS', 'BROWSER', 'PROMPT_COMMAND',
  // Backup tools' password commands, and the programs that run a shell named by a variable.
  'RESTIC_PASSWORD_COMMAND', 'BORG_PASSCOMMAND', 'BORG_RSH', 'RSYNC_RSH', 'RSYNC_CONNECT_PROG', 'CVS_RSH', 'FCEDIT', 'SYSTEMD_EDITOR', 'SYSTEMD_PAGER', 'KUBE_EDITOR', 'GH_EDITOR', 'GH_PAGER', 'GIT_TRACE2_EVENT_CMD',
];

/**
 * Settings whose value git runs as a command (case does not matter; `*` is any part of the
 * name). A value starting with `!` (an alias) is a shell command; an alias without one is a
 * git command. Read from `git -c KEY=VALUE`, `--config-env KEY=VAR`, `git config KEY VALUE`.
 */
export const GIT_RUN_KEYS: readonly string[] = [
  'alias.*', 'core.fsmonitor', 'core.pager', 'core.sshcommand', 'core.editor', 'core.askpass', 'core.gitproxy', 'sequence.editor',
  'diff.external', 'diff.*.textconv', 'diff.*.command', 'difftool.*.cmd', 'merge.*.driver', 'mergetool.*.cmd', 'filter.*.clean',
  'filter.*.smudge', 'filter.*.process', 'credential.helper', 'credential.*.helper', 'gpg.program', 'gpg.*.program', 'pager.*',
  'uploadpack.packobjectshook', 'remote.*.uploadpack', 'remote.*.receivepack', 'interactive.difffilter', 'web.browser', 'browser.*.cmd',
  'man.*.cmd', 'sendemail.tocmd', 'sendemail.cccmd', 'sendemail.sendmailcmd', 'instaweb.httpd',
];

/**
 * Verbs that set a command another run of the program runs later (a package.json script, a
 * git setting): the value is checked as the command it becomes. `key=value`: the words are
 * KEY=VALUE; `key value`: a KEY word, then its VALUE.
 */
export const CONFIGURED_COMMANDS: readonly { programs: string[]; verbs: string; keys: readonly string[]; form: 'key=value' | 'key value' }[] = [
  { programs: ['npm', 'pnpm', 'bun'], verbs: 'pkg set', keys: ['scripts.*'], form: 'key=value' },
  { programs: ['npm'], verbs: 'set-script', keys: ['*'], form: 'key value' },
  { programs: ['git'], verbs: 'config', keys: GIT_RUN_KEYS, form: 'key value' },
];

/**
 * Commands that print shell code to set up a tool (`eval "$(ssh-agent -s)"`, `source <(kubectl
 * completion bash)`): what they print is the tool's own setup, let through where a shell runs
 * it. Globs over the command's words, joined by blanks.
 */
export const SHELL_SETUP_GENERATORS: readonly string[] = [
  'ssh-agent', 'ssh-agent -*', '* completion bash*', '* completion zsh*', '* completion fish*', '* completion -s *', '* completions bash*', '* completions zsh*',
  'pyenv init*', 'pyenv virtualenv-init*', 'rbenv init*', 'nodenv init*', 'goenv init*', 'direnv hook *', 'fnm env*', 'brew shellenv*', '*/brew shellenv*',
  'conda shell.*', 'starship init *', 'zoxide init *', 'mise activate*', 'rtx activate*', 'minikube docker-env*', 'docker-machine env *', 'dircolors*',
  'register-python-argcomplete *', 'opam env*', 'luarocks path*', 'keychain --eval*', 'gpg-agent --daemon*', 'thefuck --alias*',
];

/** Every quiet program's name. */
export function quietPrograms(): string[] {
  return [...new Set(QUIET_PROGRAMS.flatMap((group) => group.names))];
}

/** The names of every wrapper. */
export function wrapperNames(how?: WrapperHow): string[] {
  return WRAPPERS.filter((w) => how === undefined || w.how === how).flatMap((w) => w.names);
}

/**
 * Command names worth a suspect check besides the rules' own: the programs that write or
 * read the files the path rules judge (harness-tamper, scope, secrets, lockfiles), the shells
 * and every wrapper (a wrapper after an unknown program is followed in turn).
 */
export const CORE_COMMAND_NAMES: readonly string[] = [
  'rm', 'rmdir', 'unlink', 'shred', 'cp', 'mv', 'ln', 'install', 'mkdir', 'touch', 'chmod', 'chown', 'chgrp', 'truncate', 'tee', 'dd', 'sed', 'perl',
  'cat', 'head', 'tail', 'less', 'more', 'strings', 'base64', 'xxd', 'od', 'curl', 'wget',
  'sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'ash', 'eval', 'source', 'git', 'find', 'ralph-hooks', 'npx',
];

/**
 * The command names the enabled rules branch on, read from their bash: the arms of each
 * `case ${cmd} in` (and `case ${cmd}:${sub} in`), `${cmd} == name`, and any `commands`
 * option (the network rule's list).
 */
export function ruleCommandNames(sources: string[], options: Record<string, unknown>[]): string[] {
  const names = new Set<string>();
  const add = (word: string) => {
    const name = word.trim().split(':')[0]!;
    if (/^[a-z][a-z0-9_.+-]*$/.test(name)) names.add(name);
  };
  for (const source of sources) {
    const subjects: boolean[] = [];
    for (const line of source.split('\n')) {
      const opened = /\bcase \$\{(cmd|argv\[0\]:?-?)\}[^ ]* in\b/.exec(line);
      if (opened) {
        subjects.push(true);
        continue;
      }
      if (/\bcase .* in\b/.test(line)) {
        subjects.push(false);
        continue;
      }
      if (/^\s*esac\b/.test(line)) {
        subjects.pop();
        continue;
      }
      if (subjects.at(-1)) {
        const arm = /^\s*([^()#]*?)\)/.exec(line);
        if (arm) arm[1]!.split(/[|\\]/).forEach(add);
      }
      for (const m of line.matchAll(/\$\{(?:cmd|argv\[0\]:-)\} == "?([a-z][a-z0-9_.+-]*)"?/g)) add(m[1]!);
    }
  }
  for (const own of options) {
    const list = own.commands;
    if (Array.isArray(list)) list.forEach((name) => typeof name === 'string' && add(name));
  }
  return [...names];
}

/** The context arguments.sh.hbs renders with: the generic wrappers, the fast path, the quiet programs. */
export function programsTemplateContext(ruleNames: string[]) {
  const quiet = quietPrograms();
  const chain = [...new Set([...ruleNames, ...CORE_COMMAND_NAMES, ...wrapperNames()])].filter((name) => !['echo', 'printf', '[', 'test', 'true', 'false'].includes(name)).sort();
  return {
    generic: WRAPPERS.filter((w) => w.how === 'words').map((w) => ({
      names: w.names,
      valueOptions: ` ${(w.valueOptions ?? []).join(' ')} `,
      operands: w.operands ?? 0,
      changesUser: Boolean(w.changesUser),
      fileOptions: ` ${Object.entries(w.fileOptions ?? {}).map(([name, role]) => `${name}=${role === 'write' ? 'w' : 'r'}`).join(' ')} `,
    })),
    fastPath: WRAPPERS.filter((w) => w.how !== 'stdin' && !w.names.includes('find') && !w.names.includes('ssh')).flatMap((w) => w.names),
    stdinText: ` ${wrapperNames('stdin').join(' ')} `,
    quiet: ` ${quiet.join(' ')} `,
    chainText: ` ${chain.join(' ')} `,
  };
}

/** An ERE alternation of WORDS, each taken literally. */
function literalAlternation(words: readonly string[]): string {
  return words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}

/** The context code.sh.hbs renders with: the code languages, the runners, git's and the environment's configured commands. */
export function codeTemplateContext() {
  const names = CODE_LANGUAGES.flatMap((language) => language.names);
  return {
    languages: CODE_LANGUAGES.map((language) => ({
      names: language.names,
      options: ` ${language.codeOptions.join(' ')} `,
      first: language.codeOptions[0] ?? '',
      programOperand: language.programOperand ? 1 : 0,
      backquotes: language.backquotesRun ? 1 : 0,
    })),
    names: ` ${names.join(' ')} `,
    // A name with a version: the family's name and the version (python3.13, node22, perl5.36).
    versioned: `^(${literalAlternation([...names].sort((a, b) => b.length - a.length))})[0-9.]*[0-9]$`,
    runners: `(^|[^A-Za-z0-9_])(${literalAlternation(CODE_RUNNERS)})[[:space:]]*[({]?[[:space:]]*[[{]?[[:space:]]*$`,
    writes: `(${literalAlternation(CODE_WRITE_WORDS)})`,
    home: `(${literalAlternation(CODE_HOME_WORDS)})`,
    runVariables: ` ${RUN_VARIABLES.join(' ')} `,
    configured: CONFIGURED_COMMANDS.flatMap((entry) => entry.programs.map((program) => ({ program, verbs: ` ${entry.verbs} `, form: entry.form }))),
    // Case patterns, each rendered by the templates' glob helper (literal parts quoted).
    configuredKeys: CONFIGURED_COMMANDS.filter((entry) => !entry.programs.includes('git'))
      .flatMap((entry) => entry.programs.flatMap((program) => entry.keys.map((key) => ({ program, key })))),
    gitRunKeys: GIT_RUN_KEYS,
    generators: SHELL_SETUP_GENERATORS,
  };
}

/** The generated list of docs/guards.md, "Commands run by other commands". */
export function programsDocList(): string {
  const lines = WRAPPERS.map((w) => `- ${w.doc}`);
  return [
    ...lines,
    '- a shell reading its commands from standard input: a here-string (`bash <<<\'text\'`), a here-document (`bash <<EOF`), or a pipe from `echo`, `printf`, `cat <<<` or `cat <<EOF` (`echo \'text\' | sh`)',
    '- any other program, unless it is one of those below that never run their arguments: when an argument is a command name that a rule judges, the words from there on are checked as a command of their own (four at most), and a denial names the program (`setsid`-like wrappers the list lacks, `mytool rm -rf ~`). An argument that may be a whole command line is read as a shell reads it: one whose first word, quotes and backslashes taken out, is such a name (`tmux new -d \'rm -rf ~\'`, `nodemon --exec=\'…\'`, `concurrently \'…\'`), and one with shell syntax in it (`$`, a backquote, a backslash, `{a,b}`). Interpreters\' code is read as the next section says',
    '- `docker exec`, `podman exec`, `docker compose exec`, `kubectl exec … --`, `oc exec`: the command run in the container, checked as a command of its own (`docker exec db psql -c \'DROP TABLE users\'` is the `psql` call)',
    '- `trap \'text\' SIGNAL…`: the text, run when the signal comes (`EXIT`: when the shell ends)',
    '- `docker run`, `podman run`, `nerdctl run` with a host folder bind-mounted (`-v SRC:DST`, `--mount source=SRC,target=DST`): the container\'s command, each path under DST read as the same path under SRC, in the folder `-w` names (`docker run -v ~:/h alpine rm -rf /h` is `rm -rf ~`); without a bind mount, or with a named volume, it touches no host file',
    '',
    'Programs that never run their arguments (the check above skips them):',
    '',
    ...QUIET_PROGRAMS.map((group) => `- ${group.why}: ${[...new Set(group.names)].map((name) => `\`${name}\``).join(', ')}`),
  ].join('\n');
}

const LIST_START = '<!-- channels: generated from src/presets/guard-programs.ts by `npm run build`. Do not edit it by hand. -->';
const LIST_END = '<!-- end of channels -->';

/** docs/guards.md with its channel list (between the two markers) rewritten from the data above. */
export function withProgramsList(markdown: string): string {
  const start = markdown.indexOf(LIST_START);
  const end = markdown.indexOf(LIST_END);
  if (start < 0 || end < start) throw new Error('docs/guards.md: the channel list markers are missing');
  return `${markdown.slice(0, start + LIST_START.length)}\n${programsDocList()}\n${markdown.slice(end)}`;
}
