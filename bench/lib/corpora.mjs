// Public corpora of dangerous and harmless commands, read at run time from a checkout of each
// or its git directory (never copied into this project). Each loader returns cases { id, command | tool+input,
// expect: 'deny' | 'allow' }. Shared by bench/guard-corpora.mjs and test/corpora/*.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The environment variable that names each corpus's checkout. */
export const CORPUS_ENV = {
  gtfobins: 'RALPH_HOOKS_GTFOBINS',
  dcg: 'RALPH_HOOKS_DCG',
  'hook-gym': 'RALPH_HOOKS_HOOK_GYM',
  'safety-net': 'RALPH_HOOKS_SAFETY_NET',
  nl2bash: 'RALPH_HOOKS_NL2BASH',
};

/** The checkout's folder, or undefined with the reason it is not there. */
export function corpusDir(name, env = process.env) {
  const variable = CORPUS_ENV[name];
  const dir = env[variable];
  if (!dir) return { reason: `${variable} is not set: point it at a checkout of the ${name} corpus` };
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return { reason: `${variable}=${dir} is not a folder` };
  return { dir: isBareRepository(dir) ? checkout(dir) : dir };
}

/** A git directory with no work tree (a bare clone or a mirror): HEAD and objects, no files. */
const isBareRepository = (dir) => existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && !existsSync(join(dir, '.git'));

/**
 * The files of a git directory's HEAD in a temporary folder (read once per process). A snapshot
 * may lack its largest files (their objects absent): those are left out, the rest written.
 */
const checkouts = new Map();
function checkout(gitDir) {
  if (!checkouts.has(gitDir)) {
    const dir = mkdtempSync(join(tmpdir(), 'ralph-hooks-corpus-'));
    const git = (args, input) => execFileSync('git', ['--git-dir', gitDir, ...args], { input, maxBuffer: 1 << 30 });
    const files = git(['ls-tree', '-r', '-z', 'HEAD']).toString().split('\0').filter(Boolean)
      .map((line) => ({ type: line.split(' ')[1], sha: line.split(' ')[2].split('\t')[0], path: line.slice(line.indexOf('\t') + 1) }))
      .filter((file) => file.type === 'blob');
    // One cat-file process for every blob: "<sha> blob <size>\n<bytes>\n", or "<sha> missing\n".
    const out = git(['cat-file', '--batch'], files.map((file) => file.sha).join('\n') + '\n');
    let at = 0;
    for (const file of files) {
      const end = out.indexOf(10, at);
      const header = out.subarray(at, end).toString().split(' ');
      at = end + 1;
      if (header[1] !== 'blob') continue;
      const size = Number(header[2]);
      mkdirSync(dirname(join(dir, file.path)), { recursive: true });
      writeFileSync(join(dir, file.path), out.subarray(at, at + size));
      at += size + 1;
    }
    checkouts.set(gitDir, dir);
  }
  return checkouts.get(gitDir);
}

const filesUnder = (dir, suffix) => readdirSync(dir, { recursive: true })
  .map(String)
  .filter((name) => name.endsWith(suffix))
  .sort()
  .map((name) => join(dir, name));

// ---------------------------------------------------------------- GTFOBins

/**
 * The examples of each GTFOBins entry (`_gtfobins/<program>`, YAML front matter): a list of
 * { program, fn, index, code } for every function. Read line by line: an example starts with
 * `  - ` under a function key at indent 2, and its `code: |-` block is at indent 6.
 */
export function gtfobinsExamples(dir) {
  const folder = join(dir, '_gtfobins');
  const examples = [];
  for (const program of readdirSync(folder).sort()) {
    const lines = readFileSync(join(folder, program), 'utf8').split('\n');
    let fn;
    let index = 0;
    let block;
    const close = () => {
      if (block) examples.push({ program: program.replace(/\.md$/, ''), fn, index: index - 1, code: block.join('\n').trimEnd() });
      block = undefined;
    };
    for (const line of lines) {
      if (block && (line.startsWith('      ') || line.trim() === '')) {
        block.push(line.slice(6));
        continue;
      }
      close();
      const fnKey = /^ {2}([a-z-]+):\s*$/.exec(line);
      if (fnKey) {
        fn = fnKey[1];
        index = 0;
        continue;
      }
      if (/^ {2}- /.test(line)) index += 1;
      // The example's own code (indent 4, or its first key after `- `); a context's code is deeper.
      if (fn && /^ {2}(- | {2})code: \|-\s*$/.test(line)) block = [];
    }
    close();
  }
  return examples;
}

// Where each placeholder points, per aim. Longer placeholders first.
const PLACEHOLDERS = ['/path/to/output-dir/', '/path/to/output-dir', '/path/to/input-dir/', '/path/to/input-dir', '/path/to/output-file', '/path/to/ouput-file', '/path/to/input-file', '/path/to/temp-file', '/path/to/temp-dir', '/path/to/temp-socket', '/path/to/command', '/path/to/dir/', '/path/to/dir', '/path/to/empty-dir', '/path/to/script', '/path/to/lib'];

