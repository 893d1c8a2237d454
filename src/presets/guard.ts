import { z } from 'zod';
import { projectPathOption } from './path-option.js';
import { ereFullPattern, erePattern } from './regex-option.js';
import type { Preset, PresetTarget } from './types.js';

/**
 * The PreToolUse guard: a catalog of rules (guards-and-convergence.md §3), each with an id,
 * on/off and its own options. The template renders only the enabled rules; the contract
 * (Claude Code permissionDecision or forgeflare {"action":…}) is picked from the target.
 */

const word = z.string().regex(/^[^\s'"\\]+$/, 'one word: no spaces, quotes or backslashes');

const rule = <T extends z.core.$ZodLooseShape>(enabled: boolean, summary: string, shape: T) =>
  z.strictObject({ enabled: z.boolean().default(enabled).describe(`Turn the rule on or off (default ${enabled ? 'on' : 'off'}).`), ...shape })
    .prefault({} as never).describe(summary);

export const GUARD_RULE_IDS = [
  'fs-destroy', 'git-destroy', 'gate-bypass', 'harness-tamper', 'secrets', 'lockfiles',
  'remote-exec', 'network', 'publish', 'host', 'infra', 'scope', 'doom-loop',
] as const;
export type GuardRuleId = (typeof GUARD_RULE_IDS)[number];

export const guardOptions = z.strictObject({
  rules: z.strictObject({
    'fs-destroy': rule(true, 'Recursive rm of /, ~, $HOME, .., system folders, the project root or .git (any flag form, --no-preserve-root); mkfs, shred, dd of=/dev/*, chmod/chown -R on system folders, the fork bomb, find -delete/-exec rm from a broad start.', {}),
    'git-destroy': rule(true, 'git push --force/-f/+refspec/--mirror, reset --hard, clean -f, checkout/restore of the whole tree, branch -D, filter-branch, stash clear, pushes to protected branches.', {
      allowForceWithLease: z.boolean().default(true).describe('Let `git push --force-with-lease` through.'),
      protectedBranches: z.array(word).default([]).describe('Branches that may not be pushed to at all (e.g. ["main"]).'),
    }),
    'gate-bypass': rule(true, 'git --no-verify/-n, core.hooksPath, GIT_CONFIG_*, git config --global/--system writes, SKIP*/HUSKY=0 switches, clearing the loop flag (unset, env -i, env -u).', {
      loopFlag: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).default('RALPH_LOOP').describe('Environment flag of the loop; the agent may not unset or change it.'),
    }),
    'harness-tamper': rule(true, "Writes (Edit/Write, redirects, tee, sed -i, cp/mv/ln/install, rm, chmod, truncate, dd of=) to the loop's own hooks, settings and convergence record.", {
      paths: z.array(z.string().min(1)).default([
        '.forgeflare/**', '.claude/hooks/**', '.claude/settings.json', '.claude/settings.local.json',
        '.ralph-hooks/**', 'ralph-hooks.config.json', 'loop.sh', 'PROMPT*.md', '.git/config', '.git/hooks/**',
      ]).describe('Protected paths relative to the project root; `*` matches within a name, a trailing `/**` matches everything below.'),
      extraPaths: z.array(z.string().min(1)).default([]).describe('More protected paths, added to `paths` (e.g. ["AGENTS.md", "CLAUDE.md"]).'),
    }),
    secrets: rule(true, 'Reading or writing .env* (not .example/.sample/.template), *.pem, *.key, id_rsa*, credentials*.json, ~/.ssh, ~/.aws, through file tools or shell; printing *_KEY/*_TOKEN/*_SECRET variables.', {
      extraPatterns: z.array(z.string().min(1)).default([]).describe('More file-name globs treated as secrets (matched against the base name, e.g. "*.p12").'),
    }),
    lockfiles: rule(true, 'Editing lockfiles or generated folders by hand; the package manager owns them.', {
      files: z.array(z.string().min(1)).default([
        'Cargo.lock', 'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock',
        'poetry.lock', 'Pipfile.lock', 'uv.lock', 'go.sum', 'Gemfile.lock', 'composer.lock', 'flake.lock',
      ]).describe('Lockfile base names.'),
      dirs: z.array(z.string().min(1)).default(['node_modules', 'target']).describe('Generated folders: no file below one of these is edited by hand.'),
    }),
    'remote-exec': rule(true, 'curl/wget (or base64 -d) piped into a shell or interpreter; eval/source of $(curl …) or <(curl …).', {}),
    network: rule(false, 'Raw network tools: nc, socat, ssh, scp, telnet… (off by default).', {
      commands: z.array(word).default(['nc', 'ncat', 'netcat', 'socat', 'ssh', 'scp', 'sftp', 'telnet', 'ftp']).describe('Commands denied when the rule is on.'),
    }),
    publish: rule(false, 'Publishing: npm/yarn/pnpm/cargo/poetry publish, twine upload, gem push, gh release create, docker push (off by default).', {}),
    host: rule(true, 'sudo/su/doas, shutdown/reboot, systemctl/service changes, crontab edits, pkill -f/killall, kill -1.', {}),
    infra: rule(true, 'kubectl delete of namespaces or --all, terraform/tofu destroy, helm uninstall, SQL DROP/TRUNCATE through a database client, aws s3 rb / rm --recursive.', {}),
    scope: rule(true, 'Writes outside the project root (paths canonicalised, symlinks resolved).', {
      allowPaths: z.array(z.string().min(1)).default(['/tmp', '/var/tmp', '/dev/null', '/dev/stdout', '/dev/stderr', '/dev/fd'])
        .describe('Absolute paths outside the project root that may be written (each and everything below it).'),
    }),
    'doom-loop': rule(true, 'The same tool call (same tool, same input) repeated N times in a row.', {
      repeats: z.int().min(2).max(100).default(3).describe('Deny the Nth identical call in a row.'),
    }),
  }).prefault({}).describe('The rule catalog: each rule by id, with `enabled` and its own options.'),
  custom: z.array(z.strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/).describe('Rule id used in reasons and the denial log.'),
    pattern: erePattern().describe('A POSIX extended regular expression (bash [[ =~ ]]: no \\d, (?…) groups or lazy quantifiers; checked when the config is read), matched (unanchored) against each normalised shell command (wrappers stripped, words joined by single spaces), or against the file path for file tools.'),
    tools: z.array(word).default(['Bash']).describe('Tools the rule applies to.'),
    reason: z.string().min(1).describe('What the agent should do instead.'),
  })).default([]).describe('Your own deny rules.'),
  allow: z.array(ereFullPattern().describe('A POSIX extended regular expression (bash [[ =~ ]]; checked when the config is read).')).default([])
    .describe('Allowlist: a normalised shell command (or file path) matching one of these patterns in full is exempt from every rule but harness-tamper.'),
  activeWhenEnv: z.string().regex(/^([A-Za-z_][A-Za-z0-9_]*)?$/).default('')
    .describe('Only guard while this environment variable is set and non-empty (e.g. RALPH_LOOP); empty: always.'),
  logFile: projectPathOption('.ralph-hooks/logs/guard.log').default('.ralph-hooks/logs/guard.log')
    .describe('Denial log, relative to the project root and inside it: time, rule id, tool, first 200 characters of the call.'),
  stateDir: projectPathOption('.ralph-hooks/state').default('.ralph-hooks/state').describe('Where stateful rules (doom-loop) keep their state, relative to the project root.'),
  maxCommandBytes: z.int().min(4096).max(16 * 1024 * 1024).default(1024 * 1024)
    .describe('Largest command (or path) the guard analyses, in bytes; a larger one is denied as too large to check.'),
  maxCommandTokens: z.int().min(1000).max(10_000_000).default(20_000)
    .describe('Most shell tokens (words, quoted strings, operators; nested commands included) the guard analyses in one call; a command with more is denied as too complex to check in time.'),
  maxCheckMs: z.int().min(100).max(600_000).default(3000)
    .describe('Most time, in milliseconds from its start, the guard spends on one call; a call it has not decided by then is denied as too complex to check in time. Capped at half the hook\'s timeout (forgeflare\'s default of 5 s when none is set), so the guard answers before the agent stops waiting for it.'),
  maxNesting: z.int().min(1).max(8).default(3).describe('bash -c / sh -c / eval / $( ) levels looked into; deeper nesting is denied.'),
  logPrefix: z.string().regex(/^[\w.:-]+$/).default('ralph-guard').describe('Prefix of stderr lines.'),
});

