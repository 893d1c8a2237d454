/**
 * Which agent CLIs are installed where a project runs (its node_modules/.bin, else PATH), and
 * their versions: what the contract test records under and what `doctor --clients` runs. The
 * probes are the agents' client files (agent-client.ts), found from the target registry.
 */
import { agentClients, type AgentClient } from './agent-client.js';

/** How to find one agent's CLI, ask its version, and install it. */
export type ClientProbe = Pick<AgentClient, 'agent' | 'command' | 'package' | 'install' | 'find' | 'version'>;

/** Every agent with a real-client runner, in the order reports list them (the target registry's). */
export async function clientProbes(): Promise<ClientProbe[]> {
  return agentClients();
}

/** An agent CLI found on this machine. */
export interface InstalledClient {
  agent: string;
  bin: string;
  /** Its version, or null when it did not answer `--version`. */
  version: string | null;
}

/** The agent CLIs installed for a project at `from` (its node_modules/.bin or PATH), with their versions. */
export async function installedClients(from: string = process.cwd(), agents?: readonly string[]): Promise<InstalledClient[]> {
  return (await clientProbes()).filter((probe) => !agents || agents.includes(probe.agent)).flatMap((probe) => {
    const bin = probe.find(from);
    return bin ? [{ agent: probe.agent, bin, version: probe.version(bin) }] : [];
  });
}
