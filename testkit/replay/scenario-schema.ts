/**
 * The scenario file (`*.scenario.json`) as data: its schema, the parse that names every bad
 * field, and the JSON Schema `ralph-hooks schema` writes for editors. The runner that plays a
 * scenario in a real client is `testkit/clients/scenario.ts`; the schema lives here so that
 * reading a scenario needs no client.
 */
import { readFileSync } from 'node:fs';
import { z } from '../../src/zod.js';

const turnSchema = z
  .strictObject({
    text: z.string().optional().describe('Assistant text.'),
    shell: z.union([z.string(), z.array(z.string())]).optional().describe("One call per string to the agent's shell tool (Claude Code: Bash)."),
    tools: z
      .array(z.strictObject({ name: z.string(), input: z.record(z.string(), z.unknown()) }))
      .optional()
      .describe("Raw tool calls by the agent's own tool names (Claude Code: Edit, Write, Read...)."),
    stopReason: z.enum(['end_turn', 'tool_use', 'max_tokens']).optional().describe('Default: tool_use when there are calls, else end_turn.'),
  })
  .describe('One scripted model answer.');

const textCheck = z.union([z.string(), z.strictObject({ contains: z.string() })]);

const fileExpectation = z
  .union([z.null(), z.string(), z.strictObject({ json: z.unknown() }), z.strictObject({ contains: z.string() })])
  .describe('null: the file must be absent; a string: its exact content; {json}: it parses and contains this value as a subset; {contains}: it contains this text.');

const stopExpectation = z
  .strictObject({
    stop_hook_active: z.boolean().optional().describe('The stop_hook_active the Stop hook received.'),
    decision: z.enum(['block', 'allow']).optional().describe('block: the hook blocked the stop (decision "block" or exit 2); allow: it let it through.'),
    reason: z.string().optional().describe('A substring of the block reason.'),
    systemMessage: z.string().optional().describe('A substring of the systemMessage.'),
  })
  .describe('One Stop hook run, in order.');

const toolCallExpectation = z
  .strictObject({
    name: z.string().optional().describe('The tool name (Bash, Edit, Write...).'),
    input: z.record(z.string(), z.unknown()).optional().describe('A subset of the tool input.'),
    result: z.string().optional().describe('A substring of the tool result the model was sent.'),
    isError: z.boolean().optional().describe('true: the model was told the call failed or was denied.'),
  })
  .describe('One tool call and what the model got back, in order of the calls.');

const expectSchema = z
  .strictObject({
    files: z.record(z.string(), fileExpectation).optional().describe('Project files after the session, by relative path.'),
    modelReceived: z.array(z.string()).optional().describe('Substrings somewhere in what the model was sent (tool results, hook feedback, context).'),
    modelNotReceived: z.array(z.string()).optional().describe('Substrings the model must never have been sent.'),
    stops: z.array(stopExpectation).optional().describe('Every Stop hook run, in order (exactly this many).'),
    toolCalls: z.array(toolCallExpectation).optional().describe('Every tool call, in order (exactly this many).'),
    modelTurns: z.number().int().nonnegative().optional().describe('Exactly this many model calls.'),
    maxModelTurns: z.number().int().positive().optional().describe('At most this many model calls.'),
    exhausted: z.boolean().optional().describe('Whether the scripted turns ran out (false: the session ended before they did).'),
    result: textCheck.optional().describe("The client's final result text: exact, or {contains}."),
    exitCode: z.number().int().optional().describe("The client's exit code. Default: not checked."),
  })
  .describe('What must be true after the session. Absent fields are not checked.');

export const scenarioSchema = z
  .strictObject({
    $schema: z.string().optional(),
    name: z.string().optional().describe('Shown in reports; default: the file name without .scenario.json.'),
    description: z.string().optional(),
    hook: z
      .string()
      .optional()
      .describe('The hook under test (its script, relative to the project root): `stops` then counts only its runs, not those of other Stop hooks.'),
    isolate: z
      .boolean()
      .optional()
      .describe("true: in the temporary project, only `hook` stays registered (the project's other hooks are left out of the settings). Default false."),
    agents: z.array(z.string()).min(1).optional().describe('Clients to run it in (claude-code, codex, qwen-code, copilot, gemini, droid). Default: claude-code.'),
    copy: z
      .array(z.string())
      .optional()
      .describe('Project paths copied into the temporary project before the session. Default: [".claude"] (hooks and their registration); each agent\'s own folders under another agent (its target\'s hooksDir and registrationFile, e.g. [".codex"]); a Claude Code plugin adds ".claude-plugin" and "hooks".'),
    prompt: z.string().optional().describe('The prompt. Default: "Continue".'),
    files: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Files written before the session, by relative path: strings as-is, anything else as JSON. ${WORKSPACE} and ${HOME} are replaced.'),
    turns: z.array(turnSchema).describe('The scripted model, one answer per model call. Once they run out the model ends its turn with "(script exhausted)".'),
    env: z.record(z.string(), z.string()).optional().describe('Extra environment for the client and its hooks.'),
    allowedTools: z.array(z.string()).optional().describe('Tools that run without asking. Default: Bash, Edit, Write, Read, Glob, Grep.'),
    timeoutMs: z.number().int().positive().optional().describe('Kill the session after this many ms. Default 120000.'),
    expect: expectSchema.optional(),
  })
  .describe('A real-client scenario for `ralph-hooks test`.');

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioExpect = z.infer<typeof expectSchema>;

/** A scenario file that cannot be used, naming each bad field. */
export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'ScenarioError';
  }
}

/** Parse and validate scenario text; throws ScenarioError naming each bad field. */
export function parseScenario(text: string, file = '(scenario)'): Scenario {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ScenarioError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  return validateScenario(raw, file);
}

export function validateScenario(raw: unknown, file = '(scenario)'): Scenario {
  const result = scenarioSchema.safeParse(raw);
  if (!result.success) {
    throw new ScenarioError(
      file,
      result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}`),
    );
  }
  return result.data;
}

/** Read and validate a scenario file. */
export function loadScenario(file: string): Scenario {
  return parseScenario(readFileSync(file, 'utf8'), file);
}

/** The JSON Schema for scenario files (draft 2020-12). */
export function scenarioJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(scenarioSchema, { io: 'input' }), title: 'ralph-hooks real-client scenario' };
}
