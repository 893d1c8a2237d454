/**
 * The execution oracle: run a shell command under real bash in a throwaway bubblewrap sandbox
 * and report the damage it did, then ask a generated guard about the same command under each
 * target's input shape.
 *
 * Inside the sandbox the host's filesystem is read-only (`--ro-bind / /`), /tmp is a fresh
 * tmpfs, there is no network (`--unshare-all`), and /home is a copy of a template made once per
 * target (`cp -a`), thrown away after the run:
 *
 *   /home/agent               the fake home: canary dotfiles, keys, cloud credentials
 *   /home/agent/project       a git project (main + feature, an uncommitted change, an
 *                             untracked file, a .env) with the target's guard generated in it
 *   /home/.oracle/origin.git  the project's `origin` remote, a bare repository
 *   /home/.oracle/log         what the stubs were called with (one file per call)
 *   /home/.oracle/bin         the stubs (read-only), first on PATH and bound over the host's
 *                             own copies, so `/usr/bin/curl` is a stub too
 *   /home/.oracle/disk        bound at /dev/sda: a block device a command can write
 *   /home/.oracle/tmp         bound at /tmp, so a secret copied there is seen
 *
 * Before the command a canary process starts in the sandbox's PID namespace: a command that
 * kills it (kill -9 -1, pkill) signalled a process it did not start.
 *
 * Damage is read by walking the copy before (once, from the template) and after each run
 * (path → type, mode, size, sha1) and from the stub log: see `judge`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GUARD_RULES } from '../../src/presets/guard.js';
import { forgeflareGuardInput, guardDecision, preToolUseInput } from '../../testkit/index.js';
import { generateProject } from '../helpers/generate.js';
import { classifyStubCall, EXEC_STUBS, INTERPRETER_VERSIONS, STUBS, type StubCall } from './stubs.js';

export const HOME = '/home/agent';
export const PROJECT = `${HOME}/project`;
const ORACLE = '/home/.oracle';

/** Every target the guard is generated for, with the hook input its agent sends and the environment its client sets. */
export interface TargetShape {
  target: string;
  hooksDir: string;
  /** Registration files (relative to the project) besides the hooks folder. */
  registration: string[];
  env: Record<string, string>;
  input(command: string, id: number): unknown;
}

const claudeShape = (toolName: string, event = 'PreToolUse') => (command: string, id: number) =>
  preToolUseInput({ hook_event_name: event as 'PreToolUse', tool_name: toolName, tool_input: { command }, cwd: PROJECT, session_id: `oracle-${id}` });

export const SHAPES: TargetShape[] = [
  { target: 'claude-project', hooksDir: '.claude/hooks', registration: ['.claude/settings.json'], env: { CLAUDE_PROJECT_DIR: PROJECT }, input: claudeShape('Bash') },
  {
    target: 'forgeflare', hooksDir: '.forgeflare/hooks', registration: ['.forgeflare/hooks.toml'], env: {},
    input: (command, id) => forgeflareGuardInput({ tool: 'Bash', input: { command }, cwd: PROJECT, tool_iterations: id }),
  },
  { target: 'codex-project', hooksDir: '.codex/hooks', registration: ['.codex/hooks.json', '.codex/config.toml'], env: {}, input: claudeShape('Bash') },
  {
    target: 'copilot-project', hooksDir: '.github/hooks', registration: ['.github/hooks/ralph-hooks.json'], env: { COPILOT_PROJECT_DIR: PROJECT },
    // Copilot CLI's camelCase shape: toolArgs is the input as a JSON string.
    input: (command, id) => ({ sessionId: `oracle-${id}`, timestamp: 1764201600000, cwd: PROJECT, toolName: 'bash', toolArgs: JSON.stringify({ command }) }),
  },
  { target: 'gemini-project', hooksDir: '.gemini/hooks', registration: ['.gemini/settings.json'], env: { GEMINI_PROJECT_DIR: PROJECT, CLAUDE_PROJECT_DIR: PROJECT }, input: claudeShape('run_shell_command', 'BeforeTool') },
  { target: 'qwen-project', hooksDir: '.qwen/hooks', registration: ['.qwen/settings.json'], env: { QWEN_PROJECT_DIR: PROJECT }, input: claudeShape('run_shell_command') },
  { target: 'droid-project', hooksDir: '.factory/hooks', registration: ['.factory/settings.json'], env: { FACTORY_PROJECT_DIR: PROJECT }, input: claudeShape('Execute') },
];

/** Which shapes a run covers: ORACLE_TARGETS=claude-project,forgeflare narrows it. */
export function selectedShapes(): TargetShape[] {
  const only = process.env.ORACLE_TARGETS?.split(',').filter(Boolean);
  return only?.length ? SHAPES.filter((s) => only.includes(s.target)) : SHAPES;
}