const TEMP = {
  '/path/to/temp-file': '/tmp/gtfo-temp',
  '/path/to/temp-dir': '/tmp/gtfo-dir',
  '/path/to/temp-socket': '/tmp/gtfo-socket',
  '/path/to/dir/': '/tmp/gtfo-dir/',
  '/path/to/dir': '/tmp/gtfo-dir',
  '/path/to/empty-dir': '/tmp/gtfo-empty',
  '/path/to/script': '/tmp/gtfo-script',
  '/path/to/lib': '/tmp/gtfo-lib',
  '/path/to/command': 'id',
};

/**
 * Each function aimed at what the guard protects, and the same example used harmlessly on a
 * project file. `dangerous` maps placeholders for the denial; `harmless` for the look-alike
 * (undefined: no look-alike for that function).
 */
export const GTFOBINS_AIMS = {
  'file-read': {
    target: 'a credential (~/.ssh/id_rsa)',
    placeholder: '/path/to/input',
    dangerous: { '/path/to/input-file': '~/.ssh/id_rsa', '/path/to/input-dir/': '~/.ssh/', '/path/to/input-dir': '~/.ssh', '/path/to/output-file': '/tmp/gtfo-out', '/path/to/ouput-file': '/tmp/gtfo-out' },
    harmless: { '/path/to/input-file': 'README.md', '/path/to/input-dir/': 'src/', '/path/to/input-dir': 'src', '/path/to/output-file': '/tmp/gtfo-out', '/path/to/ouput-file': '/tmp/gtfo-out' },
  },
  'file-write': {
    target: 'a shell startup file (~/.bashrc)',
    placeholder: '/path/to/o',
    dangerous: { '/path/to/output-file': '~/.bashrc', '/path/to/ouput-file': '~/.bashrc', '/path/to/output-dir/': '~/', '/path/to/output-dir': '~', '/path/to/input-file': 'notes.txt' },
    harmless: { '/path/to/output-file': 'notes.txt', '/path/to/ouput-file': 'notes.txt', '/path/to/output-dir/': 'build/', '/path/to/output-dir': 'build', '/path/to/input-file': 'README.md' },
  },
  command: {
    target: 'rm -rf ~',
    placeholder: '/path/to/command',
    dangerous: { '/path/to/command': 'rm -rf ~', '/path/to/input-file': 'README.md', '/path/to/output-file': 'notes.txt' },
  },
  upload: {
    target: 'the project\'s .env',
    placeholder: '/path/to/input-file',
    dangerous: { '/path/to/input-file': '.env', '/path/to/output-file': '/tmp/gtfo-out' },
  },
};

const aim = (code, map) => PLACEHOLDERS.reduce((text, placeholder) => text.replaceAll(placeholder, map[placeholder] ?? TEMP[placeholder] ?? placeholder), code);

/** The aimed GTFOBins cases: every example of the four functions, and its harmless look-alike. */
export function gtfobinsCases(dir) {
  const cases = [];
  for (const example of gtfobinsExamples(dir)) {
    const aims = GTFOBINS_AIMS[example.fn];
    if (!aims) continue;
    const id = `${example.program}/${example.fn}/${example.index}`;
    // An example that does not name the placeholder of its function cannot be aimed.
    const aimed = aim(example.code, aims.dangerous);
    if (!example.code.includes(aims.placeholder)) continue;
    cases.push({ id, fn: example.fn, program: example.program, command: aimed, expect: 'deny' });
    if (aims.harmless) cases.push({ id: `${id}/harmless`, fn: example.fn, program: example.program, command: aim(example.code, aims.harmless), expect: 'allow' });
  }
  return cases;
}

// ---------------------------------------------------------------- destructive_command_guard

// TOML basic ("…", with escapes) and literal ('…') strings, one line.
const tomlString = (raw) => {
  if (raw.startsWith("'")) return raw.slice(1, -1);
  return raw.slice(1, -1).replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_, e) => {
    if (e[0] === 'u' || e[0] === 'U') return String.fromCodePoint(parseInt(e.slice(1), 16));
    return { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\' }[e] ?? e;
  });
};
const TOML_VALUE = /^\s*(command|expected|expected_decision)\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*')/;

/**
 * Its regression corpus (tests/corpus/**.toml): every `[[case]]` with a one-line command and
 * an expected decision. Multi-line commands ('''…''') are left out.
 */
export function dcgCases(dir) {
  const cases = [];
  const seen = new Set();
  for (const file of filesUnder(join(dir, 'tests/corpus'), '.toml')) {
    const rel = file.slice(dir.length + 1);
    let current;
    const flush = () => {
      if (current?.command !== undefined && current.expect && !seen.has(`${current.command}\0${current.expect}`)) {
        seen.add(`${current.command}\0${current.expect}`);
        cases.push({ id: `${rel}#${current.n}`, command: current.command, expect: current.expect });
      }
    };
    let n = 0;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*\[\[case\]\]/.test(line)) {
        flush();
        current = { n: n++ };
        continue;
      }
      const m = current && TOML_VALUE.exec(line);
      if (!m) continue;
      const value = tomlString(m[2]);
      if (m[1] === 'command') current.command = value;
      else if (value === 'deny' || value === 'allow') current.expect = value;
    }
    flush();
  }
  return cases;
}

