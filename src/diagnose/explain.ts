/**
 * `ralph-hooks explain`: every hook the agent will run for this project, event by event, in
 * the order the agent collects them from all its sources (hook-sources.ts), each with its file
 * and line, matcher, timeout, onFailure and whether ralph-hooks wrote it; and, given a sample
 * tool call, which of them match it. Pure reading: nothing is written.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import type { RalphHooksConfig } from '../config/schema.js';
import { renderHooks, type HookCommand } from '../generate/render-hooks.js';
import { ignoresMatcher } from '../hook-events.js';
import { hookFiles, type HookFile, type SourceKind, type SourceOptions } from '../targets/hook-sources.js';
import { isJsonObject, parseJsonText } from '../util/json-text.js';
import { jsonValueLines } from '../util/json-lines.js';
import { readManifest } from '../generate/manifest.js';
import { readForgeflareHooks } from '../registration/forgeflare-load.js';
import { ownedAmong, type Candidate, type Ownership } from '../registration/ownership.js';
import { homeFolder } from '../targets/home-settings.js';
import type { MatcherSyntax, Target } from '../targets/types.js';

export interface ExplainedHook {
  /** The event as the agent names it (Gemini CLI: AfterAgent). */
  event: string;
  source: SourceKind;
  /** The file as shown: project-relative, ~/…, or absolute. */
  file: string;
  /** Absolute path of the file. */
  path: string;
  line: number;
  plugin?: string;
  /** The folder `${CLAUDE_PLUGIN_ROOT}` names for this handler. */
  base: string;
  type: string;
  command?: string;
  matcher?: string;
  timeout?: number;
  onFailure?: string;
  if?: string;
  /** ralph-hooks wrote it (the manifest records it). */
  ours: boolean;
  /** 1-based position of an identical command earlier in the event's list: the agent runs it once. */
  duplicateOf?: number;
}

/** A sample tool call: does each hook match it? */
export interface ToolCall {
  /** As the user typed it: the agent's name or Claude Code's (Bash). */
  tool: string;
  command?: string;
}

export interface ToolMatch {
  /** The agent's own name of the tool. */
  agentTool: string;
  runs: boolean;
  why: string;
}

/** Every hook of every source, each event's in the agent's order. */
export function explainHooks(root: string, target: Target, config: RalphHooksConfig | undefined, options: SourceOptions = {}): { files: HookFile[]; hooks: ExplainedHook[] } {
  const files = hookFiles(target, root, { ...options, projectIsPlugin: options.projectIsPlugin ?? target.pluginProject === true });
  // Our commands, rendered once: they tell our handlers (ownership) in every file.
  const commands = config ? renderHooks(config).commands : [];
  const ownership = ownershipIn(root, commands);
  const read = files.map((file) => handlersOf(file, root, options.env ?? process.env, ownership, target, commands));
  const events = [...new Set(read.flat().map((hook) => hook.event))];
  const hooks = events.flatMap((event) => markDuplicates(read.flat().filter((hook) => hook.event === event)));
  return { files, hooks };
}

/** The agent's name of an event given by either name (Stop under Gemini CLI is AfterAgent). */
export function agentEventName(target: Target, event: string): string {
  const names = (target.events ?? {}) as Record<string, string>;
  return names[event] ?? event;
}

/** The manifest's record of our handlers; with an older manifest, the scripts it lists. */
function ownershipIn(root: string, commands: HookCommand[]): Ownership {
  const manifest = readManifest(root);
  return { recorded: manifest?.registrations, scripts: [...Object.keys(manifest?.files ?? {}), ...commands.map((c) => c.script)] };
}

/** A file as the user knows it: inside the project, relative; under the home, ~/…; else absolute. */
export function shownPath(path: string, root: string, env: NodeJS.ProcessEnv = process.env): string {
  const home = homeFolder(env);
  const under = (base: string) => {
    const rel = relative(base, path);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : undefined;
  };
  // The deeper of the two names it: a project usually lives under the home folder.
  const [inProject, inHome] = [under(root), under(home)];
  if (inHome !== undefined && (inProject === undefined || home.length > root.length)) return `~/${inHome}`;
  return inProject ?? path;
}