// ---------------------------------------------------------------- canaries and the template

/** Secret files: reading one (its canary in the output) or sending one (in a stub's argv or stdin) is damage. */
const SECRET_FILES = ['.ssh/id_ed25519', '.aws/credentials', '.config/gcloud/application_default_credentials.json', '.kube/config', '.npmrc', '.netrc', '.docker/config.json', '.git-credentials', 'project/.env'];
/** Plain dotfiles: changing or removing one is damage; reading one is not. */
const PLAIN_FILES = ['.bashrc', '.profile', '.gitconfig', '.ssh/known_hosts', '.ssh/id_ed25519.pub'];
/** A secret in the environment: an environment dump shows it. */
export const ENV_SECRET = 'GITHUB_TOKEN';

function fileText(path: string, canary: string): string {
  switch (path) {
    case '.ssh/id_ed25519': return `-----BEGIN OPENSSH PRIVATE KEY-----\n${canary}\n-----END OPENSSH PRIVATE KEY-----\n`;
    case '.aws/credentials': return `[default]\naws_access_key_id = AKIA${canary.slice(-8).toUpperCase()}\naws_secret_access_key = ${canary}\n`;
    case '.kube/config': return `apiVersion: v1\nkind: Config\nusers:\n- name: admin\n  user:\n    token: ${canary}\n`;
    case '.npmrc': return `//registry.npmjs.org/:_authToken=${canary}\n`;
    case '.netrc': return `machine api.example.com login agent password ${canary}\n`;
    case '.docker/config.json': return `{"auths":{"registry.example.com":{"auth":"${canary}"}}}\n`;
    case '.git-credentials': return `https://agent:${canary}@github.com\n`;
    case 'project/.env': return `DATABASE_URL=postgres://app:${canary}@db/app\n`;
    case '.gitconfig': return `[user]\n\tname = Agent ${canary}\n\temail = agent@example.com\n[init]\n\tdefaultBranch = main\n`;
    case '.bashrc': case '.profile': return `# ${canary}\nexport EDITOR=vi\n`;
    case '.ssh/id_ed25519.pub': return `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5${Buffer.from(canary).toString('base64').replace(/=+$/, '')} agent@sandbox\n`;
    default: return `${canary}\n`;
  }
}

export interface Template {
  shape: TargetShape;
  /** The template's folder: its `agent` and `.oracle` go to /home. */
  dir: string;
  before: Snapshot;
  /** Canary string → what it guards (a secret file, the environment). */
  secrets: Map<string, string>;
  envSecret: string;
  /** Project-relative paths the generation wrote: hook files, registration, config, manifest. */
  hookPaths: string[];
  refs: Map<string, string>;
  originRefs: Map<string, string>;
}

export interface TemplateOptions {
  /** The guard hook's options (rules on and off); default: every rule on. */
  guardOptions?: Record<string, unknown>;
  /** Rewrite the generated guard's scripts (a guard copy that forgets something). */
  patchGuard?: (script: string) => string;
}

/** Every rule the templates ship, on: the oracle holds the guard to all of them. */
export function allRulesOn(): Record<string, { enabled: boolean }> {
  const rules = readdirSync(new URL('../../templates/guard/rules/', import.meta.url));
  return Object.fromEntries(rules.map((id) => [id, { enabled: true }]));
}

/** The rule set users get: each rule at its own default. */
export function defaultRules(): Record<string, { enabled: boolean }> {
  return Object.fromEntries(GUARD_RULES.map((rule) => [rule.id, { enabled: rule.enabled }]));
}

/** The rule sets the oracle holds the guard to, by name. */
export const RULE_SETS = {
  default: () => ({ rules: defaultRules() }),
  'all-on': () => ({ rules: allRulesOn() }),
} as const;
export type RuleSetName = keyof typeof RULE_SETS;

/** The rules on in a rule set (to know which damage it must deny). */
export const rulesOn = (set: RuleSetName) => new Set(Object.entries(RULE_SETS[set]().rules).filter(([, r]) => r.enabled).map(([id]) => id));

/** What the project holds besides the hooks: its own files, never hook files. */
const PROJECT_FILES = ['src/app.ts', 'README.md', '.gitignore', 'build/out.js', '.env', 'package.json', 'Makefile'];
/** The stashed change: while src/app.ts holds it, dropping the stash lost nothing. */
const STASHED = 'export const app = 3; // stashed\n';
const PACKAGE_JSON = `${JSON.stringify({ name: 'app', private: true, scripts: { test: 'echo tests pass', build: 'mkdir -p build && echo built > build/out.js', clean: 'rm -rf build' } }, null, 2)}\n`;
const MAKEFILE = 'build:\n\tmkdir -p build\n\techo built > build/out.js\n\nclean:\n\trm -rf build\n';

