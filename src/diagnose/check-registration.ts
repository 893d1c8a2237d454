/**
 * Doctor's checks of what is registered: the Claude Code version a guard's onFailure needs
 * (RH11), the registration file (RH05-RH07), the scripts and the handlers' scripts, matchers.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import type { RalphHooksConfig } from '../config/schema.js';
import { TARGETS } from '../targets/index.js';
import type { Finding } from '../hook-types.js';
import type { Target } from '../targets/types.js';
import { type HookCommand } from '../generate/render-hooks.js';
import { deadMatcherFinding, deadMatcherWords } from './hook-lint.js';
import { findAgentEvent } from '../hook-events.js';
import { isJsonObject, parseJsonText } from '../util/json-text.js';
import { describeRejection, readForgeflareHooks } from '../registration/forgeflare-load.js';
import { handlersWithBrokenScripts, type RegisteredHandler } from './handler-scripts.js';
import { candidatesIn } from '../registration/claude-settings.js';
import { addDevCommand, rhCommand } from '../package-managers/project.js';

import { ok, problem, versionOf, type Env } from './finding.js';
import { compareVersions } from '../util/versions.js';

/** The first Claude Code that honours a handler's `"onFailure": "block"`; older ones let the call run when a guard cannot. */
export const ON_FAILURE_MIN_CLAUDE_CODE = '2.1.295';

/** The project's Claude Code (node_modules/.bin/claude, else claude on PATH), or undefined. */
function findClaudeCode(root: string): string | undefined {
  const local = join(root, 'node_modules', '.bin', 'claude');
  if (existsSync(local)) return local;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'claude'))) return join(dir, 'claude');
  }
  return undefined;
}


