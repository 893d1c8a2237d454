/**
 * The recorded-case format (`*.case.json`), as a zod schema. The JSON Schema in
 * schema/case.schema.json is generated from it (`caseJsonSchema()`), and cases are validated
 * with it so an error names the field path (`steps.1.expect.exitCode`).
 */
import { z } from '../../src/zod.js';

const text = z
  .strictObject({
    contains: z.union([z.string(), z.array(z.string())]).optional().describe('Substring(s) that must all appear.'),
    matches: z.string().optional().describe('A JavaScript regular expression (no slashes) that must match.'),
  })
  .describe('A check on a piece of text: contains and/or matches.');

const fileExpectation = z
  .strictObject({
    exists: z.boolean().optional().describe('true: the file must exist afterwards; false: it must not.'),
    json: z.unknown().optional().describe('The file parses as JSON and contains this value as a subset.'),
    contains: z.string().optional().describe('The file contains this text.'),
    lastLine: z.unknown().optional().describe('The file\'s last line (a JSON Lines log: the loop record, the audit log) parses as JSON and contains this value as a subset.'),
  })
  .describe('What a workspace file must look like after the hook ran.');

const expectation = z
  .strictObject({
    exitCode: z.number().int().optional().describe('The exact exit code.'),
    silent: z.boolean().optional().describe('true: exit 0 with empty stdout and stderr.'),
    stdout: z.string().optional().describe('stdout exactly, without its trailing newline.'),
    json: z.unknown().optional().describe('stdout parses as JSON containing this value as a subset (objects: these keys; arrays: these items in order).'),
    reason: text.optional().describe('The JSON reason (or hookSpecificOutput.permissionDecisionReason).'),
    systemMessage: text.optional().describe('The JSON systemMessage.'),
    stderr: text.optional().describe('stderr.'),
    files: z.record(z.string(), fileExpectation).optional().describe('Workspace files (relative paths) after the run.'),
  })
  .describe('Expectations on one hook run. Absent fields are not checked.');

const workspace = z
  .strictObject({
    layout: z.enum(['empty', 'specum', 'speckit']).optional().describe('Start from this layout: specs/<spec>/, the current-spec marker, .claude/. Default empty.'),
    specName: z.string().optional().describe('Spec name for the layout. Default test-spec.'),
    files: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Files to write, by relative path: strings as-is, anything else as JSON. ${WORKSPACE}, ${PROJECT_ROOT} and ${HOME} are replaced.'),
    ages: z
      .record(z.string(), z.number().nonnegative())
      .optional()
      .describe('File ages in seconds, by relative path. Files written here are otherwise 60 s old, so fresh-write guards do not sleep.'),
    remove: z.array(z.string()).optional().describe('Paths to delete (useful between steps).'),
  })
  .describe('How to prepare the temporary workspace.');

const stdin = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .describe('The hook input: an object is sent as JSON, a string as-is. ${WORKSPACE}, ${PROJECT_ROOT} and ${HOME} are replaced.');

const env = z.record(z.string(), z.string()).describe('Extra environment variables (placeholders replaced).');

const step = z.strictObject({
  name: z.string().optional(),
  workspace: workspace.optional().describe('Changes to the shared workspace before this step.'),
  stdin: stdin.optional(),
  env: env.optional(),
  expect: expectation,
});

export const caseSchema = z
  .strictObject({
    $schema: z.string().optional(),
    name: z.string().optional().describe('Shown in reports; default: the file path without .case.json.'),
    description: z.string().optional(),
    hook: z.string().optional().describe('Hook script, relative to the project root; run with bash unless interpreter says otherwise.'),
    interpreter: z.string().optional().describe('Interpreter for hook (bash, node, python3, ...).'),
    command: z.string().optional().describe('A shell command run with sh -c in the workspace, instead of hook.'),
    timeoutMs: z.number().int().positive().optional().describe('Kill the hook after this many ms. Default 10000.'),
    workspace: workspace.optional(),
    env: env.optional(),
    stdin: stdin.optional(),
    expect: expectation.optional().describe('For a single-step case.'),
    steps: z.array(step).min(1).optional().describe('A sequence of runs sharing one workspace.'),
  })
  .superRefine((value, ctx) => {
    if ((value.hook === undefined) === (value.command === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['hook'], message: 'give exactly one of "hook" or "command"' });
    }
    if ((value.expect === undefined) === (value.steps === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['expect'], message: 'give either "expect" (one run) or "steps" (a sequence), not both or neither' });
    }
    if (value.steps && value.stdin !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['stdin'], message: 'with "steps", put stdin inside each step' });
    }
  })
  .describe('A recorded hook case for `ralph-hooks test`.');

export type HookCase = z.infer<typeof caseSchema>;
export type CaseStep = z.infer<typeof step>;
export type Expectation = z.infer<typeof expectation>;
export type TextCheck = z.infer<typeof text>;
export type FileExpectation = z.infer<typeof fileExpectation>;
export type CaseWorkspace = z.infer<typeof workspace>;

/** A case file that cannot be used, with the field it fails on. */
export class CaseError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'CaseError';
  }
}

/** Parse and validate case file text; throws CaseError naming each bad field. */
export function parseCase(text: string, file: string): HookCase {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CaseError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  const result = caseSchema.safeParse(raw);
  if (!result.success) {
    throw new CaseError(
      file,
      result.error.issues.map((issue) => {
        const path = issue.path.map(String).join('.');
        return `${path || '(top level)'}: ${issue.message}`;
      }),
    );
  }
  return result.data;
}

/** The steps of a case: a single-step case becomes one step. */
export function caseSteps(hookCase: HookCase): CaseStep[] {
  return hookCase.steps ?? [{ stdin: hookCase.stdin, expect: hookCase.expect ?? {} }];
}

/** The JSON Schema for case files (draft 2020-12). */
export function caseJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(caseSchema, { io: 'input' }),
    title: 'ralph-hooks recorded hook case',
  };
}