const git = (cwd: string, ...args: string[]) => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@e', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@e', GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' } });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
};

let scratchRoot: string | undefined;
/** One folder per test process for templates and runs, removed when the process ends. */
export function scratch(): string {
  if (!scratchRoot) {
    scratchRoot = mkdtempSync(join(tmpdir(), 'ralph-hooks-oracle-'));
    process.once('exit', () => rmSync(scratchRoot!, { recursive: true, force: true }));
  }
  return scratchRoot;
}

/** Build the template home + project + origin for one target (once; each run copies it). */
export function buildTemplate(shape: TargetShape, options: TemplateOptions = {}): Template {
  const dir = mkdtempSync(join(scratch(), `template-${shape.target}-`));
  const home = join(dir, 'agent');
  const project = join(home, 'project');
  const secrets = new Map<string, string>();
  const canary = (what: string) => `CANARY-${what.replace(/[^a-z0-9]/gi, '')}-${randomBytes(6).toString('hex')}`;
  mkdirSync(project, { recursive: true });
  for (const path of [...SECRET_FILES, ...PLAIN_FILES]) {
    const value = canary(path);
    if (SECRET_FILES.includes(path)) secrets.set(value, path);
    mkdirSync(dirname(join(home, path)), { recursive: true });
    writeFileSync(join(home, path), fileText(path, value), { mode: path.startsWith('.ssh/id_ed25519') && !path.endsWith('.pub') ? 0o600 : 0o644 });
  }
  const envSecret = canary('env');
  secrets.set(envSecret, `$${ENV_SECRET}`);

  // The project: main (2 commits) and feature, then an uncommitted change and an untracked file.
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(join(project, 'build'), { recursive: true });
  writeFileSync(join(project, 'src/app.ts'), 'export const app = 1;\n');
  writeFileSync(join(project, 'README.md'), '# app\n');
  writeFileSync(join(project, '.gitignore'), '.env\nbuild/\n.ralph-hooks/state/\n');
  writeFileSync(join(project, 'build/out.js'), 'built\n');
  writeFileSync(join(project, 'package.json'), PACKAGE_JSON);
  writeFileSync(join(project, 'Makefile'), MAKEFILE);
  git(project, 'init', '-q', '-b', 'main');
  // Stat data: a copy has new inodes and ctimes; git must not rewrite its index for that alone.
  git(project, 'config', 'core.checkStat', 'minimal');
  git(project, 'config', 'core.trustctime', 'false');
  git(project, 'add', '-A');
  git(project, 'commit', '-q', '-m', 'first');
  generateProject({ target: shape.target, hooks: [{ kind: 'guard', preset: 'guard', options: options.guardOptions ?? { rules: allRulesOn() } }] } as never, project);
  if (options.patchGuard) {
    for (const name of readdirSync(join(project, shape.hooksDir)).filter((n) => /^guard.*\.sh$/.test(n))) {
      const script = join(project, shape.hooksDir, name);
      writeFileSync(script, options.patchGuard(readFileSync(script, 'utf8')));
    }
  }
  const hookPaths = walkFiles(project).filter((p) => !p.startsWith('.git/') && !PROJECT_FILES.includes(p));
  git(project, 'add', '-A');
  git(project, 'commit', '-q', '-m', 'hooks');
  writeFileSync(join(project, 'src/app.ts'), 'export const app = 2;\n');
  git(project, 'commit', '-q', '-am', 'second');
  git(project, 'branch', 'feature');
  git(project, 'tag', 'v1.0');
  // A stash holding work of its own, and a credential helper that reads ~/.git-credentials.
  writeFileSync(join(project, 'src/app.ts'), STASHED);
  git(project, 'stash', 'push', '-q', '-m', 'wip');
  git(project, 'config', 'credential.helper', 'store');
  // origin: a bare repository one commit ahead of local main, so a forced push rewinds it.
  const origin = join(dir, '.oracle/origin.git');
  mkdirSync(join(dir, '.oracle/log'), { recursive: true });
  mkdirSync(join(dir, '.oracle/bin'), { recursive: true });
  mkdirSync(join(dir, '.oracle/tmp'), { recursive: true });
  writeFileSync(join(dir, '.oracle/disk'), 'DISK'.repeat(1024));
  git(dir, 'clone', '-q', '--bare', project, origin);
  const ahead = mkdtempSync(join(scratch(), 'ahead-'));
  git(ahead, 'clone', '-q', origin, 'w');
  writeFileSync(join(ahead, 'w/CHANGELOG.md'), 'released\n');
  git(join(ahead, 'w'), 'add', '-A');
  git(join(ahead, 'w'), 'commit', '-q', '-m', 'release');
  git(join(ahead, 'w'), 'push', '-q', 'origin', 'main');
  rmSync(ahead, { recursive: true, force: true });
  git(project, 'remote', 'add', 'origin', `${ORACLE}/origin.git`);
  git(project, 'config', 'branch.main.remote', 'origin');
  git(project, 'config', 'branch.main.merge', 'refs/heads/main');
  // Work not yet committed: a change to a tracked file and a new file. Losing either is damage.
  writeFileSync(join(project, 'README.md'), '# app\n\nwork in progress\n');
  writeFileSync(join(project, 'notes.md'), 'untracked notes\n');
  writeFileSync(join(project, '.env'), fileText('project/.env', [...secrets].find(([, p]) => p === 'project/.env')![0]));
  return { shape, dir, before: snapshot(dir), secrets, envSecret, hookPaths, refs: refsOf(project), originRefs: refsOf(origin) };
}

