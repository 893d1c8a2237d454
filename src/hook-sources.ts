/**
 * Every file an agent reads hooks from for a project, in the order the agent collects them:
 * what `ralph-hooks explain` merges. Read from the clients themselves (see docs/explain.md):
 *
 * - Claude Code concatenates its settings sources user, project, local, managed (its
 *   source list, lowest priority first), then adds each loaded plugin's hooks/hooks.json.
 * - Qwen Code and Gemini CLI sort by source: project, then user, then system. Both skip the
 *   project's hooks in a folder they do not trust.
 * - The other agents read their user-level file (when they have one) and the project's.
 */
import { existsSync, readdirSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { isJsonObject, jsonObjectIn } from './json-text.js';
import { readIfExists } from './registration/merged-file.js';
import { homeFolder } from './targets/home-settings.js';
import type { AgentId } from './targets/types.js';

export type SourceKind = 'managed' | 'user' | 'project' | 'local' | 'system' | 'plugin';

export interface HookFile {
  kind: SourceKind;
  /** Absolute path. */
  path: string;
  /** The plugin's name, for a plugin's hooks file. */
  plugin?: string;
  /** The folder `${CLAUDE_PLUGIN_ROOT}` names (a plugin's), else the project. */
  base: string;
  format: 'json' | 'forgeflare-toml';
}

/** Where the machine and the user keep the agents' files; the defaults are the real ones, tests point them elsewhere. */
export interface SourceOptions {
  env?: NodeJS.ProcessEnv;
  /** Claude Code's managed settings folder (/etc/claude-code on Linux). */
  claudeManagedDir?: string;
  /** Plugin folders passed to Claude Code with --plugin-dir. */
  pluginDirs?: string[];
  /** The project is a Claude Code plugin loaded with --plugin-dir . (target claude-plugin). */
  projectIsPlugin?: boolean;
}

/** The agent's hook files that exist, in the order the agent collects their hooks. */
export function hookFiles(agent: AgentId, root: string, options: SourceOptions = {}): HookFile[] {
  const env = options.env ?? process.env;
  const project = (path: string): HookFile => ({ kind: 'project', path: join(root, path), base: root, format: 'json' });
  const at = (kind: SourceKind, path: string): HookFile => ({ kind, path, base: root, format: 'json' });
  const files: HookFile[] = (() => {
    switch (agent) {
      case 'claude-code':
        return claudeCodeFiles(root, env, options);
      case 'qwen-code':
        return [
          project('.qwen/settings.json'),
          at('user', join(homeFolder(env), '.qwen', 'settings.json')),
          at('system', env.QWEN_CODE_SYSTEM_DEFAULTS_PATH || '/etc/qwen-code/system-defaults.json'),
          at('system', env.QWEN_CODE_SYSTEM_SETTINGS_PATH || '/etc/qwen-code/settings.json'),
        ];
      case 'gemini':
        return [project('.gemini/settings.json'), at('user', join(homeFolder(env), '.gemini', 'settings.json')), at('system', env.GEMINI_CLI_SYSTEM_SETTINGS_PATH || '/etc/gemini-cli/settings.json')];
      case 'codex':
        return [at('user', join(env.CODEX_HOME || join(homeFolder(env), '.codex'), 'hooks.json')), project('.codex/hooks.json')];
      case 'copilot':
        // Copilot reads every .json file in .github/hooks/, and Claude Code's project settings too.
        return [...jsonFilesIn(join(root, '.github', 'hooks')).map((path) => at('project', path)), project('.claude/settings.json')];
      case 'droid':
        return [at('user', join(homeFolder(env), '.factory', 'settings.json')), project('.factory/settings.json')];
      case 'forgeflare':
        return [{ ...project('.forgeflare/hooks.toml'), format: 'forgeflare-toml' }];
    }
  })();
  return files.filter((file) => existsSync(file.path));
}

function claudeCodeFiles(root: string, env: NodeJS.ProcessEnv, options: SourceOptions): HookFile[] {
  const configDir = env.CLAUDE_CONFIG_DIR || join(homeFolder(env), '.claude');
  const managedDir = options.claudeManagedDir ?? '/etc/claude-code';
  const settings: HookFile[] = [
    { kind: 'user', path: join(configDir, 'settings.json'), base: root, format: 'json' },
    { kind: 'project', path: join(root, '.claude', 'settings.json'), base: root, format: 'json' },
    { kind: 'local', path: join(root, '.claude', 'settings.local.json'), base: root, format: 'json' },
    // The managed file, then the drop-in folder's files in name order (each merged over the last).
    { kind: 'managed', path: join(managedDir, 'managed-settings.json'), base: root, format: 'json' },
    ...jsonFilesIn(join(managedDir, 'managed-settings.d')).map((path): HookFile => ({ kind: 'managed', path, base: root, format: 'json' })),
  ];
  const pluginDirs = [...(options.projectIsPlugin ? [root] : []), ...(options.pluginDirs ?? []).map((dir) => (isAbsolute(dir) ? dir : join(root, dir)))];
  const plugins = [...pluginDirs, ...enabledPluginDirs(root, configDir, settings)].flatMap(pluginHookFiles);
  return [...settings, ...plugins];
}

function jsonFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json')).sort().map((name) => join(dir, name));
  } catch {
    return [];
  }
}

