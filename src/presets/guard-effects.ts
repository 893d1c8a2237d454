/**
 * What programs do to the files their arguments name: the guard's effects model, in one place.
 *
 * For every simple command the guard derives what it reads, writes (creates, changes, deletes)
 * and runs. Redirections, `cd` and the programs that run other programs are the lexer's and
 * the channels' (guard-programs.ts); this file says, per program, which of its options take
 * a value and what that value is, and what its operands are. The guard reads the options as
 * the program's own parser does: clustered short options (`-sko FILE`, `-oFILE`), `--opt=value`
 * and `--opt value`, a unique prefix of a long option (`--out` for `--output`), single-dash
 * long options (`-in FILE`), `--` before operands.
 *
 * A program this file does not know, and that is not one of the programs that only inspect
 * or print (guard-programs.ts, QUIET_PROGRAMS), is judged by the worst its arguments allow:
 * every word it is given that may be a path (an operand, an option's value after `=` or
 * glued to it, `@file`, `key=/path`, `file://…`) is taken as read, and, where the place is
 * one a write would harm (inside the project, under the home folder, /etc, /boot, /root,
 * /var, a device, the top of the tree), as written. The rules are policies over these
 * effects: reading a credential (secrets), writing outside the project (scope), writing the
 * loop's own files (harness-tamper), writing git's own storage (git-destroy)…
 *
 * From this file: the generated `program_effects` of the guard (templates/guard/core/
 * effects.sh.hbs, through the guard's template context), and the table "What programs do to
 * files" in docs/guards.md (`npm run build` writes it; test/docs/guard-effects.test.ts
 * compares).
 */

/**
 * What a value or an operand is to the program:
 *   read    a file it reads (its content may reach the transcript or leave the machine)
 *   write   a file it creates or overwrites
 *   edit    a file it changes in place
 *   delete  a file it removes
 *   into    a folder it writes files into
 *   chdir   the folder it works in: later relative paths are taken from there
 *   run     a command line it runs (checked as a command of its own)
 *   any     a path it may do anything to (a script's arguments): the worst case
 *   code    code in another language or the program's own (python -c, an awk program, a
 *           sed script): the paths written out in it are each the worst case
 *   none    not a path, or a path it only looks at (names, sizes, types)
 */
export type Role = 'read' | 'write' | 'edit' | 'delete' | 'into' | 'chdir' | 'run' | 'any' | 'code' | 'none';

/** The one-letter codes the bash side reads (templates/guard/core/effects.sh.hbs, eff_value). */
export const ROLE_CODES: Record<Role, string> = { read: 'r', write: 'w', edit: 'e', delete: 'd', into: 'D', chdir: 'C', run: 'x', any: 'u', code: 'k', none: 'n' };

export interface ProgramEffects {
  names: string[];
  /** Options that take a value, by how they are written (`-o`, `--output`, `-in` for a single-dash long option), and what the value is. */
  values?: Record<string, Role>;
  /** Long options without a value, listed so that a unique prefix of a long option is read as its parser reads it. */
  flags?: readonly string[];
  /** The operands, in order; the last role stands for all the operands after it. `last-write`: all read but the last, which is written (a destination). */
  operands: Role | readonly Role[] | 'last-write';
  /** Options (`-c`, `--stdout`, or `-i=inplace` for an option with that value) that change what the operands are. */
  modes?: Record<string, Role | readonly Role[] | 'last-write'>;
  /** The first operand is a verb, with its own effects (`git diff`…), under `verbs`; a verb not listed has the operands above. */
  verbs?: Record<string, Omit<ProgramEffects, 'names' | 'verbs' | 'doc'>>;
  /** Reads the names of files to read from standard input, one a line (cpio -o). */
  namesFromStdin?: boolean;
  /** Words that, when every operand after the first is one of them, make the program only look at the first (`parted DISK print`). */
  looks?: readonly string[];
  /** Reads code from standard input (m4, bc): the paths written in what is piped or given as a here-string are each the worst case. */
  codeFromStdin?: boolean;
  /** The docs' line, when the table's own words are not enough. */
  doc?: string;
}

const compilers = { '-o': 'write', '-MF': 'write', '-include': 'read', '-imacros': 'read', '-specs': 'read', '-wrapper': 'run', '-I': 'none', '-L': 'none', '-l': 'none', '-D': 'none', '-U': 'none', '-x': 'none', '-std': 'none', '-MT': 'none', '-MQ': 'none', '-B': 'none', '-isystem': 'none', '-iquote': 'none', '-idirafter': 'none', '-Xlinker': 'none', '-T': 'read', '-aux-info': 'write' } as const;
const compressors = { operands: 'edit', values: { '-S': 'none', '--suffix': 'none', '-b': 'none', '-T': 'none', '--threads': 'none', '-L': 'none', '-o': 'write', '--output': 'write' }, modes: { '-c': 'read', '--stdout': 'read', '--to-stdout': 'read', '-t': 'read', '--test': 'read', '-l': 'read', '--list': 'read', '-k': 'read', '--keep': 'read' }, flags: ['--decompress', '--uncompress', '--force', '--quiet', '--verbose', '--recursive', '--best', '--fast', '--no-name', '--name'] } as const;
const interpreterArgs = ['read', 'any'] as const;

/**
 * The programs the guard knows the effects of. Programs handled by code of their own in
 * arguments.sh.hbs (collect_paths: rm, cp, mv, ln, tee, sed -i, dd…) are under HANDLED below.
 */