function walkFiles(root: string, prefix = ''): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? walkFiles(root, rel) : [rel];
  });
}

function refsOf(repo: string): Map<string, string> {
  if (!existsSync(repo)) return new Map();
  const out = spawnSync('git', ['for-each-ref', '--format=%(refname) %(objectname)'], { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } });
  if (out.status !== 0) return new Map([['(unreadable)', String(out.stderr ?? out.error).trim()]]);
  return new Map(out.stdout.trim().split('\n').filter(Boolean).map((line) => line.split(' ') as [string, string]));
}

const isAncestor = (repo: string, older: string, newer: string) =>
  spawnSync('git', ['merge-base', '--is-ancestor', older, newer], { cwd: repo, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } }).status === 0;

// ---------------------------------------------------------------- snapshots

/** path → "f mode size sha1" (or "l target", "d mode"). */
export type Snapshot = Map<string, string>;

/**
 * Walk `root`. A file whose size and mtime match `like`'s (a copy keeps mtimes) is taken as
 * unchanged without reading it: only files a run touched are hashed.
 */
export function snapshot(root: string, like?: { snap: Snapshot; stats: Map<string, string> }): Snapshot {
  const out: Snapshot = new Map();
  const stats = new Map<string, string>();
  const walk = (rel: string) => {
    let names: string[];
    try {
      names = readdirSync(join(root, rel));
    } catch {
      return;
    }
    for (const name of names) {
      const path = rel ? `${rel}/${name}` : name;
      const full = join(root, path);
      const st = lstatSync(full);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out.set(path, `l ${readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.set(path, `d ${mode}`);
        walk(path);
      } else if (st.isFile()) {
        const stat = `${mode} ${st.size} ${st.mtimeMs}`;
        stats.set(path, stat);
        const same = like?.stats.get(path) === stat ? like.snap.get(path) : undefined;
        out.set(path, same ?? `f ${mode} ${st.size} ${createHash('sha1').update(readFileSync(full)).digest('hex')}`);
      } else out.set(path, `o ${mode}`);
    }
  };
  walk('');
  snapshotStats.set(out, stats);
  return out;
}
const snapshotStats = new WeakMap<Snapshot, Map<string, string>>();
const statsOf = (snap: Snapshot) => ({ snap, stats: snapshotStats.get(snap)! });

// ---------------------------------------------------------------- stubs

let stubDir: string | undefined;
/** The stub folder (made once): one script, linked under every stubbed name. */
export function stubs(): string {
  if (stubDir) return stubDir;
  stubDir = join(scratch(), 'stubs');
  mkdirSync(stubDir, { recursive: true });
  const script = join(stubDir, '.stub');
  writeFileSync(script, STUB_SCRIPT);
  chmodSync(script, 0o755);
  writeFileSync(join(stubDir, '.run'), RUN_SCRIPT);
  chmodSync(join(stubDir, '.run'), 0o755);
  for (const name of [...STUBS, ...EXEC_STUBS]) symlinkSync('.stub', join(stubDir, name));
  // Interpreters named with a version this host may not have (python3.13, node22): the host's own.
  for (const [name, program] of Object.entries(INTERPRETER_VERSIONS)) {
    const found = spawnSync('bash', ['-c', 'command -v "$1"', 'x', program], { encoding: 'utf8', env: { PATH: '/usr/local/bin:/usr/bin:/bin' } }).stdout.trim();
    if (found) symlinkSync(realpathSync(found), join(stubDir, name));
  }
  // The user `agent` exists, so that bash expands ~agent to the fake home.
  writeFileSync(join(stubDir, '.passwd'), `${readFileSync('/etc/passwd', 'utf8').trimEnd()}\nagent:x:1000:1000:agent:${HOME}:/bin/bash\n`);
  return stubDir;
}

/** Host copies of stubbed programs (on this process's PATH): each gets the stub bound over it. */
let hostCopies: string[] | undefined;
function stubbedHostPaths(): string[] {
  if (hostCopies) return hostCopies;
  const dirs = [...new Set((process.env.PATH ?? '').split(delimiter).concat(['/usr/local/bin', '/usr/bin', '/usr/sbin', '/bin', '/sbin']).filter((d) => d.startsWith('/') && existsSync(d)).map((d) => realpathSync(d)))];
  hostCopies = dirs.flatMap((d) => [...STUBS, ...EXEC_STUBS].map((n) => join(d, n)).filter((p) => {
    try {
      return lstatSync(p).isFile() || lstatSync(p).isSymbolicLink();
    } catch {
      return false;
    }
  }));
  return hostCopies;
}

/**
 * The stub: logs its name, folder, arguments and (up to 64 KiB of) standard input to a file of
 * its own in /home/.oracle/log, then exits 0. The wrappers among them (sudo, strace,
 * systemd-run, at…) then run the command they were given, as the real ones would.
 */
const STUB_SCRIPT = `#!/bin/bash
name=\${0##*/}
log=${ORACLE}/log/$$.$RANDOM$RANDOM
input=$(head -c 65536 2>/dev/null; printf .)
input=\${input%.}
{ printf '%s\\0' "$name" "$PWD" "$#" "$@"; printf '%s' "$input"; } >"$log" 2>/dev/null
skip_options() { # the wrapped command starts at the first word that is not an option (or after --)
  local with_value=$1; shift
  while (($#)); do
    case $1 in
      --) shift; break ;;
      -*=*) shift ;;
      -*) if [[ " $with_value " == *" $1 "* ]]; then shift 2; else shift; fi ;;
      *) break ;;
    esac
  done
  rest=("$@")
}
case $name in
  sudo | doas) skip_options "-u -g -C -D -h -p -r -t -U" "$@" ;;
  strace) skip_options "-o -e -p -s -u -E -P -X -a -b" "$@" ;;
  systemd-run) skip_options "-p -u -E -M -H -G -S --unit --property --setenv --uid --gid --slice --description --working-directory" "$@" ;;
  at | batch) printf '%s' "$input" | exec bash; exit ;;
  tmux) exec bash -c "\${@: -1}" </dev/null ;; # tmux new-session -d … 'command line'
  npm | pnpm | yarn | bun) # package.json scripts run, and \`pkg set scripts.X=…\` writes one, as the real ones do
    case \${1:-} in
      pkg) [[ \${2:-} == set ]] || exit 0
        for kv in "\${@:3}"; do
          jq --arg k "\${kv%%=*}" --arg v "\${kv#*=}" 'setpath($k | split("."); $v)' package.json >package.json.new && mv package.json.new package.json
        done
        exit 0 ;;
      run | run-script) script=\${2:-} ;;
      test | start | t) script=\$1; [[ \$script == t ]] && script=test ;;
      *) exit 0 ;;
    esac
    line=$(jq -r --arg s "$script" '.scripts[$s] // empty' package.json 2>/dev/null)
    [[ -n $line ]] && exec sh -c "$line"
    exit 0 ;;
  nodemon) # nodemon --exec 'command line' (or --exec=…)
    while (($#)); do case $1 in --exec=*) exec bash -c "\${1#--exec=}" ;; --exec) exec bash -c "$2" ;; esac; shift; done; exit 0 ;;
  *) exit 0 ;;
esac
((\${#rest[@]})) || exit 0
printf '%s' "$input" | exec "\${rest[@]}"
`;

/**
 * Inside the sandbox: start the canary process (a stand-in for the user's other programs), run
 * the command with bash, then wait (up to ~2 s) until nothing but the canary runs in the
 * sandbox's process namespace, so that a command put in the background (\`&\`, nohup, setsid)
 * does its damage before the sandbox ends. The canary still alive at the end leaves a mark; no
 * mark means a signal reached it, or this script (kill -9 -1 kills both).
 */
const RUN_SCRIPT = `#!/bin/bash
(exec -a oracle-canary sleep 600) </dev/null >/dev/null 2>&1 &
canary=$!
# The canary must be sleep already (not the subshell before its exec) when the command runs.
for ((i = 0; i < 200; i++)); do
  comm=
  read -r comm <"/proc/$canary/comm" 2>/dev/null
  [[ $comm == sleep ]] && break
  sleep 0.005
done
bash -c "$1" </dev/null
code=$?
for ((i = 0; i < 200; i++)); do
  others=0
  for p in /proc/[0-9]*; do
    p=\${p#/proc/}
    [[ $p == 1 || $p == "$$" || $p == "$canary" ]] || { others=1; break; }
  done
  ((others)) || break
  sleep 0.01
done
state=
read -r _ _ state _ <"/proc/$canary/stat" 2>/dev/null
[[ -n $state && $state != Z ]] && : >${ORACLE}/canary-alive
exit "$code"
`;

// ---------------------------------------------------------------- running

export interface SandboxResult {
  exitCode: number | null;
  /** stdout and stderr as bytes (a compressed secret is not text). */
  raw: Buffer;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

/** bwrap's arguments for a sandbox whose /home is `homeRoot`. */
function bwrapArgs(homeRoot: string, env: Record<string, string>, extra: string[] = [], tmp = ['--tmpfs', '/tmp']): string[] {
  const binds = stubbedHostPaths().flatMap((p) => ['--ro-bind', join(stubs(), '.stub'), p]);
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['--setenv', k, v]);
  return [
    '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', ...tmp,
    '--bind', homeRoot, '/home', '--ro-bind', stubs(), `${ORACLE}/bin`, '--ro-bind', join(stubs(), '.passwd'), '/etc/passwd', ...binds, ...extra,
    '--unshare-all', '--die-with-parent', '--new-session', '--clearenv', ...envArgs, '--chdir', PROJECT,
  ];
}

const BASE_ENV = {
  HOME, USER: 'agent', LOGNAME: 'agent', LANG: 'C.UTF-8', TERM: 'dumb',
  PATH: `${ORACLE}/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
  // A read-only command must not rewrite git's index (its stat cache) on the way.
  GIT_OPTIONAL_LOCKS: '0',
};

/** Run bwrap; kill its whole process group on timeout. */
function runBwrap(args: string[], stdin: string, timeoutMs: number): Promise<SandboxResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('bwrap', args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    const keep = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size < 4 << 20) into.push(chunk);
    };
    child.stdout.on('data', keep(out));
    child.stderr.on('data', keep(err));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code, raw: Buffer.concat([...out, ...err]), stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), timedOut, ms: performance.now() - started });
    });
  });
}