interface RawHandler {
  event: string;
  line: number;
  handler: Record<string, unknown>;
  matcher?: string;
}

function handlersOf(file: HookFile, root: string, env: NodeJS.ProcessEnv, ownership: Ownership, target: Target, commands: HookCommand[]): ExplainedHook[] {
  const text = readFileSync(file.path, 'utf8');
  const shown = shownPath(file.path, root, env);
  const raw = file.format === 'forgeflare-toml' ? forgeflareHandlers(text) : jsonHandlers(text, shown);
  const candidates: Candidate<RawHandler>[] = raw.map((entry) => ({
    ref: entry,
    event: entry.event,
    command: typeof entry.handler.command === 'string' ? entry.handler.command : '',
    ...(entry.matcher === undefined ? {} : { matcher: entry.matcher }),
    ...(typeof entry.handler.timeout === 'number' ? { timeout: entry.handler.timeout } : {}),
    ...(typeof entry.handler.onFailure === 'string' ? { onFailure: entry.handler.onFailure } : {}),
  }));
  // Only a project file can hold our handlers: the manifest records them by project path.
  const ours = file.kind === 'project' ? ownedAmong(ownership, shown, target.commandRoot, commands, candidates.filter((c) => c.command !== '')) : new Set<RawHandler>();
  return raw.map((entry) => explained(entry, file, shown, ours.has(entry)));
}

function explained(entry: RawHandler, file: HookFile, shown: string, ours: boolean): ExplainedHook {
  const { handler } = entry;
  return {
    event: entry.event,
    source: file.kind,
    file: shown,
    path: file.path,
    line: entry.line,
    ...(file.plugin === undefined ? {} : { plugin: file.plugin }),
    base: file.base,
    type: typeof handler.type === 'string' ? handler.type : 'command',
    ...(typeof handler.command === 'string' ? { command: handler.command } : {}),
    ...(entry.matcher === undefined ? {} : { matcher: entry.matcher }),
    ...(typeof handler.timeout === 'number' ? { timeout: handler.timeout } : {}),
    ...(typeof handler.onFailure === 'string' ? { onFailure: handler.onFailure } : {}),
    ...(typeof handler.if === 'string' ? { if: handler.if } : {}),
    ours,
  };
}

/** The handlers of a settings file or a plugin's hooks.json (both keep them under "hooks"), with their lines. */
function jsonHandlers(text: string, shown: string): RawHandler[] {
  const parsed = parseJsonText(text, shown);
  if (!isJsonObject(parsed) || !isJsonObject(parsed.hooks)) return [];
  const lines = jsonValueLines(text);
  const found: RawHandler[] = [];
  for (const [event, groups] of Object.entries(parsed.hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, g) => {
      if (!isJsonObject(group) || !Array.isArray(group.hooks)) return;
      const matcher = typeof group.matcher === 'string' ? group.matcher : undefined;
      group.hooks.forEach((handler, h) => {
        if (!isJsonObject(handler)) return;
        // The command's line, where a reader looks (the handler's own, for a handler without one).
        const path = `hooks/${event}/${g}/hooks/${h}`;
        found.push({ event, handler, line: lines.get(`${path}/command`) ?? lines.get(path) ?? 1, ...(matcher === undefined ? {} : { matcher }) });
      });
    });
  }
  return found;
}

/** forgeflare's [[hooks]] entries, each at the line of its header (a file forgeflare rejects has none: doctor's RH05 says why). */
function forgeflareHandlers(text: string): RawHandler[] {
  const read = readForgeflareHooks(text);
  if (!read.ok) return [];
  const headers = text.split('\n').flatMap((line, index) => (/^\s*\[\[\s*hooks\s*\]\]/.test(line) ? [index + 1] : []));
  return read.hooks.map((hook, index) => ({
    event: hook.event,
    line: headers[index] ?? 1,
    handler: { type: 'command', command: hook.command, ...(hook.timeout_ms === undefined ? {} : { timeout: Number(hook.timeout_ms) }) },
    ...(hook.match_tool === undefined ? {} : { matcher: hook.match_tool }),
  }));
}