export const PROGRAM_EFFECTS: readonly ProgramEffects[] = [
  // Text: they print what they read, and some write a file they are told to.
  { names: ['sort'], operands: 'read', values: { '-o': 'write', '--output': 'write', '-T': 'into', '--temporary-directory': 'into', '--files0-from': 'read', '--compress-program': 'run', '--random-source': 'read', '-k': 'none', '--key': 'none', '-t': 'none', '--field-separator': 'none', '-S': 'none', '--buffer-size': 'none', '--parallel': 'none', '--batch-size': 'none', '--sort': 'none' },
    flags: ['--reverse', '--numeric-sort', '--unique', '--merge', '--check', '--stable', '--human-numeric-sort', '--version-sort', '--ignore-case', '--zero-terminated', '--random-sort', '--month-sort', '--general-numeric-sort', '--dictionary-order', '--ignore-leading-blanks', '--ignore-nonprinting', '--debug'] },
  { names: ['shuf'], operands: 'read', values: { '-o': 'write', '--output': 'write', '--random-source': 'read', '-n': 'none', '--head-count': 'none', '-i': 'none', '--input-range': 'none' }, flags: ['--echo', '--repeat', '--zero-terminated'], modes: { '-e': 'none', '--echo': 'none' } },
  { names: ['uniq'], operands: ['read', 'write'], values: { '-f': 'none', '--skip-fields': 'none', '-s': 'none', '--skip-chars': 'none', '-w': 'none', '--check-chars': 'none', '--group': 'none', '--all-repeated': 'none' }, flags: ['--count', '--repeated', '--unique', '--ignore-case', '--zero-terminated'] },
  { names: ['split'], operands: ['read', 'write'], values: { '-a': 'none', '--suffix-length': 'none', '-b': 'none', '--bytes': 'none', '-C': 'none', '--line-bytes': 'none', '-l': 'none', '--lines': 'none', '-n': 'none', '--number': 'none', '-t': 'none', '--separator': 'none', '--additional-suffix': 'none', '--filter': 'run', '--numeric-suffixes': 'none', '--hex-suffixes': 'none' }, flags: ['--elide-empty-files', '--unbuffered', '--verbose'] },
  { names: ['csplit'], operands: ['read', 'none'], values: { '-f': 'write', '--prefix': 'write', '-b': 'none', '--suffix-format': 'none', '-n': 'none', '--digits': 'none' }, flags: ['--keep-files', '--suppress-matched', '--quiet', '--silent', '--elide-empty-files'] },
  { names: ['iconv'], operands: 'read', values: { '-o': 'write', '--output': 'write', '-f': 'none', '--from-code': 'none', '-t': 'none', '--to-code': 'none' }, flags: ['--list', '--silent', '--verbose'] },
  { names: ['dos2unix', 'unix2dos', 'mac2unix', 'unix2mac'], operands: 'edit', values: { '-c': 'none', '--convmode': 'none', '-f': 'none' } },
  { names: ['tree'], operands: 'none', values: { '-o': 'write', '--fromfile': 'read', '-L': 'none', '-P': 'none', '-I': 'none', '--filelimit': 'none', '--timefmt': 'none', '--sort': 'none', '-H': 'none', '-T': 'none', '--charset': 'none' } },
  { names: ['file'], operands: 'none', values: { '-f': 'read', '--files-from': 'read', '-m': 'read', '--magic-file': 'read', '-F': 'none', '--separator': 'none', '-e': 'none', '--exclude': 'none', '-P': 'none', '--parameter': 'none' } },
  { names: ['ls', 'stat', 'du', 'df', 'realpath', 'readlink', 'basename', 'dirname', 'wc', 'test', '[', 'namei', 'lsattr', 'getfacl', 'pathchk'], operands: 'none',
    values: { '--files0-from': 'read', '-X': 'read', '--exclude-from': 'read', '-c': 'none', '--format': 'none', '--printf': 'none', '-B': 'none', '--block-size': 'none', '-d': 'none', '--max-depth': 'none', '-t': 'none', '--threshold': 'none', '-I': 'none', '--ignore': 'none', '--hide': 'none', '-w': 'none', '--width': 'none', '-T': 'none', '--tabsize': 'none', '--sort': 'none', '--time-style': 'none', '--color': 'none', '--relative-to': 'none', '--relative-base': 'none', '--exclude': 'none', '--time': 'none' },
    doc: 'look at names, sizes and types, never at what a file holds (`wc --files0-from` reads the list it is given)' },
  { names: ['find'], operands: 'none', values: Object.fromEntries([
    ...['-fprint', '-fprint0', '-fprintf', '-fls'].map((name) => [name, 'write'] as const),
    ...['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-regextype', '-lname', '-ilname', '-type', '-xtype', '-size', '-perm', '-user', '-group', '-uid', '-gid', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-used', '-maxdepth', '-mindepth', '-links', '-inum', '-samefile', '-fstype', '-printf', '-context', '-files0-from'].map((name) => [name, 'none'] as const),
  ]), modes: { '-delete': 'delete' },
  doc: 'looks at names only; `-delete` deletes below its starting points; `-fprint FILE`, `-fprintf FILE`, `-fls FILE` write (its `-exec` commands are the channels\')' },
  // Programs that compute or look up, with an option that reads a file of input.
  { names: ['date'], operands: 'none', values: { '-f': 'read', '--file': 'read' } },
  { names: ['dig'], operands: 'none', values: { '-f': 'read', '-k': 'read' } },
  { names: ['dmesg'], operands: 'none', values: { '-F': 'read', '--file': 'read' } },
  { names: ['last', 'lastb'], operands: 'none', values: { '-f': 'read', '--file': 'read' } },
  { names: ['mtr'], operands: 'none', values: { '-F': 'read', '--filename': 'read' } },
  { names: ['ss'], operands: 'none', values: { '-F': 'read', '--filter': 'read' } },
  { names: ['ip'], operands: 'none', values: { '-b': 'read', '-batch': 'read' } },
  { names: ['bc', 'dc'], operands: 'read', values: { '-f': 'read', '--file': 'read', '-e': 'none', '--expression': 'none' }, codeFromStdin: true, doc: 'read the files of code they are given, and code on their standard input' },
  { names: ['m4'], operands: 'read', values: { '-D': 'none', '--define': 'none', '-U': 'none', '--undefine': 'none', '-I': 'none', '--include': 'none', '-o': 'write', '--error-output': 'write', '--debugfile': 'write', '-F': 'write', '--freeze-state': 'write', '-R': 'read', '--reload-state': 'read' },
    doc: 'reads its files' },
  { names: ['seq', 'cal', 'yes', 'expr', 'sleep', 'uname', 'hostname', 'whoami', 'id', 'groups', 'pwd', 'uptime', 'nproc', 'arch', 'tput', 'clear', 'logname', 'users', 'who', 'w', 'getconf', 'locale', 'factor', 'numfmt', 'tty', 'ping', 'ping6', 'host', 'nslookup', 'whois', 'traceroute', 'tracepath', 'ifconfig', 'netstat', 'lsof', 'free', 'vmstat', 'iostat', 'mpstat', 'top', 'htop', 'lscpu', 'lsblk', 'lsusb', 'lspci', 'lsmod', 'lastlog', 'finger', 'getent', 'nice', 'renice', 'sync', 'basenc', 'printf', 'echo', 'true', 'false', 'type', 'which', 'whereis', 'man', 'info', 'help', 'apropos', 'whatis', 'tldr', 'jobs', 'fg', 'bg', 'disown', 'wait', 'times', 'hash', 'ulimit', 'umask', 'shopt', 'set', 'unset', 'export', 'declare', 'typeset', 'local', 'readonly', 'read', 'getopts', 'shift', 'return', 'exit', 'break', 'continue', 'alias', 'unalias', 'complete', 'compgen', 'pgrep', 'pidof', 'kill', 'killall', 'pkill', 'ps', 'nohup'].filter((name) => !['printf', 'echo', 'true', 'false', 'type', 'which', 'whereis', 'man', 'info', 'help', 'apropos', 'whatis', 'tldr', 'hash', 'ulimit', 'umask', 'shopt', 'set', 'unset', 'export', 'declare', 'typeset', 'local', 'readonly', 'read', 'getopts', 'shift', 'return', 'exit', 'alias', 'unalias', 'complete', 'compgen', 'pgrep', 'pidof', 'kill', 'killall', 'pkill', 'ps', 'nohup', 'wait', 'basenc', 'nice'].includes(name)), operands: 'none',
    doc: 'print what they compute or look up; their operands are not files' },
  { names: ['xxd'], operands: ['read', 'write'], values: { '-c': 'none', '-cols': 'none', '-g': 'none', '-l': 'none', '-len': 'none', '-o': 'none', '-s': 'none', '-seek': 'none', '-n': 'none', '-name': 'none' } },
  { names: ['od', 'hexdump', 'hd', 'strings', 'base64', 'base32', 'basenc', 'cat', 'tac', 'rev', 'head', 'tail', 'nl', 'fold', 'fmt', 'expand', 'unexpand', 'cut', 'paste', 'join', 'comm', 'pr', 'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum', 'sum', 'tr', 'column'], operands: 'read',
    doc: 'print what they read: encoded, compressed, reversed or in part, a credential read is still read' },
  { names: ['jq', 'gojq', 'jaq'], operands: ['none', 'read'], values: { '-f': 'read', '--from-file': 'read', '-L': 'none', '--arg': 'none', '--argjson': 'none', '--slurpfile': 'none', '--rawfile': 'none', '--indent': 'none' }, modes: { '-f': 'read', '--from-file': 'read', '--args': 'none', '--jsonargs': 'none' },
    doc: 'the first operand is the program, the others files it reads' },
  { names: ['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk'], operands: ['none', 'read'], values: { '-F': 'none', '--field-separator': 'none', '-v': 'none', '--assign': 'none', '-f': 'read', '--file': 'read', '-i': 'none', '--include': 'none', '-l': 'none', '--load': 'none', '-E': 'read', '--exec': 'read', '-W': 'none' },
    modes: { '-f': 'read', '--file': 'read', '-E': 'read', '--exec': 'read', '-i=inplace': 'edit', '--include=inplace': 'edit' },
    doc: 'the first operand is the program (read by the code channels), the others files it reads; with `-i inplace` it changes them' },
  { names: ['source', '.'], operands: ['read', 'any'], doc: 'reads the script and runs it in this shell, handing it the other operands' },
  { names: ['diff', 'cmp', 'sdiff', 'diff3', 'colordiff', 'wdiff'], operands: 'read', values: { '--from-file': 'read', '--to-file': 'read', '-X': 'read', '--exclude-from': 'read', '-o': 'write', '--output': 'write', '-x': 'none', '--exclude': 'none', '-I': 'none', '--ignore-matching-lines': 'none', '-U': 'none', '--unified': 'none', '-C': 'none', '--context': 'none', '-W': 'none', '--width': 'none', '-L': 'none', '--label': 'none', '--bytes': 'none', '--line-format': 'none', '--palette': 'none', '--color': 'none' } },
  { names: ['less', 'more', 'most', 'view', 'bat', 'batcat'], operands: 'read', values: { '-o': 'write', '--log-file': 'write', '-O': 'write', '--LOG-FILE': 'write', '-k': 'read', '--lesskey-file': 'read', '-p': 'none', '--pattern': 'none', '-x': 'none', '--tabs': 'none', '-y': 'none', '-z': 'none', '-b': 'none', '-h': 'none', '-j': 'none', '-P': 'none', '-t': 'none', '-T': 'read', '--language': 'none', '-l': 'none', '--theme': 'none', '--style': 'none', '-r': 'none', '--line-range': 'none', '-H': 'none', '--highlight-line': 'none', '--pager': 'run', '--map-syntax': 'none' } },
  { names: ['trap'], operands: 'none', doc: 'its first operand is a command line, run when one of the signals after it comes (read by the channels)' },
  { names: ['history'], operands: 'none', values: { '-w': 'write', '-a': 'write', '-r': 'read', '-n': 'read', '-d': 'none' }, doc: '`history -w FILE` / `-a FILE` write the shell\'s history to FILE; `-r`, `-n` read it' },
  // Archives and compression: gzip FILE replaces FILE with FILE.gz.
  { names: ['gzip', 'gunzip', 'bzip2', 'bunzip2', 'xz', 'unxz', 'lzma', 'unlzma', 'lzip', 'zstd', 'unzstd', 'lz4', 'pigz', 'pbzip2', 'compress', 'uncompress', 'brotli', 'lzop'], ...compressors,
    doc: 'replace each file with its compressed (or expanded) copy, unless told to write to standard output (`-c`), keep it (`-k`), test or list' },
  { names: ['zcat', 'bzcat', 'xzcat', 'zstdcat', 'lz4cat', 'zless', 'zmore', 'zgrep', 'zdiff'], operands: 'read' },
  { names: ['zip'], operands: ['edit', 'read'], values: { '-O': 'write', '--output-file': 'write', '-b': 'into', '--temp-path': 'into', '-i': 'none', '--include': 'none', '-x': 'none', '--exclude': 'none', '-n': 'none', '--suffixes': 'none', '-P': 'none', '--password': 'none', '-t': 'none', '-tt': 'none', '-Z': 'none', '-s': 'none', '-TT': 'run', '--unzip-command': 'run' },
    modes: { '-m': ['edit', 'delete'], '--move': ['edit', 'delete'] }, doc: '`zip ARCHIVE FILE…` writes ARCHIVE and reads the files (`-m` deletes them); `-TT` runs a command' },
  { names: ['unzip'], operands: ['read', 'none'], values: { '-d': 'into', '-x': 'none', '-P': 'none', '-O': 'none', '-I': 'none' }, modes: { '-l': 'read', '-t': 'read', '-p': 'read', '-c': 'read', '-Z': 'read' } },
  { names: ['ar'], operands: ['none', 'edit', 'read'] },
  { names: ['cpio'], operands: 'none', values: { '-F': 'write', '--file': 'write', '-O': 'write', '-I': 'read', '-D': 'chdir', '--directory': 'chdir', '-E': 'read', '--pattern-file': 'read', '-H': 'none', '--format': 'none', '-R': 'none', '--owner': 'none', '-M': 'none', '--message': 'none', '--rsh-command': 'run' },
    modes: { '-p': 'into', '--pass-through': 'into' }, namesFromStdin: true, doc: 'reads the files named on its standard input (`find … | cpio -o`), and `-p DIR` copies them into DIR' },
  { names: ['rsync'], operands: 'last-write', values: { '-e': 'run', '--rsh': 'run', '--rsync-path': 'run', '--files-from': 'read', '--exclude-from': 'read', '--include-from': 'read', '--log-file': 'write', '--backup-dir': 'into', '-T': 'into', '--temp-dir': 'into', '--partial-dir': 'into', '--password-file': 'read', '--write-batch': 'write', '--only-write-batch': 'write', '--read-batch': 'read', '--compare-dest': 'read', '--copy-dest': 'read', '--link-dest': 'read', '-f': 'none', '--filter': 'none', '--exclude': 'none', '--include': 'none', '--chmod': 'none', '--chown': 'none', '--usermap': 'none', '--groupmap': 'none', '-M': 'none', '--remote-option': 'none', '-B': 'none', '--block-size': 'none', '--info': 'none', '--debug': 'none', '--max-size': 'none', '--min-size': 'none', '--bwlimit': 'none', '--timeout': 'none', '--port': 'none', '--suffix': 'none', '--out-format': 'none', '--log-file-format': 'none', '--max-delete': 'none', '--modify-window': 'none', '--compress-choice': 'none', '--checksum-choice': 'none', '--iconv': 'none', '--sockopts': 'none', '--address': 'none', '--outbuf': 'none', '--stop-after': 'none', '--stop-at': 'none' },
    modes: { '--remove-source-files': ['delete', 'write'] }, doc: 'reads its sources and writes the last operand (`--remove-source-files` deletes the sources); a `host:path` is another machine\'s' },
  { names: ['scp'], operands: 'last-write', values: { '-F': 'read', '-S': 'run', '-i': 'none', '-o': 'none', '-P': 'none', '-l': 'none', '-c': 'none', '-J': 'none', '-D': 'none', '-X': 'none' } },
  { names: ['patch'], operands: ['edit', 'read'], values: { '-i': 'read', '--input': 'read', '-o': 'write', '--output': 'write', '-d': 'chdir', '--directory': 'chdir', '-r': 'write', '--reject-file': 'write', '-B': 'none', '--prefix': 'none', '-p': 'none', '--strip': 'none', '-F': 'none', '--fuzz': 'none', '-z': 'none', '--suffix': 'none', '-V': 'none', '-D': 'none', '--ifdef': 'none', '--backup-if-mismatch': 'none' } },
  { names: ['mktemp'], operands: 'write', values: { '-p': 'into', '--tmpdir': 'into', '--suffix': 'none' } },
  { names: ['mkfifo', 'mknod'], operands: 'write', values: { '-m': 'none', '--mode': 'none', '-Z': 'none', '--context': 'none' } },
  // Disk tools: they change the disk (or image file) they are given, unless an option says they
  // only look. A change to a disk device is the fs-destroy rule's (BLOCK_DEVICES below); the
  // same tools on an image file inside the project are the agent's work. Only options that take a
  // value in every one of them are listed as taking one: a value read as an operand is judged
  // as one, never the reverse.
  { names: ['fdisk', 'cfdisk', 'gdisk', 'cgdisk'], operands: 'edit', values: { '-b': 'none', '--sector-size': 'none', '-o': 'none', '--output': 'none', '-t': 'none', '--type': 'none', '-w': 'none', '--wipe': 'none', '-W': 'none', '--wipe-partitions': 'none', '-H': 'none', '--heads': 'none', '-S': 'none', '--sectors': 'none', '-C': 'none', '--cylinders': 'none' },
    modes: { '-l': 'read', '--list': 'read', '-x': 'read', '--list-details': 'read', '-s': 'read', '--getsz': 'read' },
    doc: 'change the partition table of the disk they open; with `-l`, `-x` they only list it' },
  { names: ['sfdisk'], operands: ['edit', 'none'], values: { '-N': 'none', '--partno': 'none', '-o': 'none', '--output': 'none', '-w': 'none', '--wipe': 'none', '-W': 'none', '--wipe-partitions': 'none', '-X': 'none', '--label': 'none', '-Y': 'none', '--label-nested': 'none', '-O': 'write', '--backup-file': 'write', '--color': 'none', '--sector-size': 'none', '--lock': 'none' },
    modes: { '-l': 'read', '--list': 'read', '-d': 'read', '--dump': 'read', '-J': 'read', '--json': 'read', '-s': 'read', '--show-size': 'read', '-g': 'read', '--show-geometry': 'read', '-F': 'read', '--list-free': 'read', '-V': 'read', '--verify': 'read', '-T': 'none', '--list-types': 'none' },
    doc: 'writes the partition table its standard input describes (`--delete`, `--move-data`… change it too); `-l`, `-d`, `-J`, `-s`, `-g`, `-F`, `-V` only look' },
  { names: ['parted'], operands: ['edit', 'none'], values: { '-a': 'none', '--align': 'none' }, modes: { '-l': 'read', '--list': 'read' },
    looks: ['print', 'p', 'unit', 'help', 'version', 'free', 'all', 'list', 's', 'B', 'kB', 'MB', 'MiB', 'GB', 'GiB', 'TB', 'TiB', '%', 'cyl', 'chs', 'compact'],
    doc: 'changes the disk it opens (its commands after the disk: `mklabel`, `mkpart`, `rm`…, or typed in); `-l`, and only `print` and `unit` after the disk, only look' },
  { names: ['sgdisk'], operands: 'read',
    values: { '-b': 'write', '--backup': 'write', '-l': 'read', '--load-backup': 'read', '-R': 'edit', '--replicate': 'edit', '-a': 'none', '--set-alignment': 'none', '-A': 'none', '--attributes': 'none', '-c': 'none', '--change-name': 'none', '-d': 'none', '--delete': 'none', '-i': 'none', '--info': 'none', '-n': 'none', '--new': 'none', '-r': 'none', '--transpose': 'none', '-t': 'none', '--typecode': 'none', '-u': 'none', '--partition-guid': 'none', '-U': 'none', '--disk-guid': 'none', '-h': 'none', '--hybrid': 'none', '-N': 'none', '--largest-new': 'none' },
    modes: Object.fromEntries(['-Z', '--zap-all', '-z', '--zap', '-o', '--clear', '-n', '--new', '-N', '--largest-new', '-d', '--delete', '-t', '--typecode', '-c', '--change-name', '-g', '--mbrtogpt', '-G', '--randomize-guids', '-l', '--load-backup', '-m', '--gpttombr', '-h', '--hybrid', '-r', '--transpose', '-s', '--sort', '-U', '--disk-guid', '-u', '--partition-guid', '-A', '--attributes', '-e', '--move-second-header', '-j', '--adjust-main-table', '-f', '--recompute-chs'].map((option) => [option, 'edit'] as const)),
    doc: 'looks at the disk (`-p`, `-i`, `-v`) unless an option changes it (`-Z`, `-z`, `-o`, `-n`, `-d`, `-t`…, in any order)' },
  { names: ['wipefs'], operands: 'read', values: { '-o': 'none', '--offset': 'none', '-t': 'none', '--types': 'none', '-O': 'none', '--output': 'none' },
    modes: { '-a': 'edit', '--all': 'edit', '-o': 'edit', '--offset': 'edit' }, flags: ['--all', '--force', '--noheadings', '--json', '--no-act', '--parsable', '--quiet', '--lock'],
    doc: 'lists the signatures on a disk; `-a`, `-o` erase them' },
  { names: ['blkdiscard'], operands: 'edit', values: { '-o': 'none', '--offset': 'none', '-l': 'none', '--length': 'none', '-p': 'none', '--step': 'none' } },
  { names: ['mkfs', 'mkfs.ext2', 'mkfs.ext3', 'mkfs.ext4', 'mkfs.xfs', 'mkfs.btrfs', 'mkfs.vfat', 'mkfs.fat', 'mkfs.msdos', 'mkfs.exfat', 'mkfs.ntfs', 'mkfs.f2fs', 'mkfs.minix', 'mkfs.bfs', 'mkfs.cramfs', 'mkfs.jfs', 'mkfs.reiserfs', 'mkfs.udf', 'mkfs.hfsplus', 'mke2fs', 'mkswap', 'mkdosfs', 'mkntfs', 'mkexfatfs', 'mkudffs'],
    operands: 'edit', values: { '-t': 'none', '--type': 'none', '-L': 'none', '--label': 'none', '-U': 'none', '--uuid': 'none', '-O': 'none' },
    doc: 'make a new, empty file system on the disk or image file they are given' },
  { names: ['hdparm'], operands: 'read',
    values: { '--security-erase': 'none', '--security-erase-enhanced': 'none', '--security-set-pass': 'none', '--security-disable': 'none', '--security-unlock': 'none', '--trim-sector-ranges': 'none', '--write-sector': 'none', '--make-bad-sector': 'none', '--fwdownload': 'read' },
    modes: Object.fromEntries(['--security-erase', '--security-erase-enhanced', '--trim-sector-ranges', '--trim-sector-ranges-stdin', '--write-sector', '--make-bad-sector', '--fwdownload', '--dco-restore', '--dco-setmax'].map((option) => [option, 'edit'] as const)),
    flags: ['--trim-sector-ranges-stdin', '--dco-restore', '--dco-setmax', '--dco-identify', '--yes-i-know-what-i-am-doing', '--please-destroy-my-drive', '--verbose', '--direct'],
    doc: 'reads a disk\'s settings and speed (`-I`, `-t`); `--security-erase`, `--trim-sector-ranges`, `--write-sector`, `--fwdownload`… change what it holds' },
  { names: ['nvme'], operands: 'read', verbs: Object.fromEntries(['format', 'sanitize', 'write', 'write-zeroes', 'write-uncor', 'dsm', 'delete-ns', 'detach-ns', 'fw-download', 'fw-commit', 'fw-activate'].map((verb) => [verb, { operands: 'edit' as const }])),
    doc: 'reads the disk it names (`nvme list`, `id-ctrl`, `smart-log`); `format`, `sanitize`, `write-zeroes`, `dsm`, `delete-ns`, `fw-download`… change it' },
  { names: ['cryptsetup'], operands: 'read', verbs: Object.fromEntries(['luksFormat', 'erase', 'luksErase', 'luksKillSlot', 'reencrypt', 'convert', 'repair'].map((verb) => [verb, { operands: 'edit' as const }])),
    doc: 'opens and reads encrypted disks; `luksFormat`, `erase`, `luksKillSlot`, `reencrypt` change them' },
  { names: ['badblocks'], operands: 'read', values: { '-b': 'none', '-c': 'none', '-d': 'none', '-e': 'none', '-p': 'none', '-t': 'none', '-i': 'read', '-o': 'write' }, modes: { '-w': 'edit' },
    doc: 'reads the disk; `-w` writes test patterns over it' },
  { names: ['mdadm'], operands: 'read', values: { '-l': 'none', '--level': 'none', '-n': 'none', '--raid-devices': 'none', '-c': 'none', '--chunk': 'none', '-e': 'none', '--metadata': 'none', '--name': 'none', '-N': 'none' },
    modes: Object.fromEntries(['-C', '--create', '-B', '--build', '-G', '--grow', '--zero-superblock', '--add', '-a'].map((option) => [option, 'edit'] as const)),
    doc: 'reads arrays and their disks (`--detail`, `--examine`); `--create`, `--build`, `--grow`, `--zero-superblock`, `--add` write to the disks' },
  { names: ['blkid', 'smartctl', 'partprobe', 'blockdev', 'udevadm', 'findmnt', 'dumpe2fs', 'xfs_info'], operands: 'read', doc: 'look at disks and file systems (their labels, health, sizes)' },
  // Editors open their operands to change them.
  { names: ['ed', 'red'], operands: 'edit', values: { '-p': 'none', '--prompt': 'none' }, doc: 'changes the file it opens (its commands on standard input are read by the code channels)' },
  { names: ['vi', 'vim', 'nvim', 'ex', 'nano', 'pico', 'emacs', 'emacsclient', 'micro', 'joe', 'jed', 'kak', 'hx', 'helix', 'mcedit', 'ne'], operands: 'edit',
    values: { '-c': 'none', '--cmd': 'none', '-S': 'read', '-u': 'read', '-i': 'none', '-s': 'read', '-w': 'write', '-W': 'write', '-T': 'none', '-p': 'none', '--eval': 'none', '-e': 'none', '--load': 'read', '-l': 'read', '--script': 'read' },
    doc: 'change the files they open; the commands they are given inline are read by the code channels' },
  // Build tools and compilers: -o writes.
  { names: ['gcc', 'g++', 'cc', 'c++', 'clang', 'clang++', 'tcc', 'gfortran', 'cpp'], operands: 'read', values: compilers, doc: '`-o FILE` writes FILE' },
  { names: ['rustc'], operands: 'read', values: { '-o': 'write', '--out-dir': 'into', '--emit': 'none', '--crate-type': 'none', '--crate-name': 'none', '--edition': 'none', '-C': 'none', '--codegen': 'none', '-L': 'none', '-l': 'none', '--extern': 'none', '--cfg': 'none', '--target': 'none', '-W': 'none', '-A': 'none', '-D': 'none', '-F': 'none', '--cap-lints': 'none', '--explain': 'none', '--sysroot': 'none', '--error-format': 'none', '--json': 'none', '--color': 'none', '--remap-path-prefix': 'none', '-Z': 'none' } },
  { names: ['rustdoc'], operands: 'read', values: { '-o': 'into', '--out-dir': 'into', '--output': 'into', '--crate-name': 'none', '--edition': 'none', '-L': 'none', '--extern': 'none', '--cfg': 'none', '--html-in-header': 'read', '--html-before-content': 'read', '--html-after-content': 'read', '--extend-css': 'read' } },
  { names: ['tsc'], operands: 'read', values: { '--outFile': 'write', '--outDir': 'into', '--declarationDir': 'into', '--tsBuildInfoFile': 'write', '-p': 'read', '--project': 'read', '--rootDir': 'none', '--baseUrl': 'none', '--target': 'none', '-t': 'none', '--module': 'none', '-m': 'none', '--lib': 'none', '--jsx': 'none', '--moduleResolution': 'none', '--types': 'none', '--typeRoots': 'none', '--generateTrace': 'into' } },
  { names: ['javac'], operands: 'read', values: { '-d': 'into', '-s': 'into', '-h': 'into', '-cp': 'none', '-classpath': 'none', '--class-path': 'none', '-sourcepath': 'none', '--source-path': 'none', '-source': 'none', '--source': 'none', '-target': 'none', '--target': 'none', '--release': 'none', '-encoding': 'none', '-processorpath': 'none', '--module-path': 'none', '-p': 'none', '--add-modules': 'none', '-Xlint': 'none' } },
  { names: ['mypy'], operands: 'read', values: { '--junit-xml': 'write', '--html-report': 'into', '--txt-report': 'into', '--xml-report': 'into', '--linecount-report': 'into', '--any-exprs-report': 'into', '--cobertura-xml-report': 'into', '--lineprecision-report': 'into', '--linecount-report-dir': 'into', '--cache-dir': 'into', '--config-file': 'read', '-m': 'none', '--module': 'none', '-p': 'none', '--package': 'none', '-c': 'none', '--command': 'none', '--python-version': 'none', '--platform': 'none', '--exclude': 'none', '--follow-imports': 'none', '--python-executable': 'none' } },
  { names: ['make', 'gmake', 'bmake'], operands: 'none', values: { '-E': 'none', '--eval': 'none', '-f': 'read', '--file': 'read', '--makefile': 'read', '-C': 'chdir', '--directory': 'chdir', '-I': 'none', '--include-dir': 'none', '-j': 'none', '--jobs': 'none', '-l': 'none', '--load-average': 'none', '-o': 'none', '--old-file': 'none', '--assume-old': 'none', '-W': 'none', '--what-if': 'none', '--new-file': 'none', '--assume-new': 'none', '-O': 'none', '--output-sync': 'none', '--debug': 'none', '--jobserver-style': 'none' },
    doc: 'runs its makefile\'s recipes (`-f FILE` reads it; a makefile given inline is read by the code channels), in `-C DIR`' },
  // Fetchers: their output files; a file:// address is a read.
  { names: ['curl'], operands: 'none', values: { '-o': 'write', '--output': 'write', '--output-dir': 'into', '-D': 'write', '--dump-header': 'write', '-c': 'write', '--cookie-jar': 'write', '--trace': 'write', '--trace-ascii': 'write', '--stderr': 'write', '--libcurl': 'write', '--etag-save': 'write', '--hsts': 'edit', '--alt-svc': 'edit', '-K': 'read', '--config': 'read', '-T': 'read', '--upload-file': 'read', '--etag-compare': 'read', '-b': 'none', '--cookie': 'none', '-d': 'none', '--data': 'none', '--data-binary': 'none', '--data-raw': 'none', '--data-ascii': 'none', '--data-urlencode': 'none', '--json': 'none', '-F': 'none', '--form': 'none', '--form-string': 'none', '-H': 'none', '--header': 'none', '-X': 'none', '--request': 'none', '-u': 'none', '--user': 'none', '-A': 'none', '--user-agent': 'none', '-e': 'none', '--referer': 'none', '-w': 'none', '--write-out': 'none', '-x': 'none', '--proxy': 'none', '-m': 'none', '--max-time': 'none', '--connect-timeout': 'none', '--retry': 'none', '--retry-delay': 'none', '--retry-max-time': 'none', '-r': 'none', '--range': 'none', '-E': 'none', '--cert': 'none', '--key': 'none', '--cacert': 'none', '--capath': 'none', '--resolve': 'none', '--connect-to': 'none', '-U': 'none', '--proxy-user': 'none', '-Y': 'none', '-y': 'none', '-z': 'none', '--time-cond': 'none', '-C': 'none', '--continue-at': 'none', '--limit-rate': 'none', '--max-filesize': 'none', '--max-redirs': 'none', '--interface': 'none', '-Q': 'none', '--quote': 'none', '--url': 'none', '--variable': 'none', '--expand-url': 'none', '--aws-sigv4': 'none', '--oauth2-bearer': 'none', '--pinnedpubkey': 'none', '--tls-max': 'none', '--ciphers': 'none', '--dns-servers': 'none', '--noproxy': 'none', '--unix-socket': 'none', '--abstract-unix-socket': 'none', '--parallel-max': 'none', '--rate': 'none', '--retry-all-errors': 'none', '--proto': 'none', '--proto-redir': 'none', '--proto-default': 'none', '-P': 'none', '--ftp-port': 'none' },
    doc: '`-o FILE`, `--output-dir`, `-D`, `-c`, `--trace` write; `-T FILE`, `-K FILE` and `file://` addresses read (uploads are the secrets rule\'s)' },
  { names: ['wget', 'wget2'], operands: 'none', values: { '-O': 'write', '--output-document': 'write', '-o': 'write', '--output-file': 'write', '-a': 'write', '--append-output': 'write', '-P': 'into', '--directory-prefix': 'into', '-i': 'read', '--input-file': 'read', '--post-file': 'read', '--body-file': 'read', '--config': 'read', '--load-cookies': 'read', '--save-cookies': 'write', '--save-headers': 'none', '--warc-file': 'write', '-e': 'none', '--execute': 'none', '-U': 'none', '--user-agent': 'none', '--header': 'none', '--post-data': 'none', '--body-data': 'none', '--method': 'none', '-t': 'none', '--tries': 'none', '-T': 'none', '--timeout': 'none', '-w': 'none', '--wait': 'none', '-Q': 'none', '--quota': 'none', '--user': 'none', '--password': 'none', '--http-user': 'none', '--http-password': 'none', '-l': 'none', '--level': 'none', '-A': 'none', '--accept': 'none', '-R': 'none', '--reject': 'none', '-D': 'none', '--domains': 'none', '-I': 'none', '-X': 'none', '--limit-rate': 'none', '--ca-certificate': 'none', '--certificate': 'none', '--private-key': 'none', '--bind-address': 'none', '--restrict-file-names': 'none', '--referer': 'none', '--default-page': 'none', '--progress': 'none', '-B': 'none', '--base': 'none', '-F': 'none', '--cut-dirs': 'none', '--use-askpass': 'run' } },
  // Database clients: the files they read scripts from and write output to.
  { names: ['psql'], operands: 'none', values: { '-f': 'read', '--file': 'read', '-o': 'write', '--output': 'write', '-L': 'write', '--log-file': 'write', '-c': 'none', '--command': 'none', '-d': 'none', '--dbname': 'none', '-h': 'none', '--host': 'none', '-p': 'none', '--port': 'none', '-U': 'none', '--username': 'none', '-v': 'none', '--set': 'none', '--variable': 'none', '-P': 'none', '--pset': 'none', '-F': 'none', '--field-separator': 'none', '-R': 'none', '--record-separator': 'none', '-T': 'none', '--table-attr': 'none' } },
  { names: ['mysql', 'mariadb'], operands: 'none', values: { '--tee': 'write', '-e': 'none', '--execute': 'none', '-h': 'none', '--host': 'none', '-u': 'none', '--user': 'none', '-p': 'none', '-P': 'none', '--port': 'none', '-D': 'none', '--database': 'none', '-S': 'none', '--socket': 'none', '--defaults-file': 'read', '--defaults-extra-file': 'read', '--init-command': 'none', '--pager': 'run', '--prompt': 'none', '--default-character-set': 'none', '--ssl-ca': 'none', '--ssl-cert': 'none', '--ssl-key': 'none', '--protocol': 'none', '--connect-timeout': 'none' } },
  { names: ['redis-cli', 'valkey-cli'], operands: 'none', values: { '--rdb': 'write', '--functions-rdb': 'write', '-h': 'none', '-p': 'none', '-a': 'none', '-n': 'none', '-u': 'none', '--user': 'none', '--pass': 'none', '-r': 'none', '-i': 'none', '-d': 'none', '--cacert': 'none', '--cert': 'none', '--key': 'none', '--pattern': 'none', '--eval': 'read' } },
  // Packet capture: -w writes, -z runs a command on each file.
  { names: ['tcpdump'], operands: 'none', values: { '-w': 'write', '-r': 'read', '-F': 'read', '-z': 'run', '-V': 'read', '-i': 'none', '-c': 'none', '-s': 'none', '-C': 'none', '-G': 'none', '-W': 'none', '-Z': 'none', '-E': 'none', '-M': 'none', '-T': 'none', '-y': 'none', '-j': 'none', '-B': 'none', '--time-stamp-precision': 'none', '--snapshot-length': 'none', '--interface': 'none' } },
  { names: ['tshark', 'dumpcap'], operands: 'none', values: { '-w': 'write', '-r': 'read', '-i': 'none', '-c': 'none', '-f': 'none', '-Y': 'none', '-T': 'none', '-e': 'none', '-E': 'none', '-a': 'none', '-b': 'none', '-o': 'none', '-d': 'none', '-s': 'none', '-z': 'none' } },
  // Document and data tools.
  { names: ['pandoc'], operands: 'read', values: { '-o': 'write', '--output': 'write', '-H': 'read', '--include-in-header': 'read', '-B': 'read', '--include-before-body': 'read', '-A': 'read', '--include-after-body': 'read', '--template': 'read', '--reference-doc': 'read', '--lua-filter': 'read', '-F': 'run', '--filter': 'run', '--extract-media': 'into', '--data-dir': 'read', '--defaults': 'read', '-d': 'read', '--css': 'none', '-c': 'none', '-f': 'none', '--from': 'none', '-r': 'none', '--read': 'none', '-t': 'none', '--to': 'none', '-w': 'none', '--write': 'none', '-M': 'none', '--metadata': 'none', '-V': 'none', '--variable': 'none', '--resource-path': 'none', '--pdf-engine': 'run', '--citeproc': 'none', '--bibliography': 'read', '--csl': 'read', '--highlight-style': 'none', '--toc-depth': 'none', '--columns': 'none', '--wrap': 'none', '--shift-heading-level-by': 'none', '--top-level-division': 'none', '--number-offset': 'none', '--eol': 'none', '--tab-stop': 'none', '--dpi': 'none' } },
  { names: ['convert', 'magick', 'montage', 'composite'], operands: 'last-write', values: { '-write': 'write', '-resize': 'none', '-quality': 'none', '-density': 'none', '-format': 'none', '-crop': 'none', '-rotate': 'none', '-define': 'none', '-size': 'none', '-background': 'none', '-fill': 'none', '-font': 'none', '-pointsize': 'none', '-gravity': 'none', '-geometry': 'none', '-colorspace': 'none', '-depth': 'none', '-type': 'none', '-units': 'none', '-compress': 'none', '-alpha': 'none', '-channel': 'none', '-threshold': 'none', '-blur': 'none', '-sharpen': 'none', '-extent': 'none', '-border': 'none', '-bordercolor': 'none', '-thumbnail': 'none', '-strip': 'none', '-flatten': 'none', '-layers': 'none', '-delay': 'none', '-loop': 'none', '-annotate': 'none', '-draw': 'none', '-tile': 'none' } },
  { names: ['openssl'], operands: 'none', values: { '-in': 'read', '-out': 'write', '-keyout': 'write', '-kfile': 'read', '-inkey': 'read', '-key': 'read', '-signkey': 'read', '-CAkey': 'read', '-CA': 'read', '-CAfile': 'none', '-cert': 'read', '-config': 'read', '-extfile': 'read', '-rand': 'read', '-writerand': 'write', '-sign': 'read', '-verify': 'read', '-prverify': 'read', '-signature': 'read', '-passin': 'none', '-passout': 'none', '-pass': 'none', '-k': 'none', '-K': 'none', '-iv': 'none', '-S': 'none', '-md': 'none', '-newkey': 'none', '-subj': 'none', '-days': 'none', '-set_serial': 'none', '-extensions': 'none', '-connect': 'none', '-servername': 'none', '-port': 'none', '-accept': 'none', '-inform': 'none', '-outform': 'none', '-keyform': 'none', '-certform': 'none', '-name': 'none', '-pkeyopt': 'none', '-algorithm': 'none', '-cipher': 'none', '-digest': 'none', '-iter': 'none', '-bufsize': 'none', '-engine': 'none', '-provider': 'none', '-sigopt': 'none', '-vfyopt': 'none', '-nameopt': 'none', '-certopt': 'none', '-reqopt': 'none', '-addext': 'none', '-x509': 'none', '-req': 'none', '-trusted': 'none', '-untrusted': 'none' },
    verbs: {}, doc: '`-in FILE` (and `-inkey`, `-kfile`, `-config`…) read, `-out FILE` and `-keyout FILE` write, whatever the verb' },
  { names: ['socat'], operands: 'none', doc: 'its addresses: `OPEN:`, `FILE:`, `GOPEN:`, `CREATE:`, `CREAT:` and a bare path are files it reads and writes, `EXEC:` and `SYSTEM:` run a command' },
  // Interpreters and shells run a script file and hand it the other operands: the worst case for those.
  { names: ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'ash', 'csh', 'tcsh', 'busybox-sh'], operands: [...interpreterArgs], values: { '-c': 'none', '-o': 'none', '+o': 'none', '-O': 'none', '+O': 'none', '--rcfile': 'read', '--init-file': 'read' }, modes: { '-c': 'any', '-s': 'any' },
    doc: 'run the script file and hand it the other operands (the worst case); the text of `-c` is read as commands by the channels' },
  // Shells whose language is not the POSIX shell's: their -c text is code, its paths the worst case.
  { names: ['nu', 'xonsh'], operands: [...interpreterArgs], values: { '-c': 'code' }, modes: { '-c': 'any' } },
  { names: ['python', 'python2', 'python3', 'pypy', 'pypy3'], operands: [...interpreterArgs], values: { '-c': 'none', '-m': 'none', '-W': 'none', '-X': 'none', '-Q': 'none' }, modes: { '-m': 'any', '-c': 'any' },
    doc: 'run the script file and hand it the other operands, judged as the worst case (a version in the name too: `python3.13`, `node22`, `perl5.36`)' },
  { names: ['node', 'nodejs', 'deno', 'bun', 'tsx', 'ts-node'], operands: [...interpreterArgs], values: { '-e': 'none', '--eval': 'none', '-p': 'none', '--print': 'none', '-r': 'read', '--require': 'read', '--import': 'read', '--loader': 'read', '--experimental-loader': 'read', '--env-file': 'none', '--env-file-if-exists': 'none', '--inspect-port': 'none', '--max-old-space-size': 'none', '-C': 'none', '--conditions': 'none', '--title': 'none', '--input-type': 'none', '--stack-size': 'none' }, modes: { '-e': 'any', '--eval': 'any', '-p': 'any', '--print': 'any' } },
  { names: ['ruby', 'php', 'lua', 'luajit', 'Rscript', 'julia', 'tclsh', 'wish', 'raku', 'elixir', 'escript', 'guile', 'racket', 'sbcl', 'ocaml', 'swift', 'groovy', 'kotlin', 'scala', 'jshell', 'jrunscript', 'octave', 'octave-cli', 'pwsh', 'powershell'], operands: [...interpreterArgs],
    values: { '-e': 'code', '-E': 'code', '-r': 'code', '-I': 'none', '-M': 'none', '-l': 'none', '-c': 'code', '--eval': 'code', '-C': 'chdir', '-d': 'none', '-x': 'none', '-0': 'none', '-F': 'none', '-W': 'none', '-Command': 'code', '-File': 'read' }, modes: { '-e': 'any', '-E': 'any', '-r': 'any', '-c': 'any', '--eval': 'any', '-Command': 'any' } },
  // Containers: `cp` copies between a container and the disk (SRC… DEST, a container's path is CONTAINER:PATH).
  { names: ['docker', 'podman', 'nerdctl'], operands: 'read', verbs: { cp: { operands: 'last-write' } },
    values: { '-H': 'none', '--host': 'none', '-c': 'none', '--context': 'none', '--config': 'read', '-l': 'none', '--log-level': 'none' } },
  { names: ['kubectl', 'oc'], operands: 'read', verbs: { cp: { operands: 'last-write', values: { '-c': 'none', '--container': 'none' } } },
    values: { '-n': 'none', '--namespace': 'none', '--context': 'none', '--cluster': 'none', '--kubeconfig': 'read', '-s': 'none', '--server': 'none', '--user': 'none' } },
  // git: verbs, and the few that name files on disk.
  { names: ['git'], operands: 'none', values: { '-C': 'chdir', '-c': 'none', '--git-dir': 'none', '--work-tree': 'none', '--namespace': 'none', '--exec-path': 'none', '--super-prefix': 'none', '--config-env': 'none', '--list-cmds': 'none', '--attr-source': 'none' },
    verbs: {
      diff: { operands: 'read', values: { '-O': 'read', '--output': 'write' } },
      'hash-object': { operands: 'read', values: { '-t': 'none', '--path': 'none' } },
      commit: { operands: 'none', values: { '-F': 'read', '--file': 'read', '-t': 'read', '--template': 'read', '-m': 'none', '--message': 'none', '-C': 'none', '--reuse-message': 'none', '-c': 'none', '--reedit-message': 'none', '--fixup': 'none', '--squash': 'none', '--author': 'none', '--date': 'none', '--cleanup': 'none', '-S': 'none', '--gpg-sign': 'none', '--trailer': 'none', '--pathspec-from-file': 'read' } },
      tag: { operands: 'none', values: { '-F': 'read', '--file': 'read', '-m': 'none', '--message': 'none', '-u': 'none', '--local-user': 'none', '--cleanup': 'none', '--sort': 'none', '--format': 'none', '--contains': 'none', '--no-contains': 'none', '--merged': 'none', '--no-merged': 'none', '--points-at': 'none', '-n': 'none' } },
      notes: { operands: 'none', values: { '-F': 'read', '--file': 'read', '-m': 'none', '--message': 'none', '-C': 'none', '-c': 'none', '--ref': 'none' } },
      merge: { operands: 'none', values: { '-F': 'read', '--file': 'read', '-m': 'none', '-s': 'none', '--strategy': 'none', '-X': 'none', '--strategy-option': 'none', '--cleanup': 'none', '-S': 'none', '--into-name': 'none' } },
      config: { operands: 'none', values: { '-f': 'edit', '--file': 'edit', '--blob': 'none', '--type': 'none', '--default': 'none', '--comment': 'none', '--value': 'none' } },
      archive: { operands: 'none', values: { '-o': 'write', '--output': 'write', '--prefix': 'none', '--format': 'none', '--remote': 'none', '--exec': 'run', '--add-file': 'read', '--add-virtual-file': 'none', '--mtime': 'none' } },
      bundle: { operands: ['none', 'write'] },
      'format-patch': { operands: 'none', values: { '-o': 'into', '--output-directory': 'into', '--cover-letter': 'none', '--subject-prefix': 'none', '--suffix': 'none', '--to': 'none', '--cc': 'none', '--from': 'none', '--in-reply-to': 'none', '--base': 'none', '-v': 'none', '--reroll-count': 'none', '--start-number': 'none', '--signature-file': 'read', '--description-file': 'read' } },
      apply: { operands: 'read', values: { '--directory': 'into', '-p': 'none', '-C': 'none', '--exclude': 'none', '--include': 'none', '--whitespace': 'none', '--build-fake-ancestor': 'write' } },
      am: { operands: 'read', values: { '--directory': 'into', '-p': 'none', '-C': 'none', '--exclude': 'none', '--include': 'none', '--whitespace': 'none', '-S': 'none', '--patch-format': 'none', '--resolvemsg': 'none', '--quoted-cr': 'none', '--empty': 'none' } },
      init: { operands: 'into', values: { '--template': 'read', '--separate-git-dir': 'into', '-b': 'none', '--initial-branch': 'none', '--shared': 'none', '--object-format': 'none', '--ref-format': 'none' } },
      clone: { operands: ['none', 'into'], values: { '--template': 'read', '--separate-git-dir': 'into', '--reference': 'none', '--reference-if-able': 'none', '-o': 'none', '--origin': 'none', '-b': 'none', '--branch': 'none', '-u': 'none', '--upload-pack': 'run', '-c': 'none', '--config': 'none', '--depth': 'none', '--shallow-since': 'none', '--shallow-exclude': 'none', '-j': 'none', '--jobs': 'none', '--filter': 'none', '--server-option': 'none', '--bundle-uri': 'none', '--ref-format': 'none', '--object-format': 'none' } },
      'worktree': { operands: 'none', values: { '-b': 'none', '-B': 'none', '--reason': 'none', '--expire': 'none' } },
      'check-ignore': { operands: 'none', values: { '--stdin': 'none' } },
      rebase: { operands: 'none', values: { '-x': 'run', '--exec': 'run', '--onto': 'none', '-s': 'none', '--strategy': 'none', '-X': 'none', '--strategy-option': 'none', '--whitespace': 'none' } },
      difftool: { operands: 'none', values: { '-x': 'run', '--extcmd': 'run', '-t': 'none', '--tool': 'none' } },
      'blame': { operands: 'none', values: { '-L': 'none', '-S': 'read', '--contents': 'read', '--ignore-rev': 'none', '--ignore-revs-file': 'read', '-C': 'none', '-M': 'none', '--date': 'none' } },
    },
    doc: 'its verbs judged by git-destroy and gate-bypass; files on disk where a verb names them (`diff --no-index`, `hash-object`, `commit -F`, `config -f`, `archive -o`, `apply`, `clone DIR`…), in `-C DIR`' },
  // Package managers: their operands are package names.
  { names: ['npm', 'pnpm', 'yarn', 'npx', 'pnpx', 'bunx', 'pip', 'pip3', 'pipx', 'uv', 'uvx', 'poetry', 'gem', 'bundle', 'composer', 'cargo', 'go', 'dotnet', 'mvn', 'gradle', 'brew', 'apt', 'apt-get', 'apt-cache', 'dpkg', 'dnf', 'yum', 'pacman', 'apk', 'snap', 'conda', 'mamba', 'nix'], operands: 'none',
    values: { '--prefix': 'chdir', '-C': 'chdir', '--dir': 'chdir', '--cwd': 'chdir', '--directory': 'chdir', '--manifest-path': 'read', '-r': 'read', '--requirement': 'read', '-c': 'read', '--constraint': 'read', '-t': 'into', '--target': 'into', '--target-dir': 'into', '--root': 'into', '-d': 'into', '--dest': 'into', '-w': 'into', '--wheel-dir': 'into', '--pack-destination': 'into', '--userconfig': 'read', '--globalconfig': 'read', '-o': 'write', '--modfile': 'read', '--config': 'none', '-f': 'read', '--file': 'read' },
    doc: 'their operands are package names and verbs; files where an option names one (`pip install -r FILE`, `--target DIR`, `go build -o FILE`, `cargo --manifest-path FILE`, `npm --prefix DIR`)' },
  // Network tools that write what they receive.
  { names: ['nc', 'ncat', 'netcat'], operands: 'none', values: { '-e': 'run', '-c': 'run', '--sh-exec': 'run', '--exec': 'run', '--lua-exec': 'read', '-o': 'write', '--output': 'write', '-x': 'write', '--hex-dump': 'write', '-p': 'none', '-s': 'none', '-w': 'none', '-i': 'none', '-q': 'none', '-X': 'none', '-I': 'none', '-O': 'none', '-P': 'none', '-T': 'none', '-V': 'none', '--proxy': 'none', '--proxy-type': 'none', '--ssl-cert': 'none', '--ssl-key': 'none', '--allow': 'none', '--deny': 'none' } },
  { names: ['ssh-keygen'], operands: 'none', values: { '-f': 'none', '-b': 'none', '-t': 'none', '-C': 'none', '-N': 'none', '-P': 'none', '-I': 'none', '-n': 'none', '-O': 'none', '-V': 'none', '-z': 'none', '-Y': 'none', '-s': 'none', '-E': 'none', '-m': 'none', '-a': 'none', '-Z': 'none', '-w': 'none', '-r': 'none', '-R': 'none', '-F': 'none', '-K': 'none', '-D': 'none', '-G': 'none', '-M': 'none', '-S': 'none', '-T': 'none', '-J': 'none', '-j': 'none' },
    doc: 'makes and uses key files (`-f KEY`), never printing a private key: not a read' },
  { names: ['ssh', 'sftp', 'ssh-add', 'ssh-copy-id', 'autossh', 'mosh'], operands: 'none', values: { '-F': 'read', '-E': 'write', '-S': 'none', '-i': 'none', '-o': 'none', '-p': 'none', '-l': 'none', '-L': 'none', '-R': 'none', '-D': 'none', '-J': 'none', '-W': 'none', '-b': 'none', '-c': 'none', '-m': 'none', '-O': 'none', '-Q': 'none', '-B': 'none', '-e': 'none', '-I': 'none', '-w': 'none', '-P': 'none', '-t': 'none', '-M': 'none' } },
];