export type GuardOptions = z.infer<typeof guardOptions>;
type Rules = GuardOptions['rules'];

const FILE_TOOLS_CLAUDE = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'];
const READ_TOOLS_CLAUDE = ['Read', 'Grep', 'Glob'];
/** forgeflare's five tools (seed 002): there is no Write, and Edit creates files. */
const FORGEFLARE_TOOLS = ['Bash', 'Edit', 'Read', 'Glob', 'Grep'];

/** Tools the guard must see, from the enabled rules; undefined means every tool. */
export function guardTools(options: GuardOptions): string[] | undefined {
  const r = options.rules;
  if (r['doom-loop'].enabled) return undefined;
  const tools = new Set<string>(['Bash']);
  if (r['harness-tamper'].enabled || r.lockfiles.enabled || r.scope.enabled || r.secrets.enabled) FILE_TOOLS_CLAUDE.forEach((t) => tools.add(t));
  if (r.secrets.enabled) READ_TOOLS_CLAUDE.forEach((t) => tools.add(t));
  for (const custom of options.custom) custom.tools.forEach((t) => tools.add(t));
  return [...tools];
}

/** `*` and `/**` globs (relative to the project root) as one anchored ERE. */
export function globsToEre(globs: string[]): string {
  if (globs.length === 0) return '^$.'; // matches nothing
  const one = (glob: string) => {
    let g = glob.replace(/^\.\//, '');
    let tail = '';
    if (g.endsWith('/**')) {
      g = g.slice(0, -3);
      tail = '(/.*)?';
    }
    const body = g.replace(/[\\^$.|?+()[\]{}]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*');
    return `${body}${tail}`;
  };
  return `^(${globs.map(one).join('|')})$`;
}

/** The folders holding protected paths (`.claude`, `.claude/hooks`…), as one anchored ERE. */
export function globDirsToEre(globs: string[]): string {
  const dirs = new Set<string>();
  for (const glob of globs) {
    const parts = glob.replace(/^\.\//, '').replace(/\/\*\*$/, '/x').split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      if (!/[*?]/.test(dir)) dirs.add(dir);
    }
  }
  if (dirs.size === 0) return '^$.';
  return `^(${[...dirs].map((d) => d.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')).join('|')})/?$`;
}

/** Base-name globs as one anchored ERE. */
function namesToEre(names: string[]): string {
  if (names.length === 0) return '^$.';
  return `^(${names.map((n) => n.replace(/[\\^$.|?+()[\]{}]/g, '\\$&').replace(/\*/g, '.*')).join('|')})$`;
}

function camel(id: string): string {
  return id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

function enabledRules(rules: Rules): Record<string, boolean> {
  return Object.fromEntries(GUARD_RULE_IDS.map((id) => [camel(id), rules[id].enabled]));
}

/** forgeflare's own timeout for a guard without one (ms); Claude Code's and the others' are far longer. */
const FORGEFLARE_DEFAULT_TIMEOUT_MS = 5000;

/**
 * The guard's own deadline: maxCheckMs, but at most half the time the agent waits for the
 * hook (the entry's timeout, in seconds, or forgeflare's default), so that a call the guard
 * cannot finish is denied by the guard, with a reason, not left to the agent's timeout.
 */
export function checkDeadlineMs(maxCheckMs: number, timeoutSeconds: number | undefined, target?: PresetTarget): number {
  const waits = timeoutSeconds !== undefined ? timeoutSeconds * 1000 : target?.contract === 'forgeflare' ? FORGEFLARE_DEFAULT_TIMEOUT_MS : Infinity;
  return Math.max(100, Math.min(maxCheckMs, Math.floor(waits / 2)));
}

export const guard: Preset<GuardOptions> = {
  id: 'guard',
  kind: 'guard',
  summary: 'PreToolUse guard: a catalog of rules (fs-destroy, git-destroy, secrets, scope, doom-loop…) over normalised shell commands and file paths',
  options: guardOptions,
  files: (entry) => [{ template: 'guard/guard.sh.hbs', path: `${entry.name}.sh`, executable: true }],
  registrations: (entry, target?: PresetTarget) => {
    const tools = guardTools(entry.options);
    if (target?.contract === 'forgeflare') {
      if (tools === undefined) return [{ event: 'PreToolUse', phase: 'guard', script: `${entry.name}.sh`, timeout: entry.timeout }];
      return FORGEFLARE_TOOLS.filter((t) => tools.includes(t))
        .map((tool) => ({ event: 'PreToolUse' as const, phase: 'guard' as const, matcher: tool, script: `${entry.name}.sh`, timeout: entry.timeout }));
    }
    // onFailure "block": a guard whose script is missing or crashes blocks the call instead of letting it run.
    return [{ event: 'PreToolUse', matcher: tools === undefined ? '*' : tools.join('|'), script: `${entry.name}.sh`, timeout: entry.timeout, onFailure: 'block' }];
  },
  context: (entry, target?: PresetTarget) => {
    const r = entry.options.rules;
    return {
      on: enabledRules(r),
      checkMs: checkDeadlineMs(entry.options.maxCheckMs, entry.timeout, target),
      harnessEre: globsToEre([...r['harness-tamper'].paths, ...r['harness-tamper'].extraPaths]),
      harnessDirsEre: globDirsToEre([...r['harness-tamper'].paths, ...r['harness-tamper'].extraPaths]),
      customTools: entry.options.custom.map((c) => c.tools.join(' ')),
      secretNamesEre: namesToEre(r.secrets.extraPatterns),
      lockfileEre: namesToEre(r.lockfiles.files),
      generatedDirs: r.lockfiles.dirs,
      generatedDirsEre: r.lockfiles.dirs.length === 0 ? '^$.' : r.lockfiles.dirs.map((d) => d.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')).join('|'),
      protectedBranches: r['git-destroy'].protectedBranches,
      networkCommands: r.network.commands,
      scopeAllow: r.scope.allowPaths,
    };
  },
};
