/**
 * `ralph-hooks doctor`: the checks behind it. Each finding has a code (RH01…), says
 * what is wrong and ends with the fix; docs/troubleshooting.md has a section per code.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { readConfig } from '../config/load.js';
import type { RalphHooksConfig } from '../config/schema.js';
import { TARGETS } from '../targets/index.js';
import type { Finding } from '../hook-types.js';
import type { Target } from '../targets/types.js';
import { renderHooks, type HookCommand } from '../generate/render-hooks.js';
import { explainHooks } from './explain.js';
import { HOOK_TESTS_DIR, HOOK_VITEST_COMMAND, HOOK_VITEST_CONFIG, hookVitestFile } from '../generate/extras.js';
import type { SourceOptions } from '../targets/hook-sources.js';
import { deadMatcherFinding, deadMatcherWords, lintHooks } from './hook-lint.js';
import { findAgentEvent } from '../hook-events.js';
import { isJsonObject, JsonSyntaxError, parseJsonText } from '../util/json-text.js';
import { readManifest, sha256 } from '../generate/manifest.js';
import { packageVersion } from '../util/package-info.js';
import { docsPage } from '../util/package-info.js';
import { planGeneration, type Plan } from '../generate/plan.js';
import { notInstalled } from '../formatters/index.js';
import { describeRejection, readForgeflareHooks } from '../registration/forgeflare-load.js';
import { handlersWithBrokenScripts, registeredHandlers, type RegisteredHandler } from './handler-scripts.js';
import { candidatesIn } from '../registration/claude-settings.js';
import { configWarnings } from './warnings.js';
import { addDevCommand, rhCommand } from '../package-managers/project.js';
import { isInside, ok, problem, versionOf, type Env } from './finding.js';
import { checkClaudeCode, checkHandlerScripts, checkMatchers, checkRegistration, checkScripts } from './check-registration.js';
import { checkFormatting, checkManifest, checkUpToDate, planOrError } from './check-plan.js';
import { checkHookTests } from './check-hook-tests.js';

export { globMatches, includesIn, vitestCalls } from './check-hook-tests.js';
export { ON_FAILURE_MIN_CLAUDE_CODE } from './check-registration.js';

export type { Finding } from '../hook-types.js';




export function checkTools(env: Env = {}): Finding[] {
  const findings: Finding[] = [];
  const bash = versionOf('bash', ['--version'], env);
  findings.push(bash ? ok('RH01', `bash: ${bash}`) : problem('RH01', 'bash is not on PATH: every generated hook runs under bash.', 'Install bash (apt-get install bash, brew install bash).'));
  const jq = versionOf('jq', ['--version'], env);
  if (!jq) {
    findings.push(problem('RH02', 'jq is not on PATH: generated hooks allow every stop (Stop hooks) or block every call (guards) without it.', 'Install jq ≥ 1.6 (apt-get install jq, brew install jq).'));
  } else {
    const [major, minor] = (/jq-(\d+)\.(\d+)/.exec(jq) ?? []).slice(1).map(Number);
    if (major === undefined || major > 1 || minor >= 6) findings.push(ok('RH02', `jq: ${jq}${minor === 6 ? ' (1.6: the hooks avoid 1.7-only features)' : ''}`));
    else findings.push(problem('RH03', `${jq} is too old: the hooks use --rawfile, new in jq 1.6.`, 'Upgrade jq to 1.6 or later.'));
  }
  return findings;
}

export function checkProject(root: string, sources: SourceOptions = {}): Finding[] {
  let config: RalphHooksConfig;
  try {
    config = readConfig(root);
  } catch (error) {
    return [problem('RH04', (error as Error).message, `Fix ralph-hooks.config.json as the message says (${docsPage('config-reference.md', root)} lists every field).`)];
  }
  const findings: Finding[] = [ok('RH04', `ralph-hooks.config.json is valid (${config.hooks.length} hook(s), target ${config.target})`)];
  const { commands } = renderHooks(config);
  findings.push(...checkRegistration(root, config, commands));
  findings.push(...(TARGETS[config.target] as Target).checks?.(root) ?? []);
  findings.push(...checkScripts(root, commands));
  const handlers = registeredHandlers(root);
  findings.push(...checkHandlerScripts(root, commands, handlers));
  findings.push(...checkMatchers(TARGETS[config.target] as Target, handlers));
  const planned = planOrError(root, config);
  findings.push(...checkFormatting(planned));
  findings.push(...checkManifest(root, planned.plan));
  findings.push(...checkUpToDate(planned));
  findings.push(...checkClaudeCode(root, commands));
  findings.push(...checkHookTests(root, config));
  findings.push(...checkEverySource(root, config, sources));
  findings.push(...configWarnings(config).map((w) => ({ code: 'RH13', ok: true, warning: true, message: w.message, fix: w.fix })));
  return findings;
}

/**
 * The hooks the agent runs from every source, the user's and the plugins' included (explain.ts):
 * RH17 (two Stop hooks that can both block), and RH14/RH16 for the files outside the project,
 * whose handlers the checks above do not read. A file there that does not parse is RH18.
 */
function checkEverySource(root: string, config: RalphHooksConfig, sources: SourceOptions): Finding[] {
  const target = TARGETS[config.target] as Target;
  try {
    const { hooks } = explainHooks(root, target, config, sources);
    const outside = (finding: Finding) => finding.file === undefined || !isInside(root, hooks.find((hook) => hook.file === finding.file)?.path ?? root);
    return lintHooks(hooks, target, config, root).filter((finding) => finding.code === 'RH17' || ((finding.code === 'RH14' || finding.code === 'RH16') && outside(finding)));
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return [{ ...problem('RH18', `${error.message}: ${target.agentName} cannot read the hooks of that file.`, `Fix the JSON at line ${error.line} of ${error.file}.`), file: error.file, line: error.line }];
  }
}


/** Where the troubleshooting page is, as a path the user can open from the project root. */
export function troubleshootingPath(root: string): string {
  return docsPage('troubleshooting.md', root);
}

/** Each finding with its fix; `summary` adds doctor's closing line (the count, and where the codes are explained). */
export function formatFindings(findings: Finding[], color = false, root = process.cwd(), summary = true): string {
  const paint = (code: number, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const mark = (f: Finding) => (f.warning ? paint(33, '!') : f.ok ? paint(32, '✓') : paint(31, '✗'));
  const lines = findings.map((f) => `${mark(f)} ${f.code} ${f.warning ? 'warning: ' : ''}${f.message}${f.fix ? `\n      fix: ${f.fix}` : ''}`);
  const problems = findings.filter((f) => !f.ok).length;
  const warnings = findings.filter((f) => f.warning).length;
  const docs = `See ${troubleshootingPath(root)} for each code.`;
  if (summary) lines.push('', problems === 0 ? `All is well${warnings ? ` (${warnings} warning(s): ${docs})` : '.'}` : `${problems} problem(s). ${docs}`);
  return lines.join('\n');
}

/** GitHub Actions workflow commands: one annotation per finding that is a problem or a warning, at its file and line. */
export function formatGithub(findings: Finding[]): string {
  const escape = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string) => escape(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return findings
    .filter((f) => !f.ok || f.warning)
    .map((f) => {
      const place = f.file === undefined ? '' : ` file=${property(f.file)}${f.line === undefined ? '' : `,line=${f.line}`}`;
      const sep = place ? ',' : ' ';
      return `::${f.ok ? 'warning' : 'error'}${place}${sep}title=${property(f.code)}::${escape(`${f.message}${f.fix ? ` Fix: ${f.fix}` : ''}`)}`;
    })
    .join('\n');
}