/** A JSON file's object, or undefined when it is missing or not an object (explain reports a broken file on its own). */
function readJsonObject(path: string): Record<string, unknown> | undefined {
  try {
    return jsonObjectIn(readIfExists(path));
  } catch {
    return undefined; // unreadable
  }
}

/**
 * The installed plugins Claude Code loads here: listed in plugins/installed_plugins.json
 * (version 2: id → installs with scope and installPath), set to true in `enabledPlugins` of
 * the merged settings (a later source overrides an earlier one), from a marketplace Claude Code
 * knows (plugins/known_marketplaces.json, or extraKnownMarketplaces in the settings). A
 * project- or local-scope install counts only for its own project.
 */
function enabledPluginDirs(root: string, configDir: string, settings: HookFile[]): string[] {
  const enabled = new Map<string, boolean>();
  for (const file of settings) {
    const value = readJsonObject(file.path)?.enabledPlugins;
    if (isJsonObject(value)) for (const [id, on] of Object.entries(value)) enabled.set(id, on === true);
  }
  const installed = readJsonObject(join(configDir, 'plugins', 'installed_plugins.json'))?.plugins;
  if (!isJsonObject(installed)) return [];
  // Claude Code loads nothing of a plugin whose marketplace it does not know.
  const marketplaces = new Set(Object.keys(readJsonObject(join(configDir, 'plugins', 'known_marketplaces.json')) ?? {}));
  for (const file of settings) {
    const extra = readJsonObject(file.path)?.extraKnownMarketplaces;
    if (isJsonObject(extra)) for (const name of Object.keys(extra)) marketplaces.add(name);
  }
  return Object.entries(installed).flatMap(([id, installs]) => {
    if (enabled.get(id) !== true || !Array.isArray(installs) || !marketplaces.has(id.slice(id.lastIndexOf('@') + 1))) return [];
    const install = installs.find((entry) => isJsonObject(entry) && typeof entry.installPath === 'string' && (entry.projectPath === undefined || relative(String(entry.projectPath), root) === ''));
    return install ? [String(install.installPath)] : [];
  });
}

/** A plugin's hook file: hooks/hooks.json, or the file its plugin.json names under "hooks". */
function pluginHookFiles(dir: string): HookFile[] {
  const manifest = readJsonObject(join(dir, '.claude-plugin', 'plugin.json'));
  const name = typeof manifest?.name === 'string' ? manifest.name : dir;
  const named = typeof manifest?.hooks === 'string' ? [join(dir, manifest.hooks)] : [];
  return [join(dir, 'hooks', 'hooks.json'), ...named]
    .filter((path, index, all) => all.indexOf(path) === index)
    .map((path): HookFile => ({ kind: 'plugin', path, plugin: name, base: dir, format: 'json' }));
}