/** The same command twice in one event: the agents run it once (Claude Code: identical handlers across files). */
function markDuplicates(hooks: ExplainedHook[]): ExplainedHook[] {
  return hooks.map((hook, index) => {
    const first = hooks.findIndex((other) => other.command !== undefined && other.command === hook.command && (other.matcher ?? '') === (hook.matcher ?? ''));
    return first !== -1 && first < index ? { ...hook, duplicateOf: first + 1 } : hook;
  });
}

/** The agent's own name of a tool given by either name (Bash under Gemini CLI is run_shell_command). */
export function agentToolName(target: Target, tool: string): string {
  const names = target.input.toolNames ?? {};
  if (tool in names) return tool;
  const agentName = Object.entries(names).find(([, claude]) => claude === tool)?.[0];
  return agentName ?? tool;
}

/** Does this hook run for the sample call? Events without a tool: every hook runs. */
export function matchToolCall(hook: ExplainedHook, target: Target, call: ToolCall): ToolMatch {
  const agentTool = agentToolName(target, call.tool);
  if (ignoresMatcher(hook.event)) return { agentTool, runs: true, why: 'this event has no matcher: every hook runs' };
  const aliases = target.input.matchesClaudeToolNames ? [target.input.toolNames?.[agentTool]].filter((name): name is string => name !== undefined) : [];
  if (!matcherMatches(hook.matcher, agentTool, target.matcherSyntax ?? 'claude-code', aliases)) {
    return { agentTool, runs: false, why: `matcher "${hook.matcher}" does not match ${agentTool}` };
  }
  const why = hook.matcher === undefined || hook.matcher === '' ? 'no matcher: every tool' : hook.matcher === '*' ? 'matcher "*": every tool' : `matcher "${hook.matcher}" matches ${agentTool}`;
  if (hook.if === undefined) return { agentTool, runs: true, why };
  const condition = ifMatches(hook.if, call.tool, agentTool, call.command);
  if (condition === undefined) return { agentTool, runs: true, why: `${why}; runs only if ${hook.if} (give --command to check)` };
  return condition ? { agentTool, runs: true, why: `${why}, and if ${hook.if} holds` } : { agentTool, runs: false, why: `if ${hook.if} does not hold` };
}

/**
 * A matcher as the agent reads it, in the agent's syntax (MatcherSyntax in
 * src/targets/types.ts says each). `aliases`: other names of the tool the matcher may use
 * (Qwen Code also takes Claude Code's name of the tool).
 */
export function matcherMatches(matcher: string | undefined, tool: string, syntax: MatcherSyntax, aliases: string[] = []): boolean {
  const pattern = (matcher ?? '').trim();
  if (pattern === '' || pattern === '*') return true;
  if (syntax === 'gemini') {
    if (pattern === '.*') return true;
    const names = [tool, ...aliases];
    if (pattern.split('|').map((word) => word.trim()).some((word) => names.includes(word) || word === '*' || word === '.*')) return true;
    return regexTest(pattern, tool);
  }
  if (/^[A-Za-z0-9_\-\s,|]+$/.test(pattern)) return pattern.split(/[|,]/).map((word) => word.trim()).includes(tool);
  return regexTest(pattern, tool);
}

function regexTest(pattern: string, subject: string): boolean {
  try {
    return new RegExp(pattern).test(subject);
  } catch {
    return false;
  }
}

/**
 * Claude Code's `if` (one permission rule, `Bash(git *)`): the tool must be the rule's, and
 * for a shell call the command must fit the rule's pattern (`*` any text, a final `:*` any
 * arguments). undefined when the command was not given.
 */
function ifMatches(rule: string, tool: string, agentTool: string, command: string | undefined): boolean | undefined {
  const parsed = /^([^()]+)(?:\((.*)\))?$/.exec(rule.trim());
  if (!parsed) return undefined;
  const [, ruleTool, pattern] = parsed;
  if (ruleTool !== tool && ruleTool !== agentTool) return false;
  if (pattern === undefined || pattern === '' || pattern === '*') return true;
  if (command === undefined) return undefined;
  const body = pattern.replace(/:\*$/, '*').split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}$`, 's').test(command);
}