// ---------------------------------------------------------------- damage

export interface Damage {
  kind: 'home' | 'git' | 'remote' | 'work' | 'hooks' | 'stub' | 'secret-read' | 'secret-sent' | 'secret-copied' | 'signal' | 'device';
  detail: string;
}

export interface OracleRun extends SandboxResult {
  command: string;
  damage: Damage[];
  calls: StubCall[];
}

/** Paths in .git that git itself rewrites without losing anything. */
const GIT_BOOKKEEPING = /^(index|ORIG_HEAD|FETCH_HEAD|COMMIT_EDITMSG|AUTO_MERGE|HEAD|logs\/.*|objects\/.*|refs\/.*|packed-refs|info\/refs|description)$/;

/** Run `command` in a fresh copy of the template; report what it damaged. */
export async function runOracle(template: Template, command: string, timeoutMs = 5000): Promise<OracleRun> {
  const started = performance.now();
  const run = mkdtempSync(join(scratch(), 'run-'));
  cpSync(template.dir, run, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  const devices = ['--bind', join(run, '.oracle/disk'), '/dev/sda'];
  const tmp = ['--bind', join(run, '.oracle/tmp'), '/tmp'];
  const result = await runBwrap([...bwrapArgs(run, { ...BASE_ENV, [ENV_SECRET]: template.envSecret }, devices, tmp), `${ORACLE}/bin/.run`, command], '', timeoutMs);
  const calls = readCalls(join(run, '.oracle/log'));
  const damage = judge(template, run, result, calls);
  rmSync(run, { recursive: true, force: true });
  // The whole run's cost: copy, sandbox, walk and judge.
  return { ...result, ms: performance.now() - started, command, damage, calls };
}

function readCalls(dir: string): StubCall[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const raw = readFileSync(join(dir, name), 'utf8');
    const parts = raw.split('\0');
    const [program, cwd, count] = parts;
    const n = Number(count);
    if (!program || !Number.isInteger(n)) return [];
    return [{ program, cwd: cwd ?? '', argv: parts.slice(3, 3 + n), stdin: parts.slice(3 + n).join('\0') }];
  });
}

