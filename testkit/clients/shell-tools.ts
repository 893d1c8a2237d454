/**
 * The shell tool of each agent, as its model calls it. A scripted turn's `shell` becomes a call
 * to whichever of these the client offered in its request, and the conversation readers report
 * every one of them as `Bash` with input `{command}`, the name Claude Code's hooks see, so one
 * scenario file checks shell calls in every client.
 */

export interface ShellTool {
  /** The tool name the model calls. */
  name: string;
  /** The arguments for one command line. */
  input(command: string): Record<string, unknown>;
}

/** In order of preference when a request offers more than one. */
export const SHELL_TOOLS: readonly ShellTool[] = [
  // Claude Code
  { name: 'Bash', input: (command) => ({ command, description: 'Run a command' }) },
  // Qwen Code and Gemini CLI
  { name: 'run_shell_command', input: (command) => ({ command, description: 'Run a command', is_background: false }) },
  // Copilot CLI
  { name: 'bash', input: (command) => ({ command, description: 'Run a command' }) },
  // Factory droid: it rejects an Execute call without riskLevelReason and riskLevel ("Execute call
  // rejected: missing required parameters"); `summary` is in its schema too (3 to 8 words, sentence case).
  {
    name: 'Execute',
    input: (command) => ({
      summary: 'Run a scripted shell command',
      command,
      riskLevelReason: 'A scripted test command run in a temporary project.',
      riskLevel: 'medium',
    }),
  },
];

const BY_NAME = new Map(SHELL_TOOLS.map((tool) => [tool.name, tool]));

/** The names of the tools a request offers the model (Messages, chat completions or Gemini shape). */
export function offeredToolNames(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const tools = (body as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return [];
  const names: string[] = [];
  for (const tool of tools) {
    if (typeof tool !== 'object' || tool === null) continue;
    const t = tool as { name?: unknown; function?: { name?: unknown }; functionDeclarations?: unknown };
    if (typeof t.name === 'string') names.push(t.name);
    if (typeof t.function?.name === 'string') names.push(t.function.name);
    if (Array.isArray(t.functionDeclarations)) {
      for (const declaration of t.functionDeclarations) {
        if (typeof declaration?.name === 'string') names.push(declaration.name);
      }
    }
  }
  return names;
}

/** The shell tool for a request: the first known one it offers, else Claude Code's `Bash`. */
export function shellToolFor(body: unknown): ShellTool {
  const offered = new Set(offeredToolNames(body));
  return SHELL_TOOLS.find((tool) => offered.has(tool.name)) ?? SHELL_TOOLS[0];
}

/** Is `name` an agent's shell tool (reported as `Bash`)? */
export function isShellTool(name: string): boolean {
  return BY_NAME.has(name);
}

/** A tool call as the readers report it: a shell call becomes `Bash {command}`, anything else is kept. */
export function canonicalCall(name: string, input: Record<string, unknown>): { name: string; input: Record<string, unknown> } {
  if (!isShellTool(name)) return { name, input };
  const command = typeof input.command === 'string' ? input.command : typeof input.cmd === 'string' ? input.cmd : undefined;
  return { name: 'Bash', input: command === undefined ? input : { ...input, command } };
}
