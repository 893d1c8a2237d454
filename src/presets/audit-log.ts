import { z } from '../zod.js';
import { projectPathOption } from './path-option.js';
import { contractTraits } from '../targets/contracts.js';
import type { Preset, PresetTarget } from './types.js';

/**
 * Audit log: an observe-phase PreToolUse hook (forgeflare) or a decision-less PreToolUse
 * hook (Claude Code) that appends one JSON line per tool call, blocked ones included.
 * Fail-open: it never blocks and never answers with a decision.
 */
export const auditLogOptions = z.strictObject({
  logFile: projectPathOption('.ralph-hooks/logs/audit.jsonl').default('.ralph-hooks/logs/audit.jsonl')
    .describe('JSON-lines log, relative to the project root.'),
  maxFieldChars: z.int().min(16).max(100000).default(500)
    .describe('String fields of the tool input longer than this are cut (file contents, long commands).'),
  logPrefix: z.string().regex(/^[\w.:-]+$/).default('ralph-audit'),
});

export type AuditLogOptions = z.infer<typeof auditLogOptions>;

export const auditLog: Preset<AuditLogOptions> = {
  id: 'audit-log',
  kind: 'audit-log',
  summary: 'Audit log: one JSON line per tool call (forgeflare observe phase, with the guard outcome)',
  options: auditLogOptions,
  files: (entry) => [{ template: 'audit-log/audit-log.sh.hbs', path: `${entry.name}.sh`, executable: true }],
  registrations: (entry, target?: PresetTarget) => contractTraits(target).phases
    ? [{ event: 'PreToolUse', phase: 'observe', script: `${entry.name}.sh`, timeout: entry.timeout }]
    : [{ event: 'PreToolUse', matcher: '*', script: `${entry.name}.sh`, timeout: entry.timeout }],
};