/**
 * Places that are not files in the project's sense. A write to a disk device (by any program:
 * a redirection, `cp`, `dd of=`, `tee`, a disk tool above, a program the guard does not know)
 * destroys what the disk holds: the fs-destroy rule denies it. Each entry is the start of the
 * device's path (`/dev/sd` for /dev/sda, /dev/sdb1…) unless it ends in `$` (that path alone).
 */
export const DISK_DEVICES: readonly string[] = [
  '/dev/sd', '/dev/hd', '/dev/vd', '/dev/xvd', '/dev/nvme', '/dev/mmcblk', '/dev/disk/', '/dev/mapper/', '/dev/dm-', '/dev/loop', '/dev/md',
  '/dev/nbd', '/dev/rbd', '/dev/zd', '/dev/zram', '/dev/bcache', '/dev/sr', '/dev/mem$', '/dev/kmem$', '/dev/port$',
];

/**
 * Kubernetes kinds whose deletion removes what the whole cluster shares (and the data in it),
 * each with the names kubectl takes for it: singular, plural, short. kubectl reads a kind in any
 * case and with its group or version after a dot (`NS`, `namespaces.v1`,
 * `customresourcedefinitions.apiextensions.k8s.io`), several at once (`ns,pods`), or before a
 * name (`namespace/prod`); the infra and containers rules read every form (cluster_kind).
 */
