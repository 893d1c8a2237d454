/** `ralph-hooks explain [event]`: the hooks the agent will run here, from every source, in its order. */
import { readConfig } from '../../src/config/load.js';
import type { RalphHooksConfig } from '../../src/config/schema.js';
import { TARGETS } from '../../src/targets/index.js';
import { formatFindings, formatGithub, type Finding } from '../../src/doctor.js';
import { agentToolName, explainHooks, matchToolCall, type ExplainedHook, type ToolCall } from '../../src/explain.js';
import { agentEvents, findAgentEvent, findHookEvent } from '../../src/hook-events.js';
import { lintHooks } from '../../src/hook-lint.js';
import { useProject } from '../../src/package-managers/project.js';
import { findProjectRoot } from '../../src/project-root.js';
import type { Target } from '../../src/targets/types.js';
import { didYouMean, findingsFormat, parseCommandArgs, UsageError } from './args.js';

const HELP = `Usage: ralph-hooks explain [event] [--agent <target>] [--tool <name> [--command <text>]]
                           [--plugin-dir <path>]... [--json | --format text|json|github] [--dir <path>]

Lists every hook the agent will run for this project, event by event, in the order the agent
starts them, merged from every file it reads (Claude Code: user, project, local and managed
settings, then each enabled plugin). Each hook comes with its file and line, matcher, timeout,
onFailure, and whether ralph-hooks wrote it. Then the findings about them (RH14-RH17, RH21, RH24).

  event              only this event (Stop, PreToolUse…; the agent's own name works too)
  --agent <target>   the target whose agent to explain (default: the config's, else claude-project)
  --tool <name>      a sample tool call: which hooks match it (Bash, or the agent's own name)
  --command <text>   the sample call's command line (for Claude Code's "if" conditions)
  --plugin-dir <p>   a plugin folder Claude Code is started with (claude --plugin-dir <p>)
  --format github    the findings as GitHub Actions annotations (the default when GITHUB_ACTIONS=true)

Exits 1 when a finding is a problem (a warning does not count).`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'explain',
    argv,
    {
      agent: { type: 'string' },
      tool: { type: 'string' },
      command: { type: 'string' },
      'plugin-dir': { type: 'string', multiple: true },
      format: { type: 'string' },
      json: { type: 'boolean', default: false },
      dir: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    { positionals: true },
  );
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`explain takes one event, got '${positionals.join(' ')}'. Run \`ralph-hooks explain --help\` for its options.`);
  if (values.command !== undefined && values.tool === undefined) throw new UsageError('--command needs --tool (the call\'s tool, e.g. --tool Bash). Run `ralph-hooks explain --help` for its options.');
  const format = findingsFormat(values.format, values.json);
  const { root } = findProjectRoot(values.dir ?? process.cwd());
  useProject(root);
  const config = configIfAny(root);
  const target = targetOf(values.agent, config);
  const event = positionals[0] === undefined ? undefined : eventOf(positionals[0], target);
  const call: ToolCall | undefined = values.tool === undefined ? undefined : { tool: values.tool, ...(values.command === undefined ? {} : { command: values.command }) };

  const { files, hooks: all } = explainHooks(root, target, config, { pluginDirs: values['plugin-dir'] ?? [] });
  const hooks = event === undefined ? all : all.filter((hook) => hook.event === event);
  const findings = [...lintHooks(hooks, target, config, root), ...trustFindings(target, root)];
  const healthy = findings.every((finding) => finding.ok);

  if (format === 'json') console.log(JSON.stringify(asJson(root, target, files.map((f) => f.path), hooks, call, findings), null, 2));
  else if (format === 'github') {
    const annotations = formatGithub(findings);
    if (annotations) console.log(annotations);
  } else console.log(formatText(root, target, hooks, event, call, findings));
  return healthy ? 0 : 1;
}

/** The config when there is a valid one: explain works in any project, ralph-hooks' or not. */
function configIfAny(root: string): RalphHooksConfig | undefined {
  try {
    return readConfig(root);
  } catch {
    return undefined;
  }
}

/** --agent takes a target id (qwen-project) or an agent's (qwen-code). */
function targetOf(name: string | undefined, config: RalphHooksConfig | undefined): Target {
  const targets = Object.values(TARGETS) as Target[];
  if (name === undefined) return TARGETS[config?.target ?? 'claude-project'] as Target;
  const byAgent = config && (TARGETS[config.target] as Target).agent === name ? (TARGETS[config.target] as Target) : targets.find((t) => t.agent === name);
  const found = targets.find((t) => t.id === name) ?? byAgent;
  if (found) return found;
  const names = [...new Set(targets.flatMap((t) => [t.id, t.agent]))];
  throw new UsageError(`unknown --agent '${name}'.${didYouMean(name, names)} Known: ${targets.map((t) => t.id).join(', ')}.`);
}

