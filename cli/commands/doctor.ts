/** `ralph-hooks doctor`: check tools, config, registration, scripts and manifest; exit 1 if anything is wrong. */
import { checkProject, checkTools, formatFindings, formatGithub } from '../../src/doctor.js';
import { useProject } from '../../src/package-managers/project.js';
import { findProjectRoot } from '../../src/project-root.js';
import { findingsFormat, parseCommandArgs } from './args.js';

const HELP = `Usage: ralph-hooks doctor [--dir <path>] [--json | --format text|json|github] [--plugin-dir <path>]...
       ralph-hooks doctor --clients [--dir <path>] [--json]

Checks bash and jq, the config, that each hook is registered and runnable, and that the
manifest matches the files; and, over every file the agent reads hooks from (the user's, the
plugins'), that no two Stop hooks can both block. Prints what to fix; exits 0 only when all
is well. --plugin-dir names a plugin folder Claude Code is started with (claude --plugin-dir).
--format github prints the problems and warnings as GitHub Actions annotations (the
default when GITHUB_ACTIONS=true).

--clients runs the project's scenario files (test/hook-scenarios) in every agent CLI installed
here (node_modules/.bin, else PATH) that a scenario names, offline against a scripted model,
and prints which pass per client and version. Exits 1 when one fails; no client or no
scenario is not a failure (exit 0, saying so).`;

export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs('doctor', argv, {
    dir: { type: 'string' },
    json: { type: 'boolean', default: false },
    format: { type: 'string' },
    'plugin-dir': { type: 'string', multiple: true },
    clients: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const format = findingsFormat(values.format, values.json);
  const { root } = findProjectRoot(values.dir ?? process.cwd());
  useProject(root);
  if (values.clients) return runClients(root, format === 'json');
  const findings = [...checkTools(), ...checkProject(root, { pluginDirs: values['plugin-dir'] ?? [] })];
  const healthy = findings.every((f) => f.ok);
  if (format === 'json') console.log(JSON.stringify({ root, healthy, findings }, null, 2));
  else if (format === 'github') {
    const annotations = formatGithub(findings);
    if (annotations) console.log(annotations);
  } else console.log(formatFindings(findings, !process.env.NO_COLOR && process.stdout.isTTY === true, root));
  return healthy ? 0 : 1;
}

/** `doctor --clients`: the scenarios in each installed client, streamed as they finish (text), or one JSON report. */
async function runClients(root: string, json: boolean): Promise<number> {
  // Loaded here: the real-client runners are needed by --clients only, not by every doctor run.
  const { checkClients, clientResultLine, formatClientsCheck } = await import('../../testkit/clients/client-check.js');
  const check = await checkClients(root, json ? undefined : (client, outcome) => console.log(clientResultLine(client, outcome)));
  if (json) {
    const clients = check.clients.map(({ outcomes, ...client }) => ({ ...client, scenarios: outcomes.map(({ name, relative, status, durationMs, error, steps }) => ({ name, file: relative, status, durationMs, error, failures: steps.flatMap((s) => s.failures) })) }));
    console.log(JSON.stringify({ root, ok: check.ok, scenarioDir: check.scenarioDir, clients, missing: check.missing, unreadable: check.unreadable.map((o) => ({ file: o.relative, error: o.error })) }, null, 2));
  } else console.log(formatClientsCheck(check, root));
  return check.ok ? 0 : 1;
}