export const CLUSTER_KINDS: readonly { kind: string; names: string[] }[] = [
  { kind: 'namespace', names: ['namespace', 'namespaces', 'ns'] },
  { kind: 'persistentvolume', names: ['persistentvolume', 'persistentvolumes', 'pv'] },
  { kind: 'persistentvolumeclaim', names: ['persistentvolumeclaim', 'persistentvolumeclaims', 'pvc'] },
  { kind: 'node', names: ['node', 'nodes', 'no'] },
  { kind: 'customresourcedefinition', names: ['customresourcedefinition', 'customresourcedefinitions', 'crd', 'crds'] },
  { kind: 'storageclass', names: ['storageclass', 'storageclasses', 'sc'] },
  { kind: 'clusterrole', names: ['clusterrole', 'clusterroles'] },
  { kind: 'clusterrolebinding', names: ['clusterrolebinding', 'clusterrolebindings'] },
];

/**
 * Commands that write a file their words do not name: a tool's own settings in the home
 * folder, which every later run of the tool (in any project) reads. Each is a write of that
 * file, which the scope rule judges like any other write outside the project. `unless`: an
 * option that sends the write somewhere else (into the project).
 */
export interface ImpliedWrite {
  /** The program and its first operands (verbs), as typed: `npm config set`. */
  command: string;
  writes: string;
  unless?: string[];
  /** The docs' words for why it matters. */
  why: string;
}

