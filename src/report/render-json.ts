/**
 * `ralph-hooks report --format json`: the documented, versioned shape (docs/reports.md), and
 * nothing else. A new field is a new version; a figure not given is null, never 0.
 */
import type { IterationReport, SessionReport, Tokens } from './build.js';

export const REPORT_JSON_VERSION = 1;

export interface ReportJson {
  version: typeof REPORT_JSON_VERSION;
  sessions: Array<
    Pick<SessionReport, 'id' | 'agent' | 'preset' | 'started' | 'ended' | 'endReason' | 'totals'> & {
      iterations: Array<Pick<IterationReport, 'n' | 'start' | 'durationMs' | 'tokens' | 'costUsd' | 'toolCalls' | 'denials' | 'task' | 'decision' | 'reason'>>;
    }
  >;
}

const tokens = (t: Tokens): Tokens => ({ input: t.input, output: t.output, cacheRead: t.cacheRead, cacheWrite: t.cacheWrite });

export function reportJson(sessions: SessionReport[]): ReportJson {
  return {
    version: REPORT_JSON_VERSION,
    sessions: sessions.map((s) => ({
      id: s.id,
      agent: s.agent,
      preset: s.preset,
      started: s.started,
      ended: s.ended,
      endReason: s.endReason,
      iterations: s.iterations.map((it) => ({
        n: it.n,
        start: it.start,
        durationMs: it.durationMs,
        tokens: tokens(it.tokens),
        costUsd: it.costUsd,
        toolCalls: it.toolCalls,
        denials: it.denials,
        task: it.task,
        decision: it.decision,
        reason: it.reason,
      })),
      totals: { iterations: s.totals.iterations, durationMs: s.totals.durationMs, tokens: tokens(s.totals.tokens), costUsd: s.totals.costUsd },
    })),
  };
}

/** Two-space JSON for a person; one line per iteration would not be shorter to read. */
export function renderJson(sessions: SessionReport[]): string {
  return `${JSON.stringify(reportJson(sessions), null, 2)}\n`;
}