/**
 * A program's own record of its use in the home folder (vim's viminfo, less's and the REPLs'
 * histories, wget's HSTS list): written by any run of the program, on the project's files too,
 * and never run as code. Not damage.
 */
const OWN_HISTORY = /^agent\/\.(viminfo|lesshst|python_history|sqlite_history|node_repl_history|psql_history|mysql_history|rediscli_history|wget-hsts)$/;

/** What the run damaged: see the module comment and docs/guards.md, "What the oracle checks". */
export function judge(template: Template, run: string, result: SandboxResult, calls: StubCall[]): Damage[] {
  const damage: Damage[] = [];
  const after = snapshot(run, statsOf(template.before));
  const hooks = (p: string) => template.hookPaths.includes(p) || template.shape.registration.includes(p) || p === '.ralph-hooks' || p.startsWith('.ralph-hooks/') || p === template.shape.hooksDir || p.startsWith(`${template.shape.hooksDir}/`);
  const changes: Array<[string, 'removed' | 'changed' | 'created']> = [];
  for (const [path, was] of template.before) {
    const now = after.get(path);
    if (now === undefined) changes.push([path, 'removed']);
    else if (now !== was && !was.startsWith('d ')) changes.push([path, 'changed']);
    else if (now !== was) changes.push([path, 'changed']);
  }
  for (const path of after.keys()) if (!template.before.has(path)) changes.push([path, 'created']);
  let gitTouched = false;
  let originTouched = false;
  for (const [path, how] of changes) {
    if (how !== 'removed') damage.push(...copiedSecrets(template, run, path));
    if (path.startsWith('.oracle/')) {
      if (path.startsWith('.oracle/origin.git/')) originTouched = true;
      if (path === '.oracle/disk') damage.push({ kind: 'device', detail: `${how} /dev/sda` });
      continue;
    }
    const inProject = path === 'agent/project' || path.startsWith('agent/project/');
    if (!inProject) {
      if (path === 'agent' && how === 'changed') continue; // the home folder's own mode: only if changed below
      if (OWN_HISTORY.test(path)) continue;
      damage.push({ kind: 'home', detail: path === 'agent' ? `${how} ~ itself` : `${how} ~/${path.slice('agent/'.length)}` });
      continue;
    }
    const rel = path.slice('agent/project/'.length);
    if (path === 'agent/project') {
      if (how === 'removed') damage.push({ kind: 'work', detail: 'removed the project' });
      continue;
    }
    if (rel === '.git' || rel.startsWith('.git/')) {
      gitTouched = true;
      const inGit = rel.slice('.git/'.length);
      if (rel === '.git' && how === 'removed') damage.push({ kind: 'git', detail: 'removed .git' });
      // The stash's ref and log go with its last entry: stashDamage tells a drop from a pop.
      else if (how === 'removed' && !/^(ORIG_HEAD|FETCH_HEAD|COMMIT_EDITMSG|AUTO_MERGE|index\.lock|refs\/stash|logs\/refs\/stash)$/.test(inGit)) damage.push({ kind: 'git', detail: `removed .git/${inGit}` });
      else if (how !== 'removed' && !GIT_BOOKKEEPING.test(inGit) && !/^(objects|refs|logs|refs\/heads|refs\/tags|refs\/remotes.*|info|branches)$/.test(inGit)) damage.push({ kind: 'git', detail: `${how} .git/${inGit}` });
      continue;
    }
    if (hooks(rel) && !rel.startsWith('.ralph-hooks/state')) {
      damage.push({ kind: 'hooks', detail: `${how} ${rel}` });
      continue;
    }
    if ((rel === 'README.md' || rel === 'notes.md') && how !== 'created') damage.push({ kind: 'work', detail: `${how} ${rel} (uncommitted work)` });
  }
  if (gitTouched && !damage.some((d) => d.detail === 'removed .git')) damage.push(...refDamage('git', join(run, 'agent/project'), template.refs), ...stashDamage(run, template.refs));
  if (originTouched) damage.push(...refDamage('remote', join(run, '.oracle/origin.git'), template.originRefs));
  if (!result.timedOut && !existsSync(join(run, '.oracle/canary-alive'))) damage.push({ kind: 'signal', detail: 'killed a process the command did not start' });
  // Secrets: read (in the output, plain or encoded) or sent (to a stub).
  for (const [canary, what] of template.secrets) {
    const form = reveals(result.raw, canary);
    if (form) damage.push({ kind: 'secret-read', detail: `${what} in the output${form === 'plain' ? '' : ` (${form})`}` });
    const sent = calls.find((c) => c.argv.some((a) => reveals(Buffer.from(a), canary)) || reveals(Buffer.from(c.stdin), canary));
    if (sent) damage.push({ kind: 'secret-sent', detail: `${what} sent to ${sent.program}` });
  }
  for (const call of calls) {
    const why = classifyStubCall(call);
    if (why) damage.push({ kind: 'stub', detail: `${call.program} ${why}: ${JSON.stringify(call.argv)}` });
  }
  return damage;
}

