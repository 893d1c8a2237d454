/**
 * Codex CLI project hooks. Codex reads `<repo>/.codex/hooks.json` in Claude Code's shape,
 * so it is merged like .claude/settings.json; `[features] hooks = true` goes into
 * `<repo>/.codex/config.toml`. Checked against the real `codex exec` (0.169.0): see
 * docs/targets/codex.md for what Codex sends and accepts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../hook-types.js';
import { hookFileAt, projectHookFile } from './hook-sources.js';
import { smolToml } from '../util/lazy-require.js';
import { classifyMerged, readIfExists } from '../registration/merged-file.js';
import { codexHooksFeature, mergeCodexConfig } from '../registration/codex-config-toml.js';
import { registerInSettings } from './claude-project.js';
import { folderAndParents, homeFolder } from './home-settings.js';
import type { HookEventDeclaration, Target } from './types.js';
import { rhCommand } from '../package-managers/project.js';
import { named } from './claude-code-events.js';

export const CODEX_HOOKS_FILE = '.codex/hooks.json';
export const CODEX_CONFIG_FILE = '.codex/config.toml';

/** $CODEX_HOME/config.toml as a table, or undefined when it is missing or does not parse. */
function codexUserConfig(): Record<string, unknown> | undefined {
  try {
    return smolToml().parse(readFileSync(join(process.env.CODEX_HOME || join(homeFolder(), '.codex'), 'config.toml'), 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Codex skips, silently, the hooks of a project it does not trust: the trust lives in
 * $CODEX_HOME/config.toml, `[projects."<folder>"] trust_level = "trusted"` (this folder or a
 * parent). Each hook's own trust (`[hooks.state]`, a hash doctor cannot recompute) is
 * /hooks' business; docs/codex.md#trust says how.
 */
function trustFinding(root: string): Finding {
  const projects = codexUserConfig()?.projects;
  const level = (dir: string) => (projects && typeof projects === 'object' ? (projects as Record<string, { trust_level?: unknown }>)[dir]?.trust_level : undefined);
  if (folderAndParents(root).some((dir) => level(dir) === 'trusted')) {
    return { code: 'RH21', ok: true, message: '~/.codex/config.toml trusts this project: Codex runs its hooks once each is trusted (/hooks)' };
  }
  return {
    code: 'RH21',
    ok: true,
    warning: true,
    message: 'Codex CLI does not trust this project yet (no trust_level = "trusted" for it in ~/.codex/config.toml): it skips its hooks without a word.',
    fix: 'Start codex here and trust the project, then trust the hooks under /hooks; for vetted headless runs: codex exec --dangerously-bypass-hook-trust.',
  };
}

/** RH20: is the hooks feature on in the project's .codex/config.toml? */
function hooksFeatureFindings(root: string): Finding[] {
  let feature;
  try {
    feature = codexHooksFeature(readIfExists(join(root, CODEX_CONFIG_FILE)), CODEX_CONFIG_FILE);
  } catch (error) {
    return [{ code: 'RH20', ok: false, message: (error as Error).message, fix: `Fix ${CODEX_CONFIG_FILE}, then run: ${rhCommand('generate')}` }];
  }
  if (feature === 'off') {
    return [{ code: 'RH20', ok: false, message: `${CODEX_CONFIG_FILE} turns Codex hooks off ([features] hooks = false): none of these hooks runs.`, fix: `Set \`hooks = true\` under [features] in ${CODEX_CONFIG_FILE}.` }];
  }
  if (feature === 'unset') {
    return [{ code: 'RH20', ok: false, message: `${CODEX_CONFIG_FILE} does not turn Codex hooks on ([features] hooks = true).`, fix: `Run: ${rhCommand('generate')}` }];
  }
  return [{ code: 'RH20', ok: true, message: `${CODEX_CONFIG_FILE} turns Codex hooks on; Codex runs each hook once it is trusted (codex, then /hooks)` }];
}

/** Put in front of a script's path in the registered command (and how our handlers are recognised). */
const COMMAND_ROOT = '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/';

/**
 * Codex's hook events (0.169.0: the hook wire types in its binary, PreToolUseCommandOutputWire…),
 * by Claude Code's names. It has no StopFailure: a full context ends `codex exec` (0.171.0)
 * with no hook at all; it fires SessionStart with source compact after an automatic compaction.
 */
export const CODEX_EVENTS: readonly HookEventDeclaration[] = [
  ...named('PreToolUse', 'PostToolUse', 'PermissionRequest', 'UserPromptSubmit', 'Stop', 'SubagentStart', 'SubagentStop'),
  { event: 'SessionStart', seen: ['startup', 'compact'] },
  ...named('SessionEnd', 'PreCompact', 'PostCompact'),
];

export const codexProject = {
  id: 'codex-project',
  summary: 'Codex CLI project hooks: scripts in .codex/hooks/, registered in .codex/hooks.json, hooks feature on in .codex/config.toml',
  agent: 'codex',
  agentName: 'Codex CLI',
  contract: 'codex',
  registration: 'claude-settings',
  hooksDir: '.codex/hooks',
  registrationFile: CODEX_HOOKS_FILE,
  protectedPaths: ['.codex/hooks/**', '.codex/hooks.json', '.codex/config.toml'],
  // Codex runs a hook in the session's working directory (a subfolder, maybe) and sets no
  // project variable: the repository root comes from git.
  commandRoot: COMMAND_ROOT,
  projectDirVariables: [],
  // Codex reads custom prompts only from $CODEX_HOME/prompts, not from the project: the loop
  // starts with its setup script.
  commandsDir: null,
  agentDir: '.codex',
  // Codex maps its exec_command tool onto Claude Code's names: tool_name "Bash", tool_input.command.
  input: { shellTool: 'Bash', shellCommand: 'command', lastAssistantMessage: true, transcript: 'codex-rollout-jsonl' },
  // Codex has no block cap: only the hook ends a loop.
  stop: { blockCap: null, stopHookActiveReliable: true },
  hookEvents: CODEX_EVENTS,
  // Codex ignores onFailure and lets a call through when a hook cannot run; exit 2 denies.
  guardFailure: 'exit-2',
  hookSources: (root, env) => [hookFileAt('user', join(env.CODEX_HOME || join(homeFolder(env), '.codex'), 'hooks.json'), root), projectHookFile(root, CODEX_HOOKS_FILE)],
  startHint: 'Start Codex here (codex, then /hooks to trust the hooks once; codex exec runs them too)',
  checks: (root) => [...hooksFeatureFindings(root), trustFinding(root)],
  register: (root, commands, ownership) => [
    ...registerInSettings(CODEX_HOOKS_FILE, COMMAND_ROOT)(root, commands, ownership),
    classifyMerged(root, CODEX_CONFIG_FILE, mergeCodexConfig(readIfExists(join(root, CODEX_CONFIG_FILE), CODEX_CONFIG_FILE), CODEX_CONFIG_FILE)),
  ],
} as const satisfies Target;
