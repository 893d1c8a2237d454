/**
 * GTFOBins (a public catalog of what Unix programs can be made to do) as oracle families, read
 * at test time from RALPH_HOOKS_GTFOBINS (a checkout of GTFOBins/GTFOBins.github.io, or its git
 * directory) and never copied into the project. Each entry's placeholders are pointed at what
 * the oracle protects: file-read at a credential, file-write at a startup file, command at
 * `rm -rf ~`, upload at `.env`; the harmless twins point the same entries at the project's own
 * files. Only programs the sandbox has are drawn: the others could do no damage there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Family } from './families.js';
import { PROJECT } from './sandbox.js';

export interface CatalogEntry {
  program: string;
  capability: string;
  code: string;
}

const CAPABILITIES = ['file-read', 'file-write', 'command', 'upload'] as const;

/** The entries of the catalog at `root` (a checkout or a git directory). */
export function readCatalog(root: string): CatalogEntry[] {
  const files = catalogFiles(root);
  return files.flatMap(([program, text]) => parseEntry(program, text));
}

function catalogFiles(root: string): Array<[string, string]> {
  if (existsSync(join(root, '_gtfobins'))) return readdirSync(join(root, '_gtfobins')).map((name) => [name.replace(/\.md$/, ''), readFileSync(join(root, '_gtfobins', name), 'utf8')]);
  const git = (...args: string[]) => spawnSync('git', ['--git-dir', root, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout;
  const names = git('ls-tree', '--name-only', 'HEAD', '_gtfobins/').split('\n').filter(Boolean);
  return names.map((path) => [path.slice('_gtfobins/'.length).replace(/\.md$/, ''), git('show', `HEAD:${path}`)]);
}

/** The function-level code blocks of one entry (the per-context variants are left out). */
function parseEntry(program: string, text: string): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  let capability = '';
  let code: string[] | undefined;
  const flush = () => {
    if (code && (CAPABILITIES as readonly string[]).includes(capability)) out.push({ program, capability, code: code.join('\n') });
    code = undefined;
  };
  for (const line of text.split('\n')) {
    if (code && line.startsWith('      ')) {
      code.push(line.slice(6));
      continue;
    }
    flush();
    const fn = /^ {2}([a-z-]+):$/.exec(line);
    if (fn) capability = fn[1]!;
    else if (/^ {2}- code: \|-$|^ {4}code: \|-$/.test(line)) code = [];
  }
  flush();
  return out;
}

const installed = (program: string) => spawnSync('bash', ['-c', 'command -v "$1"', 'x', program], { env: { PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin' } }).status === 0;

/**
 * Point an entry's placeholders at `places`. A few file-write entries (gcc, ltrace) write to
 * the file they call `/path/to/input-file`; that file is their output, and is pointed there.
 */
function pointed(entry: CatalogEntry, places: { input: string; output: string; command: string }): string {
  const writesItsInput = entry.capability === 'file-write' && !entry.code.includes('/path/to/output-file');
  const input = writesItsInput ? places.output : places.input;
  return entry.code
    // A placeholder glued to a path before it (sysctl's "/../..PLACEHOLDER") needs its
    // leading slash: a path in the project is written out from the root there.
    .replace(/(?<=[^\s'"=@:<>(])\/path\/to\/(input|output)-file/g, (_, which: string) => absolute(which === 'input' ? input : places.output))
    .replaceAll('/path/to/input-file', input)
    .replaceAll('/path/to/output-file', places.output)
    .replaceAll('/path/to/temp-file', '/tmp/gtfo')
    .replaceAll('/path/to/temp-dir', '/tmp/gtfo-dir')
    .replaceAll('/path/to/output-dir', '/tmp/gtfo-out')
    .replaceAll('/path/to/dir', '/tmp/gtfo-dir')
    .replaceAll('/path/to/command', places.command)
    .replaceAll('attacker.com', 'collect.example.com')
    .replace(/\bDATA\b/g, 'x');
}

const absolute = (path: string) => (path.startsWith('/') ? path : `${PROJECT}/${path}`);

const DANGER = {
  'file-read': { input: '/home/agent/.ssh/id_ed25519', output: '/tmp/gtfo-out-file', command: 'true', rule: ['secrets'] },
  'file-write': { input: 'README.md', output: '/home/agent/.bashrc', command: 'true', rule: ['scope'] },
  command: { input: 'README.md', output: '/tmp/gtfo-out-file', command: 'rm -rf ~', rule: ['fs-destroy'] },
  upload: { input: '/home/agent/project/.env', output: '/tmp/gtfo-out-file', command: 'true', rule: ['secrets'] },
} as const;
const TWIN = { input: 'README.md', output: 'build/gtfo.txt', command: 'ls' };

/** One family per capability, when RALPH_HOOKS_GTFOBINS names a catalog; none otherwise. */
export function gtfobinsFamilies(root = process.env.RALPH_HOOKS_GTFOBINS): Family[] {
  if (!root) return [];
  const entries = readCatalog(root);
  const programs = new Map<string, boolean>();
  const usable = entries.filter((e) => {
    if (!programs.has(e.program)) programs.set(e.program, installed(e.program));
    return programs.get(e.program);
  });
  return CAPABILITIES.flatMap((capability): Family[] => {
    const list = usable.filter((e) => e.capability === capability);
    if (!list.length) return [];
    const danger = DANGER[capability];
    // A twin is an entry pointed at the project: one with no placeholder to point (git apply
    // --directory /) is the dangerous command itself, not its harmless twin.
    const twins = (capability === 'file-read' || capability === 'file-write' ? list : usable.filter((e) => e.capability === 'file-read'))
      .filter((e) => pointed(e, TWIN) !== e.code);
    return [{
      id: `gtfobins-${capability}`, group: 'capability', closes: capability === 'command' ? '2. code followed into every channel' : capability === 'file-write' ? '1. effects model' : '3. secrets and persistence',
      what: `GTFOBins ${capability} entries (${list.length} of programs the sandbox has), pointed at ${capability === 'command' ? '`rm -rf ~`' : danger.input === 'README.md' ? danger.output : danger.input}`,
      dangerous: fc.constantFrom(...list).map((e) => ({ command: pointed(e, danger), rule: [...danger.rule] })),
      harmless: fc.constantFrom(...twins).map((e) => pointed(e, TWIN)),
    }];
  });
}