export const IMPLIED_WRITES: readonly ImpliedWrite[] = [
  ...['npm config set', 'npm config delete', 'npm config edit', 'npm config fix', 'npm set', 'pnpm config set', 'pnpm config delete', 'pnpm set']
    .map((command) => ({ command, writes: '~/.npmrc', unless: ['--location=project', '-L', '--userconfig'], why: 'every npm run in every project reads it (a script-shell or registry there applies everywhere)' })),
  ...['yarn config set', 'yarn config delete'].map((command) => ({ command, writes: '~/.yarnrc', why: 'every yarn run reads it' })),
  ...['pip config set', 'pip config unset', 'pip config edit', 'pip3 config set', 'pip3 config unset', 'pip3 config edit']
    .map((command) => ({ command, writes: '~/.config/pip/pip.conf', unless: ['--site'], why: 'every pip install reads it (an index URL there serves every install)' })),
  ...['gh config set', 'gh alias set', 'gh extension install']
    .map((command) => ({ command, writes: '~/.config/gh/config.yml', why: 'every gh command reads it (an editor, a pager or an alias there runs later)' })),
  ...['aws configure set', 'aws configure import'].map((command) => ({ command, writes: '~/.aws/config', why: 'every aws command reads it' })),
  ...['docker login', 'docker logout', 'docker context create', 'docker context use'].map((command) => ({ command, writes: '~/.docker/config.json', why: 'every docker command reads it (credentials, helpers it runs)' })),
  ...['kubectl config set', 'kubectl config set-context', 'kubectl config set-cluster', 'kubectl config set-credentials', 'kubectl config use-context', 'kubectl config use', 'kubectl config delete-context', 'kubectl config delete-cluster', 'kubectl config delete-user', 'kubectl config rename-context', 'kubectl config unset']
    .map((command) => ({ command, writes: '~/.kube/config', unless: ['--kubeconfig'], why: 'every kubectl command reads it: the cluster it talks to, and commands it runs for credentials' })),
  { command: 'direnv allow', writes: '~/.local/share/direnv/allow', why: 'the folder\'s .envrc then runs in every shell that enters it' },
  { command: 'ssh-keygen -R', writes: '~/.ssh/known_hosts', why: 'ssh trusts the hosts it lists' },
];

