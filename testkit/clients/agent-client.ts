/**
 * An agent's client, declared in one file: testkit/clients/agents/<agent>.ts, named after a
 * target's `agent`, has a client as its default export (defineAgentClient): how its CLI is found, asked its
 * version and installed, how a session is run (the scenario runner), and how its model
 * conversation is read. The lists of clients (the probes `doctor --clients` runs, the scenario
 * runners, the conversation readers, the real-client suite's agents) are derived from the
 * target registry (src/targets/index.ts): adding an agent is its target file, its client file
 * and the registry's one line.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TARGETS } from '../../src/targets/index.js';
import type { Target } from '../../src/targets/types.js';
import { registerConversationReader, type ConversationReader } from './model/conversation.js';
import type { ScenarioClient } from './scenario.js';

export interface AgentClient {
  /** The target's `agent` this client runs. */
  agent: string;
  /** The command it installs (what is looked for in node_modules/.bin and on PATH). */
  command: string;
  /** The npm package that installs it. */
  package: string;
  install: string;
  /** Where its CLI is: node_modules/.bin above `from` or the working directory, else PATH; null when missing. */
  find(from?: string): string | null;
  /** Its version, or null when it does not answer. */
  version(bin: string): string | null;
  /** How the requests it sends the model are read (toolCalls, sentToModel). */
  reader: ConversationReader;
  /** One session in a project (runAgent, scenario files). */
  run: ScenarioClient;
}

/** Declare an agent's client: its conversation reader is known from the moment its file is loaded. */
export function defineAgentClient(client: AgentClient): AgentClient {
  registerConversationReader(client.agent, client.reader);
  return client;
}

/** Where the agents' client files are. */
export const AGENT_CLIENTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'agents');

/** The file of `agent`'s client in `dir`, or null when there is none. */
function clientFile(agent: string, dir: string): string | null {
  for (const extension of ['.js', '.ts']) {
    const file = join(dir, `${agent}${extension}`);
    if (existsSync(file)) return file;
  }
  return null;
}

/**
 * The agents with a client file, in the target registry's order (each agent once; an agent
 * without one, forgeflare, has no real client to run). `dirs`: where to look, first match wins.
 */
export function clientAgents(dirs: readonly string[] = [AGENT_CLIENTS_DIR]): { agent: string; target: string; file: string }[] {
  const seen = new Set<string>();
  return Object.values(TARGETS as Record<string, Target>).flatMap((target) => {
    if (seen.has(target.agent)) return [];
    seen.add(target.agent);
    const file = dirs.map((dir) => clientFile(target.agent, dir)).find((found) => found !== null);
    return file ? [{ agent: target.agent, target: target.id, file }] : [];
  });
}

/** Load one client file: its `client` export, checked against the agent it is named after. */
export async function loadAgentClient(agent: string, file: string): Promise<AgentClient> {
  const client = ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default?: AgentClient }).default;
  if (!client?.run) throw new Error(`${file}: its default export is not a client (export default defineAgentClient({…}))`);
  if (client.agent !== agent) throw new Error(`${file}: its client runs "${client.agent}", not "${agent}"`);
  return client;
}

/** Every agent's client, in the registry's order, each with the target it is first run under. */
export async function agentClients(dirs?: readonly string[]): Promise<(AgentClient & { target: string })[]> {
  return Promise.all(clientAgents(dirs).map(async ({ agent, target, file }) => ({ ...(await loadAgentClient(agent, file)), target })));
}
