/**
 * `ralph-hooks doctor --clients`: proof in the clients a user actually runs. The project's
 * scenario files (test/hook-scenarios) run in every agent CLI installed on this machine (the
 * project's node_modules/.bin, else PATH) that a scenario names, offline against the scripted
 * model, and the report says which pass per client and version. A client that moved under the
 * hooks shows here before a loop misbehaves in it.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { clientProbes, installedClients, type ClientProbe, type InstalledClient } from './installed.js';
import { humanLine } from '../replay/reporters/human.js';
import { failureDetails } from '../replay/reporters/details.js';
import type { CaseOutcome } from '../replay/run-case.js';
import { DEFAULT_SCENARIO_DIR, readScenario, runScenarioCase, ScenarioError, SCENARIO_SUFFIX } from '../replay/run-scenario.js';
import { caseName, findCaseFiles } from '../replay/runner.js';

/** One installed client and how the project's scenarios fared in it. */
export interface ClientOutcome extends InstalledClient {
  /** Each scenario that names this client, in file order. */
  outcomes: CaseOutcome[];
}

export interface ClientsCheck {
  /** The scenario folder, relative to the project. */
  scenarioDir: string;
  /** How many scenario files it holds. */
  scenarios: number;
  /** Installed clients, each with its scenario outcomes (empty when no scenario names it). */
  clients: ClientOutcome[];
  /** Clients a scenario names that are not installed here, with how to install them. */
  missing: { agent: string; install: string }[];
  /** Every agent with a client (the target registry's), what it installs and how. */
  known: Pick<ClientProbe, 'agent' | 'command' | 'install'>[];
  /** Scenario files that cannot be read (bad JSON, unknown field). */
  unreadable: CaseOutcome[];
  /** True when nothing failed (no client or no scenario is not a failure). */
  ok: boolean;
}

interface ReadScenario {
  file: string;
  relative: string;
  name: string;
  scenario: ReturnType<typeof readScenario>;
}

/** The project's scenario files, parsed; those that cannot be read become error outcomes. */
function readScenarios(root: string): { read: ReadScenario[]; unreadable: CaseOutcome[]; count: number } {
  if (!existsSync(join(root, DEFAULT_SCENARIO_DIR))) return { read: [], unreadable: [], count: 0 };
  const found = findCaseFiles([DEFAULT_SCENARIO_DIR], root).filter((f) => f.file.endsWith(SCENARIO_SUFFIX));
  const read: ReadScenario[] = [];
  const unreadable: CaseOutcome[] = [];
  for (const entry of found) {
    const rel = relative(root, entry.file);
    try {
      const scenario = readScenario(entry.file);
      read.push({ file: entry.file, relative: rel, name: caseName(scenario, entry), scenario });
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      unreadable.push({ file: entry.file, relative: rel, name: relative(entry.base, entry.file).replace(/\.scenario\.json$/, ''), status: 'error', durationMs: 0, steps: [], error: error.message });
    }
  }
  return { read, unreadable, count: found.length };
}

/** Which clients a scenario runs in (`agents`, default Claude Code, as in `ralph-hooks test`). */
const agentsOf = (entry: ReadScenario) => entry.scenario.agents ?? ['claude-code'];

/**
 * Run the project's scenarios in each installed client they name, one session at a time (a
 * session is heavy); `onResult` hears each as it finishes.
 */
export async function checkClients(root: string, onResult?: (client: InstalledClient, outcome: CaseOutcome) => void): Promise<ClientsCheck> {
  const { read, unreadable, count } = readScenarios(root);
  const probes = await clientProbes();
  const clients: ClientOutcome[] = (await installedClients(root)).map((client) => ({ ...client, outcomes: [] }));
  for (const client of clients) {
    for (const entry of read.filter((e) => agentsOf(e).includes(client.agent))) {
      const outcome = await runScenarioCase({ ...entry, scenario: { ...entry.scenario, agents: [client.agent] } }, { projectRoot: root, bin: client.bin });
      client.outcomes.push(outcome);
      onResult?.(client, outcome);
    }
  }
  const named = new Set(read.flatMap(agentsOf));
  const missing = probes.filter((p) => named.has(p.agent) && !clients.some((c) => c.agent === p.agent)).map((p) => ({ agent: p.agent, install: p.install }));
  const ok = unreadable.length === 0 && clients.every((c) => c.outcomes.every((o) => o.status === 'pass'));
  const known = probes.map(({ agent, command, install }) => ({ agent, command, install }));
  return { scenarioDir: DEFAULT_SCENARIO_DIR, scenarios: count, clients, missing, known, unreadable, ok };
}

const clientName = (client: InstalledClient) => `${client.agent} ${client.version ?? '(version unknown)'}`;

/** One line per scenario as it finishes, under its client. */
export function clientResultLine(client: InstalledClient, outcome: CaseOutcome): string {
  return `  ${clientName(client)}: ${humanLine(outcome)}`;
}

/** The report for people: per client and version, how many scenarios pass, then every failure in full. */
export function formatClientsCheck(check: ClientsCheck, root: string): string {
  const lines: string[] = [];
  const installs = check.known.map((p) => p.install.replace(/^npm i -D /, '')).join(', ');
  if (check.clients.length === 0) {
    lines.push(`No agent CLI is installed here (looked in node_modules/.bin and on PATH for ${check.known.map((p) => p.command).join(', ')}): there is no client to run the scenarios in.`);
    lines.push(`Install the one you use as a dev dependency (npm i -D <package>: ${installs}), then run this again.`);
  } else if (check.scenarios === 0) {
    lines.push(`No scenario files in ${check.scenarioDir}/: nothing to run in ${check.clients.map(clientName).join(', ')}.`);
    lines.push('Starter scenarios come with "extras": { "scenarios": true } in ralph-hooks.config.json (then ralph-hooks generate); see docs/cases.md for writing your own.');
  } else {
    lines.push(`Scenarios in ${check.scenarioDir}/, run offline against a scripted model:`);
    for (const client of check.clients) {
      const where = relative(root, client.bin).startsWith('..') ? client.bin : relative(root, client.bin);
      const passed = client.outcomes.filter((o) => o.status === 'pass').length;
      const verdict = client.outcomes.length === 0 ? `no scenario names ${client.agent} (add it to a scenario's "agents")` : `${passed} of ${client.outcomes.length} pass${passed === client.outcomes.length ? '' : ` (${client.outcomes.length - passed} fail)`}`;
      const mark = client.outcomes.length === 0 ? '-' : passed === client.outcomes.length ? '✓' : '✗';
      lines.push(`${mark} ${clientName(client)} (${where}): ${verdict}`);
    }
    for (const { agent, install } of check.missing) lines.push(`- ${agent}: named by a scenario but not installed here (${install})`);
  }
  const failed = [...check.unreadable, ...check.clients.flatMap((c) => c.outcomes.filter((o) => o.status !== 'pass').map((o) => ({ ...o, name: `${clientName(c)}: ${o.name}` })))];
  if (failed.length) {
    lines.push('', `Failures (${failed.length}):`);
    for (const outcome of failed) lines.push('', `${humanLine(outcome)}  (${outcome.relative})`, failureDetails(outcome));
  }
  return lines.join('\n');
}