/** A secret canary in a file the run created or changed, other than the secret's own file: a copy. */
function copiedSecrets(template: Template, run: string, path: string): Damage[] {
  // git's own objects, and the oracle's bookkeeping (the stub log holds what was sent: secret-sent).
  if (path.includes('/.git/') || (path.startsWith('.oracle/') && !path.startsWith('.oracle/tmp/'))) return [];
  let data: Buffer;
  try {
    if (!lstatSync(join(run, path)).isFile() || lstatSync(join(run, path)).size > 1 << 20) return [];
    data = readFileSync(join(run, path));
  } catch {
    return [];
  }
  const shown = path.replace(/^agent\//, '~/').replace(/^\.oracle\/tmp\//, '/tmp/');
  return [...template.secrets].flatMap(([canary, what]) => {
    if (path === `agent/${what}`) return [];
    const form = reveals(data, canary);
    return form ? [{ kind: 'secret-copied' as const, detail: `${what} copied to ${shown}${form === 'plain' ? '' : ` (${form})`}` }] : [];
  });
}

/**
 * Does `data` show `canary`, as it is or encoded the ways a secret leaves unnoticed? Returns
 * the form (plain, reversed, base64, base32, hex, gzip) or undefined.
 */
export function reveals(data: Buffer, canary: string): string | undefined {
  const text = data.toString('latin1');
  if (text.includes(canary)) return 'plain';
  if (text.includes([...canary].reverse().join(''))) return 'reversed';
  const decoded = (runs: RegExp, decode: (s: string) => string) => (text.match(runs) ?? []).some((run) => {
    try {
      return decode(run.replace(/\s+/g, '')).includes(canary);
    } catch {
      return false;
    }
  });
  if (decoded(/[A-Za-z0-9+/=\s]{24,}/g, (s) => Buffer.from(s, 'base64').toString('latin1'))) return 'base64';
  if (decoded(/[A-Z2-7=\s]{24,}/g, base32)) return 'base32';
  // xxd's dump: take the offset and the text column away, keep the hex.
  const hex = text.replace(/^[0-9a-f]{8}: ((?:[0-9a-f]{2,4} ?)+) .*$/gm, '$1');
  if ((hex.match(/[0-9a-fA-F\s]{24,}/g) ?? []).some((run) => Buffer.from(run.replace(/\s+/g, ''), 'hex').toString('latin1').includes(canary))) return 'hex';
  const magic = Buffer.from([0x1f, 0x8b]);
  for (let at = data.indexOf(magic); at >= 0; at = data.indexOf(magic, at + 1)) {
    try {
      if (gunzipSync(data.subarray(at)).toString('latin1').includes(canary)) return 'gzip';
    } catch {
      /* not a gzip stream, or a truncated one */
    }
  }
  return undefined;
}

function base32(s: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of s.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2))).toString('latin1');
}

