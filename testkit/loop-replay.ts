/**
 * A simulator of Claude Code's Stop loop (claude-code-hooks.md §1.6) for a stop hook.
 *
 * Each iteration: Claude stops → the hook runs with `stop_hook_active` (false on a
 * natural stop, true when the previous continuation came from a Stop-hook block) → if the
 * hook blocks, the reason goes into the transcript as `Stop hook feedback:`, the scripted
 * agent replies (text, tool calls) and applies its actions to the workspace, and Claude
 * stops again. The loop ends when the hook lets Claude stop, after `maxIterations`, or when
 * the block cap trips: Claude Code honours `blockCap` consecutive blocks without a tool call
 * in between and lets Claude stop at the next one (a continuation that runs a tool resets the
 * counter). These rules are checked against the real Claude Code by
 * test/real-client/simulator-agreement.test.ts.
 */
import { rmSync } from 'node:fs';
import { formatFailure, type KeyValue } from './failure-message.js';
import { stopInput, type StopInput } from './inputs.js';
import { runHook, type HookResult, type HookSpec } from './run-hook.js';
import type { TranscriptBuilder } from './transcript.js';
import type { Workspace } from './workspace.js';

/** What the agent does to the workspace after a block. */
export type LoopAction =
  /** taskIndex + 1, taskIteration back to 1, globalIteration + 1. */
  | 'advance-task'
  /** taskIteration + 1 and globalIteration + 1: the task failed and is retried. */
  | 'retry-task'
  /** The agent's reply carries the completion signal (default `ALL_TASKS_COMPLETE`). */
  | 'complete'
  /** The state file is deleted (a cancel). */
  | 'delete-state'
  | ((workspace: Workspace, iteration: number) => void);

export interface AgentTurn {
  /** The assistant's text reply; it becomes `last_assistant_message` on the next stop. */
  reply?: string;
  /** Tool calls made during the continuation; any tool call resets the block-cap counter. */
  tools?: Array<{ name: string; input?: Record<string, unknown>; result?: string }>;
  actions?: LoopAction[];
}

export interface TurnContext {
  /** 1-based number of the block being answered. */
  iteration: number;
  /** The block's reason (Claude's next instruction). */
  reason: string;
  workspace: Workspace;
}

/** A list of turns (the last one repeats when it runs out) or a function of the context. */
export type AgentScript = AgentTurn[] | ((context: TurnContext) => AgentTurn);