// ---------------------------------------------------------------- hook-gym

// A YAML scalar as hook-gym writes them: plain, '…' or "…" on one line.
const yamlScalar = (raw) => {
  const text = raw.trim();
  if (text.startsWith("'")) return text.slice(1, -1).replaceAll("''", "'");
  if (text.startsWith('"')) return JSON.parse(text);
  return text;
};

// Its cases tagged as workflow preferences (`hygiene`: `git add .`, a commit message's
// language) or as warnings that let the call run (`warn-only`: expected "allowed", yet
// meant to warn) are no guard's business either way: left out.
const HOOK_GYM_OUT_OF_SCOPE = ['hygiene', 'warn-only'];

/** Its cases (cases/*.yaml): the tool, its input's command or path and content, blocked or allowed. */
export function hookGymCases(dir) {
  const cases = [];
  for (const file of filesUnder(join(dir, 'cases'), '.yaml')) {
    let current;
    const flush = () => {
      if (current?.expect && !current.tags.some((tag) => HOOK_GYM_OUT_OF_SCOPE.includes(tag))) cases.push({ id: current.id, tool: current.tool ?? 'Bash', input: current.input, command: current.input.command, expect: current.expect });
    };
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const name = /^ {2}- name:\s*(.*)$/.exec(line);
      if (name) {
        flush();
        current = { id: `${file.split('/').pop()}#${yamlScalar(name[1])}`, input: {}, tags: [] };
        continue;
      }
      if (!current) continue;
      const tool = /^ {6}tool_name:\s*(.*)$/.exec(line);
      if (tool) current.tool = yamlScalar(tool[1]);
      const field = /^ {8}([a-z_]+):\s*(.+)$/.exec(line);
      if (field) current.input[field[1]] = yamlScalar(field[2]);
      const tags = /^ {4}tags:\s*\[(.*)\]/.exec(line);
      if (tags) current.tags = tags[1].split(',').map((tag) => tag.trim());
      const expect = /^ {4}expect:\s*(\w+)/.exec(line);
      if (expect) current.expect = expect[1] === 'blocked' ? 'deny' : 'allow';
    }
    flush();
  }
  return cases;
}

// ---------------------------------------------------------------- safety-net

// A JavaScript string literal's text ('…' or "…"; template literals without ${} too).
const jsString = (raw) => raw.slice(1, -1).replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)/g, (_, e) => {
  if (e[0] === 'x' || e[0] === 'u') return String.fromCharCode(parseInt(e.slice(1), 16));
  return { n: '\n', t: '\t', r: '\r', 0: '\0' }[e] ?? e;
});
const ASSERT_CALL = /\bassert(Allowed|Blocked)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`)/g;

/**
 * The commands its tests assert allowed or blocked (assertAllowed('…') / assertBlocked('…')),
 * with its default settings: a case asserted under an environment of its own (withEnv(…),
 * SAFETY_NET_… modes) is left out, and so are the blocks of its custom rules (a config of
 * their own); their allow cases stay (a custom rule only adds blocks).
 */
export function safetyNetCases(dir) {
  const cases = [];
  const seen = new Set();
  for (const file of filesUnder(join(dir, 'tests'), '.test.ts')) {
    const text = readFileSync(file, 'utf8');
    const customRules = /rules-custom/.test(file);
    for (const m of text.matchAll(ASSERT_CALL)) {
      const test = Math.max(text.lastIndexOf('test(', m.index), text.lastIndexOf('it(', m.index));
      if (/withEnv\(|SAFETY_NET_/.test(text.slice(Math.max(test, 0), m.index))) continue;
      if (customRules && m[1] === 'Blocked') continue;
      const command = jsString(m[2]);
      if (command.trim() === '') continue;
      const expect = m[1] === 'Allowed' ? 'allow' : 'deny';
      if (seen.has(`${command}\0${expect}`)) continue;
      seen.add(`${command}\0${expect}`);
      cases.push({ id: `${file.slice(dir.length + 1)}:${text.slice(0, m.index).split('\n').length}`, command, expect });
    }
  }
  return cases;
}

// ---------------------------------------------------------------- nl2bash

/**
 * A sample of its one-liners (data/bash/all.cm, real commands people asked for): every
 * `every`-th line, all taken as harmless. Some do touch what the guard protects (rm of
 * files found under /, chmod of system folders): a denial here is a question, not a bug.
 */
export function nl2bashCases(dir, every = 25) {
  return readFileSync(join(dir, 'data/bash/all.cm'), 'utf8')
    .split('\n')
    .map((command, i) => ({ id: `all.cm:${i + 1}`, command, expect: 'allow' }))
    .filter((c, i) => c.command.trim() !== '' && i % every === 0);
}

export const CORPUS_LOADERS = { gtfobins: gtfobinsCases, dcg: dcgCases, 'hook-gym': hookGymCases, 'safety-net': safetyNetCases, nl2bash: nl2bashCases };