/**
 * Programs whose effects are read by code of their own in arguments.sh.hbs (collect_paths),
 * with the docs' words for them.
 */
export const HANDLED_EFFECTS: readonly { names: string[]; doc: string }[] = [
  { names: ['rm', 'rmdir', 'unlink', 'shred'], doc: 'delete their operands' },
  { names: ['touch', 'mkdir'], doc: 'create their operands' },
  { names: ['tee', 'truncate'], doc: 'write their operands' },
  { names: ['cp', 'install'], doc: 'read their sources and write the destination (`-t DIR`, `--target-directory`)' },
  { names: ['mv'], doc: 'delete their sources and write the destination' },
  { names: ['ln'], doc: 'write the link; a link made with `-s` is followed by the paths after it in the same command (`ln -s ~ h && rm -rf h/`)' },
  { names: ['chmod', 'chown', 'chgrp'], doc: 'change their operands (`--reference FILE` reads)' },
  { names: ['sed', 'perl'], doc: 'read their operands, and edit them with `-i` (a `w FILE` in a sed script is read by the code channels)' },
  { names: ['dd'], doc: '`if=` is read, `of=` written' },
  { names: ['tar'], doc: 'with `-c`, `-r`, `-u` or `-A` writes the archive (`-f`) and reads the files; with `-x` reads the archive and writes into `-C DIR` (or the current folder, or where the archive\'s own paths point with `-P`); `-T FILE` reads names; `--to-command`, `--checkpoint-action=exec=`, `-I`/`--use-compress-program` and `--rsh-command` run commands' },
];