/** The stash dropped while its change is nowhere in the working tree: work lost. */
function stashDamage(run: string, before: Map<string, string>): Damage[] {
  if (!before.has('refs/stash') || refsOf(join(run, 'agent/project')).get('refs/stash') === before.get('refs/stash')) return [];
  const app = existsSync(join(run, 'agent/project/src/app.ts')) ? readFileSync(join(run, 'agent/project/src/app.ts'), 'utf8') : '';
  return app === STASHED ? [] : [{ kind: 'git', detail: 'dropped the stash (its change is not in the working tree)' }];
}

/** A branch deleted or moved to a commit that does not contain the old one: history lost. */
function refDamage(kind: 'git' | 'remote', repo: string, before: Map<string, string>): Damage[] {
  const now = refsOf(repo);
  const out: Damage[] = [];
  for (const [ref, old] of before) {
    if (!ref.startsWith('refs/heads/') && !ref.startsWith('refs/tags/')) continue;
    const current = now.get(ref);
    if (current === undefined) out.push({ kind, detail: `deleted ${ref}` });
    else if (current !== old && !isAncestor(repo, old, current)) out.push({ kind, detail: `rewound ${ref}` });
  }
  return out;
}

// ---------------------------------------------------------------- the guard

export interface GuardRun {
  target: string;
  kind: string;
  reason?: string;
  ms: number;
}

/** A long-lived copy of the template for guard runs (the guard only reads it; its state folder is a fresh tmpfs per call). */
const guardHomes = new Map<Template, string>();

let guardCalls = 0;
/** Ask the template's guard about `command`, in its target's input shape, inside the same sandbox layout. */
export async function runGuard(template: Template, command: string): Promise<GuardRun> {
  let home = guardHomes.get(template);
  if (!home) {
    home = mkdtempSync(join(scratch(), 'guard-'));
    spawnSync('cp', ['-a', `${template.dir}/.`, home]);
    guardHomes.set(template, home);
  }
  const { shape } = template;
  const id = ++guardCalls;
  const args = bwrapArgs(home, { ...BASE_ENV, ...shape.env }, ['--tmpfs', `${PROJECT}/.ralph-hooks/state`]);
  const result = await runBwrap([...args, 'bash', `${PROJECT}/${shape.hooksDir}/guard.sh`], JSON.stringify(shape.input(command, id)), 15000);
  const decision = guardDecision({ exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr, timedOut: result.timedOut });
  return { target: shape.target, kind: decision.kind, reason: decision.reason, ms: result.ms };
}

/** Is bubblewrap usable here (installed, and allowed to make namespaces)? */
export function sandboxAvailable(): boolean {
  return spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-all', 'true']).status === 0;
}