export interface LoopReplayOptions {
  hook: HookSpec;
  workspace: Workspace;
  agent: AgentScript;
  /** The turn before the first stop. Default: one Task tool call and a short reply. */
  firstTurn?: AgentTurn;
  /** Safety limit on hook runs. Default 50. */
  maxIterations?: number;
  /** Claude Code's CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: blocks in a row it honours (the next one ends the loop); 0 turns it off. Default 8. */
  blockCap?: number;
  /** `claude-code` (default) sets stop_hook_active after a block; `never` always sends false. */
  stopHookActive?: 'claude-code' | 'never';
  completionSignal?: string;
  /** Extra fields for every Stop input. */
  input?: Partial<StopInput>;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

export interface LoopIteration {
  iteration: number;
  input: StopInput;
  result: HookResult;
  blocked: boolean;
  /** Why Claude continues: the block reason (exit 2: stderr). */
  reason?: string;
  consecutiveBlocks: number;
}

export type LoopEnd = 'stopped' | 'max-iterations' | 'block-cap';

export interface LoopReplayResult {
  endedBy: LoopEnd;
  /** Number of hook runs. */
  iterations: number;
  blocks: number;
  history: LoopIteration[];
  transcript: TranscriptBuilder;
}

/** Whether a Stop hook's result keeps Claude going, and with what instruction. */
export function stopDecision(result: HookResult): { blocked: boolean; reason?: string } {
  if (result.timedOut) return { blocked: false }; // a timed-out hook gives no decision (§1.1)
  if (result.exitCode === 2) return { blocked: true, reason: result.json?.reason as string | undefined ?? result.stderr.trim() };
  if (result.exitCode !== 0 || !result.json) return { blocked: false };
  if (result.json.continue === false) return { blocked: false };
  if (result.json.decision === 'block') return { blocked: true, reason: String(result.json.reason ?? '') };
  const specific = result.json.hookSpecificOutput as { additionalContext?: string } | undefined;
  if (specific?.additionalContext) return { blocked: true, reason: specific.additionalContext };
  return { blocked: false };
}

/** Run the loop until it ends; see the module comment for the rules. */
export async function replayStopLoop(options: LoopReplayOptions): Promise<LoopReplayResult> {
  const { workspace } = options;
  const maxIterations = options.maxIterations ?? 50;
  const blockCap = options.blockCap ?? 8;
  const transcript = workspace.transcript();
  const history: LoopIteration[] = [];
  let lastReply = applyTurn(options.firstTurn ?? { reply: 'Delegated task 1 to spec-executor.', tools: [{ name: 'Task' }] }, transcript, workspace, 0, options);
  let consecutive = 0;
  let blocks = 0;
  let active = false;

  for (let iteration = 1; ; iteration += 1) {
    transcript.write();
    const input = stopInput({
      cwd: workspace.dir,
      transcript_path: transcript.path,
      stop_hook_active: active,
      last_assistant_message: lastReply,
      ...options.input,
    });
    const result = await runHook(options.hook, input, { cwd: workspace.dir, env: options.env, timeoutMs: options.timeoutMs });
    const decision = stopDecision(result);
    const entry: LoopIteration = { iteration, input, result, blocked: decision.blocked, reason: decision.reason, consecutiveBlocks: 0 };
    history.push(entry);
    if (!decision.blocked) return { endedBy: 'stopped', iterations: iteration, blocks, history, transcript };

    blocks += 1;
    consecutive += 1;
    entry.consecutiveBlocks = consecutive;
    // The real client honours `blockCap` blocks in a row and overrides the one after (measured in 2.1.328).
    if (blockCap > 0 && consecutive > blockCap) return { endedBy: 'block-cap', iterations: iteration, blocks, history, transcript };
    if (iteration >= maxIterations) return { endedBy: 'max-iterations', iterations: iteration, blocks, history, transcript };

    transcript.stopHookFeedback(decision.reason ?? '');
    const turn = nextTurn(options.agent, { iteration, reason: decision.reason ?? '', workspace });
    if (turn.tools?.length) consecutive = 0;
    lastReply = applyTurn(turn, transcript, workspace, iteration, options);
    active = options.stopHookActive !== 'never';
  }
}

function nextTurn(agent: AgentScript, context: TurnContext): AgentTurn {
  if (typeof agent === 'function') return agent(context);
  return agent[Math.min(context.iteration - 1, agent.length - 1)] ?? {};
}

/** Write the turn into the transcript, apply its actions, and return its reply text. */
function applyTurn(turn: AgentTurn, transcript: TranscriptBuilder, workspace: Workspace, iteration: number, options: LoopReplayOptions): string {
  for (const tool of turn.tools ?? []) transcript.toolCall(tool.name, tool.input ?? {}, tool.result ?? 'ok');
  const completes = turn.actions?.includes('complete') ?? false;
  const reply = [turn.reply, completes ? (options.completionSignal ?? 'ALL_TASKS_COMPLETE') : undefined].filter(Boolean).join('\n');
  if (reply) transcript.assistant(reply);
  for (const action of turn.actions ?? []) applyAction(action, workspace, iteration);
  return reply;
}

function applyAction(action: LoopAction, workspace: Workspace, iteration: number): void {
  if (typeof action === 'function') return action(workspace, iteration);
  const state = () => workspace.readState();
  const nextGlobal = () => Number(state().globalIteration ?? 1) + 1;
  switch (action) {
    case 'advance-task':
      workspace.updateState({ taskIndex: Number(state().taskIndex ?? 0) + 1, taskIteration: 1, globalIteration: nextGlobal() });
      break;
    case 'retry-task':
      workspace.updateState({ taskIteration: Number(state().taskIteration ?? 1) + 1, globalIteration: nextGlobal() });
      break;
    case 'delete-state':
      rmSync(workspace.stateFile, { force: true });
      break;
    case 'complete':
      break; // written into the reply by applyTurn
  }
}

export class LoopAssertionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoopAssertionError';
  }
}

/** One line per hook run, for failure messages. */
export function describeHistory(result: LoopReplayResult): string {
  return result.history
    .map((it) => {
      const what = it.blocked ? `block (${it.consecutiveBlocks} in a row): ${(it.reason ?? '').split('\n')[0]}` : `stop (exit ${it.result.exitCode}${it.result.stderr ? `, stderr: ${it.result.stderr.trim().split('\n')[0]}` : ''})`;
      return `#${it.iteration} stop_hook_active=${it.input.stop_hook_active} → ${what}`;
    })
    .join('\n');
}

/** Assert how the loop ended, and optionally after how many hook runs and blocks. */
export function assertLoopEnd(result: LoopReplayResult, expected: { endedBy: LoopEnd; iterations?: number; blocks?: number }): void {
  const mismatches: KeyValue[] = [];
  if (result.endedBy !== expected.endedBy) mismatches.push(['ended by', `${result.endedBy} (expected ${expected.endedBy})`]);
  if (expected.iterations !== undefined && result.iterations !== expected.iterations) mismatches.push(['iterations', `${result.iterations} (expected ${expected.iterations})`]);
  if (expected.blocks !== undefined && result.blocks !== expected.blocks) mismatches.push(['blocks', `${result.blocks} (expected ${expected.blocks})`]);
  if (mismatches.length === 0) return;
  const want = Object.entries(expected).map(([k, v]) => `${k}=${v}`).join(', ');
  const got = `endedBy=${result.endedBy}, iterations=${result.iterations}, blocks=${result.blocks}`;
  throw new LoopAssertionError(formatFailure('stop loop did not end as expected', [['expected', want], ['actual', got], ['history', describeHistory(result)]]));
}