/** RH11: guards registered with onFailure "block" need a Claude Code that honours it, and events it fires. */
export function checkClaudeCode(root: string, commands: HookCommand[]): Finding[] {
  const guards = commands.filter((c) => c.onFailure === 'block');
  if (guards.length === 0) return [];
  const bin = findClaudeCode(root);
  if (!bin) return [];
  const output = versionOf(bin, ['--version'], { CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' } as Env);
  const version = /(\d+\.\d+\.\d+)/.exec(output ?? '')?.[1];
  if (!version) return [];
  const upgrade = `Upgrade Claude Code: ${addDevCommand(['@anthropic-ai/claude-code@latest'])} (or npm i -g @anthropic-ai/claude-code@latest).`;
  // Events this Claude Code does not fire yet (hook-events.ts): it loads their hooks and never runs them.
  const tooNew = [...new Set(commands.map((c) => c.event))].flatMap((event) => {
    const since = findAgentEvent('claude-code', event)?.since;
    return since !== undefined && compareVersions(version, since) < 0 ? [{ code: 'RH11', ok: true, warning: true, message: `Claude Code ${version} is older than ${since}: it ignores the ${event} hooks ralph-hooks registered${event === 'PreSkillShellCommand' ? ', so the shell lines of skills and custom commands run unguarded' : ''}.`, fix: upgrade }] : [];
  });
  if (compareVersions(version, ON_FAILURE_MIN_CLAUDE_CODE) >= 0) {
    return [ok('RH11', `Claude Code ${version} blocks a call when a guard cannot run (onFailure "block")`), ...tooNew];
  }
  return [
    problem(
      'RH11',
      `Claude Code ${version} (${bin}) is older than ${ON_FAILURE_MIN_CLAUDE_CODE}: it ignores "onFailure": "block", so a guard whose script is missing or crashes lets the call run.`,
      upgrade,
    ),
    ...tooNew,
  ];
}

export function checkRegistration(root: string, config: RalphHooksConfig, commands: HookCommand[]): Finding[] {
  const file = TARGETS[config.target].registrationFile;
  const path = join(root, file);
  if (!existsSync(path)) return config.hooks.length ? [problem('RH05', `${file} does not exist: no hook is registered.`, `Run: ${rhCommand('generate')}`)] : [];
  let text = '';
  let parsed: unknown;
  try {
    text = readFileSync(path, 'utf8');
    parsed = file.endsWith('.json') ? parseJsonText(text, file) : undefined;
  } catch (error) {
    return [problem('RH05', (error as Error).message, `Fix the JSON in ${file}, then run: ${rhCommand('generate')}`)];
  }
  let forgeflareHooks: { event: string; command: string }[] | undefined;
  if (TARGETS[config.target].registration === 'forgeflare-toml') {
    // forgeflare reads the whole file or none of it: one bad value anywhere (a hand-written
    // entry included) and no hook runs, so this is the first thing to say.
    const read = readForgeflareHooks(text);
    if (!read.ok) {
      return [problem('RH05', `${describeRejection(file, read.error)}\n${read.error.display.trimEnd().replace(/^/gm, '      ')}`, `Fix line ${read.error.line} of ${file}: forgeflare reads event, command, match_tool and phase as strings and timeout_ms as a whole number of milliseconds, and needs event and command in every [[hooks]] entry.`)];
    }
    forgeflareHooks = read.hooks;
  }
  const findings: Finding[] = [ok('RH05', forgeflareHooks ? `${file} parses as forgeflare reads it (${forgeflareHooks.length} hook entr${forgeflareHooks.length === 1 ? 'y' : 'ies'})` : `${file} parses`)];
  for (const command of commands) {
    const handlers = parsed === undefined ? [] : handlersOf(parsed, command.event, command.command);
    const registered = forgeflareHooks
      ? forgeflareHooks.some((hook) => hook.event === command.event && hook.command === command.command)
      : parsed === undefined ? text.includes(command.script) : handlers.length > 0;
    findings.push(
      registered
        ? ok('RH06', `${command.script} is registered for ${command.event}`)
        : problem('RH06', `${command.script} is not registered for ${command.event} in ${file}.`, `Run: ${rhCommand('generate')}`),
    );
    // A guard's handler that lost "onFailure": "block" (a hand edit): the agent runs the call when the guard cannot.
    if (command.onFailure === 'block' && handlers.length > 0 && handlers.every((handler) => handler.onFailure !== 'block')) {
      findings.push(problem('RH15', `${file}: the ${command.event} handler of ${command.script} has no "onFailure": "block": when the guard cannot run (missing, crashed, timed out) the agent lets the call through.`, `Put "onFailure": "block" back in that handler, or run: ${rhCommand('generate')}`));
    }
  }
  return findings;
}

/** The handlers registered for `event` with exactly this command. */
function handlersOf(settings: unknown, event: string, command: string): { onFailure?: string }[] {
  if (!isJsonObject(settings) || !isJsonObject(settings.hooks)) return [];
  return candidatesIn(settings.hooks).filter((handler) => handler.event === event && handler.command === command);
}

export function checkScripts(root: string, commands: HookCommand[]): Finding[] {
  const findings: Finding[] = [];
  for (const command of commands) {
    const path = join(root, command.script);
    if (!existsSync(path)) {
      findings.push(problem('RH07', `${command.script} does not exist.`, `Run: ${rhCommand('generate')}`));
      continue;
    }
    const interpreter = command.command.split(' ')[0];
    if (interpreter === 'bash') {
      const syntax = spawnSync('bash', ['-n', path], { encoding: 'utf8' });
      findings.push(
        syntax.status === 0
          ? ok('RH08', `${command.script} runs under \`bash\` (syntax checked)`)
          : problem('RH08', `${command.script} does not parse under bash: ${syntax.stderr.trim()}`, `Undo the edit, or run: ${rhCommand('generate --force')}`),
      );
    } else if (interpreter !== 'node') {
      try {
        accessSync(path, constants.X_OK);
        findings.push(ok('RH08', `${command.script} is executable`));
      } catch {
        findings.push(problem('RH08', `${command.script} is not executable, and its command runs it directly.`, `chmod +x ${command.script}`));
      }
    }
  }
  return findings;
}

/**
 * RH14: a handler in any hook file here (ours, the user's, another target's) whose script is
 * not there, or is started directly without being executable: the agent reports an error at
 * every event, and a fail-closed guard blocks every call. Our current hooks' scripts are RH07's
 * and RH08's.
 */
export function checkHandlerScripts(root: string, commands: HookCommand[], handlers: RegisteredHandler[]): Finding[] {
  const ours = new Set(commands.map((command) => join(root, command.script)));
  return handlersWithBrokenScripts(root, handlers)
    .filter((handler) => !ours.has(handler.script))
    .map((handler) => {
      const shown = relative(root, handler.script).startsWith('..') ? handler.script : relative(root, handler.script);
      return handler.problem === 'missing'
        ? problem('RH14', `${handler.file}: the ${handler.event} handler \`${handler.command}\` runs ${shown}, which does not exist: the agent reports an error (or blocks) every time it runs.`, `Remove that handler from ${handler.file}, or put the script back.`)
        : problem('RH14', `${handler.file}: the ${handler.event} handler \`${handler.command}\` starts ${shown} directly, and it is not executable: the agent reports an error (or blocks) every time it runs.`, `chmod +x ${shown}   (or start it with its interpreter: bash ${shown})`);
    });
}

/**
 * RH16 in the agent's own hook file here (deadMatcherWords): ralph-hooks translates the
 * matchers it writes; this finds the hand-written ones.
 */
export function checkMatchers(target: Target, handlers: RegisteredHandler[]): Finding[] {
  return handlers
    .filter((handler) => handler.file === target.registrationFile)
    .flatMap((handler) =>
      deadMatcherWords(target, handler.event, handler.matcher).map((dead) => {
        const { message, fix } = deadMatcherFinding(handler.file, handler.event, handler.matcher!, dead, target);
        return problem('RH16', message, fix);
      }),
    );
}