/** Programs in the data whose reading is a function of its own in effects.sh.hbs (their data is the docs' only). */
const HANDLED_ELSEWHERE = ['socat'];

/** Every program this file knows (data or handled). */
export function knownEffectsPrograms(): string[] {
  return [...new Set([...PROGRAM_EFFECTS.flatMap((p) => p.names), ...HANDLED_EFFECTS.flatMap((p) => p.names)])];
}

/** A role list as the bash side reads it: codes separated by blanks; `L` for last-write. */
function operandCodes(operands: ProgramEffects['operands']): string {
  if (operands === 'last-write') return 'L';
  return (typeof operands === 'string' ? [operands] : operands).map((role) => ROLE_CODES[role]).join(' ');
}

/** One program's effects for program_effects (templates/guard/core/effects.sh.hbs): blank-separated `name=code` lists, a blank either side. */
function specOf(effects: Omit<ProgramEffects, 'names' | 'verbs' | 'doc'>, verbs = false) {
  // Where no operand is a file (and no option changes that, nor a verb follows), an option's
  // value that is not a path needs no entry: read as an operand, it is still none.
  const valuesMatter = operandCodes(effects.operands) !== 'n' || effects.modes !== undefined || verbs;
  const entries = Object.entries(effects.values ?? {}).filter(([, role]) => valuesMatter || role !== 'none');
  const short = entries.filter(([name]) => /^-[^-]$/.test(name)).map(([name, role]) => `${name.slice(1)}=${ROLE_CODES[role]}`);
  const words = entries.filter(([name]) => /^-[^-]{2,}$/.test(name)).map(([name, role]) => `${name}=${ROLE_CODES[role]}`);
  const long = [
    ...entries.filter(([name]) => name.startsWith('--')).map(([name, role]) => `${name.slice(2)}=${ROLE_CODES[role]}`),
    ...(effects.flags ?? []).map((name) => `${name.slice(2)}=-`),
  ];
  const modes = Object.entries(effects.modes ?? {}).map(([option, operands]) => `${option.replace(/^--?/, '')}:${operandCodes(operands).replace(/ /g, ',')}`);
  const list = (items: string[]) => (items.length ? ` ${items.join(' ')} ` : '');
  return { short: list(short), long: list(long), words: list(words), operands: operandCodes(effects.operands), modes: list(modes), looks: list([...(effects.looks ?? [])]) };
}