/** The agent's name of an event given by either name (hook-events.ts); a usage error for one it does not fire. */
function eventOf(name: string, target: Target): string {
  const event = findAgentEvent(target.agent, name);
  if (event) return event.name;
  const events = agentEvents(target.agent);
  const list = `Events: ${events.map((e) => e.name).join(', ')}.`;
  const elsewhere = findHookEvent(name);
  // Another agent's name of an event this agent has (BeforeTool under Claude Code): the same event.
  const same = elsewhere && findAgentEvent(target.agent, elsewhere.name);
  if (same) return same.name;
  if (elsewhere) {
    const agents = Object.keys(elsewhere.agents).map((agent) => (Object.values(TARGETS) as Target[]).find((t) => t.agent === agent)?.agentName ?? agent);
    throw new UsageError(`${target.agentName} has no ${name} event (${[...new Set(agents)].join(', ')} ${agents.length === 1 ? 'has' : 'have'} it). ${list}`);
  }
  const known = [...new Set(events.flatMap((e) => [e.name, e.spec.name]))];
  throw new UsageError(`unknown event '${name}'.${didYouMean(name, known)} ${list}`);
}

/** Trust switches that make the agent skip the project's hooks (doctor's RH21). */
function trustFindings(target: Target, root: string): Finding[] {
  return (target.checks?.(root) ?? []).filter((finding) => finding.code === 'RH21' && finding.warning);
}

function describeHook(hook: ExplainedHook): string[] {
  const origin = [hook.plugin ? `plugin ${hook.plugin}` : hook.source, ...(hook.ours ? ['ralph-hooks'] : [])].join(', ');
  const details = [
    hook.matcher === undefined ? undefined : `matcher ${JSON.stringify(hook.matcher)}`,
    hook.if === undefined ? undefined : `if ${hook.if}`,
    hook.timeout === undefined ? undefined : `timeout ${hook.timeout}`,
    hook.onFailure === undefined ? undefined : `onFailure ${hook.onFailure}`,
  ].filter(Boolean);
  return [`${hook.file}:${hook.line}  [${origin}]`, `${hook.command ?? `(${hook.type} hook)`}${details.length ? `   ${details.join('  ')}` : ''}`];
}

function formatText(root: string, target: Target, hooks: ExplainedHook[], event: string | undefined, call: ToolCall | undefined, findings: Finding[]): string {
  const lines: string[] = [];
  const events = [...new Set(hooks.map((hook) => hook.event))];
  if (events.length === 0) lines.push(`${target.agentName} runs no hook${event ? ` on ${event}` : ''} here.`);
  for (const name of events) {
    const list = hooks.filter((hook) => hook.event === name);
    lines.push(`${name}: ${list.length} hook(s), started in this order (${target.agentName} runs them side by side)`);
    list.forEach((hook, index) => {
      const [head, body] = describeHook(hook);
      lines.push(`  ${index + 1}. ${head}`, `     ${body}`);
      if (hook.duplicateOf !== undefined) lines.push(`     = the same command as #${hook.duplicateOf}: runs once`);
      if (call) {
        const match = matchToolCall(hook, target, call);
        lines.push(`     ${match.runs ? '→ runs' : '✗ skipped'} for ${match.agentTool}: ${match.why}`);
      }
    });
    lines.push('');
  }
  if (findings.length) lines.push(formatFindings(findings, !process.env.NO_COLOR && process.stdout.isTTY === true, root, false));
  return lines.join('\n').trimEnd();
}

function asJson(root: string, target: Target, sources: string[], hooks: ExplainedHook[], call: ToolCall | undefined, findings: Finding[]) {
  const events: Record<string, unknown[]> = {};
  for (const hook of hooks) {
    const { base: _base, path: _path, ...shown } = hook;
    const match = call ? matchToolCall(hook, target, call) : undefined;
    (events[hook.event] ??= []).push({ ...shown, ...(match ? { matches: match.runs, why: match.why } : {}) });
  }
  return { root, target: target.id, agent: target.agent, sources, ...(call ? { call: { ...call, agentTool: agentToolName(target, call.tool) } } : {}), events, findings, healthy: findings.every((f) => f.ok) };
}
