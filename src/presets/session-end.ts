import { z } from '../zod.js';
import { projectPathOption } from './path-option.js';
import { contractTraits } from '../targets/contracts.js';
import type { Preset, PresetTarget } from './types.js';

/**
 * Session end: forgeflare's Stop hook (reason, tool_iterations, total_tokens) or Claude
 * Code's SessionEnd; appends one JSON line to a log. Fail-open; its answer never changes
 * control flow (seed 002, R3).
 */
export const sessionEndOptions = z.strictObject({
  logFile: projectPathOption('.ralph-hooks/logs/sessions.jsonl').default('.ralph-hooks/logs/sessions.jsonl')
    .describe('JSON-lines log, relative to the project root: time, event, reason, tool_iterations, total_tokens, session_id.'),
  logPrefix: z.string().regex(/^[\w.:-]+$/).default('ralph-session-end'),
});

export type SessionEndOptions = z.infer<typeof sessionEndOptions>;

export const sessionEnd: Preset<SessionEndOptions> = {
  id: 'session-end',
  kind: 'session-end',
  summary: 'Session end: logs why the run stopped (forgeflare Stop reason, iterations, tokens; Claude Code SessionEnd)',
  options: sessionEndOptions,
  files: (entry) => [{ template: 'session-end/session-end.sh.hbs', path: `${entry.name}.sh`, executable: true }],
  registrations: (entry, target?: PresetTarget) => [{ event: contractTraits(target).sessionEndEvent, script: `${entry.name}.sh`, timeout: entry.timeout }],
};