/** The context effects.sh.hbs renders with: one arm of program_effects per program, and per verb; the implied writes. */
export function effectsTemplateContext() {
  // An entry whose second word is an option (ssh-keygen -R) matches that option anywhere.
  const implied = IMPLIED_WRITES.map((entry) => {
    const [program, ...rest] = entry.command.split(' ');
    const option = rest[0]?.startsWith('-') ? rest[0] : '';
    return { program: program!, verbs: option ? '' : ` ${rest.join(' ')} `, option: option ? ` ${option}` : '', writes: entry.writes, unless: ` ${(entry.unless ?? []).join(' ')} ` };
  });
  const arms = PROGRAM_EFFECTS.filter((p) => !HANDLED_ELSEWHERE.includes(p.names[0]!)).flatMap((program) => [
    { names: program.names, ...specOf(program, program.verbs !== undefined), verbs: program.verbs ? 1 : 0, stdinNames: program.namesFromStdin ? 1 : program.codeFromStdin ? 2 : 0 },
    ...Object.entries(program.verbs ?? {}).map(([verb, effects]) => ({
      names: program.names.map((name) => `${name}:${verb}`), ...specOf(effects), verbs: 0, stdinNames: 0,
    })),
  ]);
  return {
    arms, implied, impliedPrograms: [...new Set(IMPLIED_WRITES.map((entry) => entry.command.split(' ')[0]!))],
    diskPrefixes: DISK_DEVICES.filter((device) => !device.endsWith('$')),
    diskPaths: DISK_DEVICES.filter((device) => device.endsWith('$')).map((device) => device.slice(0, -1)),
    clusterKinds: CLUSTER_KINDS,
  };
}

/** The generated table of docs/guards.md, "What programs do to files". */
export function effectsDocTable(): string {
  const code = (name: string) => `\`${name}\``;
  const roleWords = (operands: ProgramEffects['operands']): string => {
    if (operands === 'last-write') return 'read, the last one written';
    const roles: readonly Role[] = typeof operands === 'string' ? [operands] : operands;
    const words: Record<Role, string> = { read: 'read', write: 'written', edit: 'changed in place', delete: 'deleted', into: 'folders written into', chdir: 'the folder it works in', run: 'commands run', any: 'the worst case', code: 'code (the paths written in it the worst case)', none: 'not files it reads or writes' };
    return roles.map((role, i) => (roles.length > 1 && i === roles.length - 1 ? `then ${words[role]}` : words[role])).join(', ');
  };
  const verbsOf: Record<Role, string> = { read: 'reads', write: 'writes', edit: 'changes', delete: 'deletes', into: 'writes into', chdir: 'works in', run: 'runs', any: 'may do anything to', code: 'runs the code of', none: '' };
  // The options that name a path or a command, grouped by what the program does with it.
  const optionsOf = (program: ProgramEffects) => {
    const byRole = new Map<Role, string[]>();
    for (const [name, role] of Object.entries(program.values ?? {})) if (role !== 'none') byRole.set(role, [...(byRole.get(role) ?? []), name]);
    return [...byRole].map(([role, names]) => `${verbsOf[role]} ${names.map(code).join(', ')}`).join('; ');
  };
  const rows = [
    '| programs | their operands | their options |',
    '|---|---|---|',
    ...HANDLED_EFFECTS.map((p) => `| ${p.names.map(code).join(', ')} | ${p.doc} | (read by code of their own) |`),
    ...PROGRAM_EFFECTS.map((p) => `| ${p.names.map(code).join(', ')} | ${p.doc ?? roleWords(p.operands)} | ${optionsOf(p) || '—'} |`),
  ];
  const implied = [...new Map(IMPLIED_WRITES.map((entry) => [entry.writes, entry])).values()].map((entry) => {
    const commands = IMPLIED_WRITES.filter((other) => other.writes === entry.writes).map((other) => code(other.command));
    return `- ${commands.join(', ')} write ${code(entry.writes)}${entry.unless?.length ? ` (unless ${entry.unless.map(code).join(' or ')})` : ''}: ${entry.why}`;
  });
  rows.push('', 'Commands that write a file their words do not name (a tool\'s own settings in the home folder), judged as writes of it:', '', ...implied);
  return rows.join('\n');
}

const TABLE_START = '<!-- effects: generated from src/presets/guard-effects.ts by `npm run build`. Do not edit it by hand. -->';
const TABLE_END = '<!-- end of effects -->';

/** docs/guards.md with its effects table (between the two markers) rewritten from the data above. */
export function withEffectsTable(markdown: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/guards.md: the effects table markers are missing');
  return `${markdown.slice(0, start + TABLE_START.length)}\n${effectsDocTable()}\n${markdown.slice(end)}`;
}
