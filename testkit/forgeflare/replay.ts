/**
 * Replays a recorded session through forgeflare's main loop (`run_turn` in forgeflare-hooks'
 * main.rs): the outer loop (one turn per user input) and the inner loop (one assistant
 * response at a time), with guard → dispatch → PostToolUse per call, the block counters
 * (3 consecutive, 10 total) and their `conversation.pop()`, the signal break after a
 * batch, max-tokens continuations (3 allowed, the 4th ends the turn; the count never resets
 * within a turn), a max-tokens response that carries tool calls (dispatched; calls with null
 * input dropped, and "[Response truncated]" when nothing is left), calls with null input in a
 * normal response (blocked without hooks or counters), an empty batch (ends the turn without
 * advancing `tool_iterations`), and the Stop hook with one of the seven reasons.
 *
 * Tools are not really run: each call carries its recorded result, or `execute` computes
 * one (and may change the workspace, which later hooks then see).
 */
import type { ForgeflareStopReason } from '../inputs.js';
import { HookRunner, readConvergence, type ConvergenceFile, type HookRunnerOptions, type PostToolResult } from './runner.js';

export const MAX_TOOL_ITERATIONS = 50;
export const MAX_CONSECUTIVE_BLOCKS = 3;
export const MAX_TOTAL_BLOCKS = 10;
export const MAX_CONTINUATIONS = 3;

/** forgeflare's pure tools: a batch made only of these takes the parallel path. */
export const PURE_TOOLS = ['Read', 'Glob', 'Grep'];

export interface ToolCall {
  tool: string;
  /** null: a truncated tool_use (forgeflare blocks it, or drops it from a max-tokens response). */
  input: Record<string, unknown> | null;
  /** The recorded result (default ''). */
  result?: string;
  isError?: boolean;
}

export type ReplayStep =
  /**
   * An assistant response with tool_use blocks (stop reason tool_use); `path` overrides the
   * pure-batch rule. No calls at all ends the turn (end_turn) without advancing tool_iterations.
   */
  | { calls: ToolCall[]; path?: 'sequential' | 'parallel'; tokens?: number }
  /** The API failed after recovery: the turn ends with api_error. */
  | { apiError: true }
  /**
   * A response cut at max_tokens. Text only (the default): forgeflare asks it to continue, 3
   * times per turn; the 4th ends the turn with continuation_cap. With `calls`: those with
   * null input are dropped and the rest dispatched; when nothing at all is left (`calls` all
   * null, or `empty`), the response is "[Response truncated]" and the turn ends with
   * continuation_cap.
   */
  | { maxTokens: true; tokens?: number; text?: string; calls?: ToolCall[]; empty?: boolean; path?: 'sequential' | 'parallel' };

export interface ReplayTurn {
  user?: string;
  steps: ReplayStep[];
}

export type Message =
  | { role: 'user'; text: string }
  | { role: 'assistant'; toolUses: ToolCall[] }
  | { role: 'assistant'; text: string }
  | { role: 'user'; continuation: string }
  | { role: 'user'; toolResults: { tool: string; content: string; isError: boolean }[] };

export interface CallRecord {
  turn: number;
  step: number;
  index: number;
  tool: string;
  toolIterations: number;
  blocked: boolean;
  /** The error ToolResult text for a blocked call. */
  reason?: string;
  blockedBy?: string;
  /** Whether the tool ran (an allowed call of a batch not abandoned before dispatch). */
  executed: boolean;
  /** Whether its guards ran: calls after a tripped threshold are never evaluated (and not listed in TurnOutcome.calls). */
  evaluated: boolean;
  result?: string;
  isError?: boolean;
  post?: PostToolResult;
}

export interface TurnOutcome {
  stopReason: ForgeflareStopReason;
  toolIterations: number;
  consecutiveBlocks: number;
  totalBlocks: number;
  totalTokens: number;
  /** The conversation as forgeflare would hold it when the turn ended. */
  conversation: Message[];
  calls: CallRecord[];
}

export interface ReplayOptions extends HookRunnerOptions {
  /** Project root: hooks run here, convergence.json lives under it. */
  cwd: string;
  /** Default `<cwd>/.forgeflare/hooks.toml`. */
  hooksToml?: string;
  /** A runner to use instead of loading hooks.toml. */
  runner?: HookRunner;
  /** One turn, given as its steps, or several turns (user inputs). */
  turns: ReplayTurn[] | ReplayStep[];
  /** MAX_TOOL_ITERATIONS; default 50. */
  maxToolIterations?: number;
  /** Tokens an assistant response costs when its step names none (default 1000). */
  tokensPerResponse?: number;
  /** Run a tool instead of replaying its recorded result. */
  execute?: (call: ToolCall, context: { turn: number; toolIterations: number }) => { result: string; isError?: boolean } | Promise<{ result: string; isError?: boolean }>;
}

export interface ReplayResult {
  turns: TurnOutcome[];
  /** The last turn's stop reason. */
  stopReason: ForgeflareStopReason;
  /** convergence.json after the replay (undefined when none was written). */
  convergence: ConvergenceFile | undefined;
  runner: HookRunner;
}

/** forgeflare's recover_conversation: drop a trailing user message, then an assistant message of tool_use blocks only and the user message before it. */
function recoverConversation(messages: Message[]): void {
  if (messages.length <= 1) return;
  if (messages[messages.length - 1]!.role === 'user') messages.pop();
  if (messages.length > 1) {
    const last = messages[messages.length - 1]!;
    if (last.role === 'assistant' && 'toolUses' in last) {
      messages.pop();
      if (messages.length > 1 && messages[messages.length - 1]!.role === 'user') messages.pop();
    }
  }
}

const NULL_INPUT_RESULT = 'null input (truncated tool_use)';
const CONTINUE_PROMPT = 'Continue from where you left off.';

/** Replay a session; resolves when every turn has ended. */
export async function replayForgeflare(options: ReplayOptions): Promise<ReplayResult> {
  const runner = options.runner ?? HookRunner.load(options.hooksToml ?? '.forgeflare/hooks.toml', options.cwd, options);
  const maxIterations = options.maxToolIterations ?? MAX_TOOL_ITERATIONS;
  const turns: ReplayTurn[] = options.turns.length > 0 && 'steps' in (options.turns[0] as object)
    ? (options.turns as ReplayTurn[])
    : [{ steps: options.turns as ReplayStep[] }];
  const execute = options.execute ?? ((call: ToolCall) => ({ result: call.result ?? '', isError: call.isError ?? false }));

  // Startup: a stale convergence.json is deleted before the loop (R8).
  runner.clearConvergenceState();
  const outcomes: TurnOutcome[] = [];
  const conversation: Message[] = [];

  for (const [turnIndex, turn] of turns.entries()) {
    // Block counters and tool_iterations are per user input (R6).
    let toolIterations = 0;
    let consecutiveBlocks = 0;
    let totalBlocks = 0;
    let continuations = 0; // never reset within a turn
    let totalTokens = 0; // per turn, as run_turn counts it
    let stopReason: ForgeflareStopReason | undefined;
    const calls: CallRecord[] = [];
    conversation.push({ role: 'user', text: turn.user ?? `turn ${turnIndex + 1}` });

    for (const [stepIndex, step] of turn.steps.entries()) {
      if (toolIterations >= maxIterations) {
        recoverConversation(conversation);
        stopReason = 'iteration_limit';
        break;
      }
      if ('apiError' in step) {
        recoverConversation(conversation);
        stopReason = 'api_error';
        break;
      }
      totalTokens += step.tokens ?? options.tokensPerResponse ?? 1000;
      let stepCalls: ToolCall[];
      if ('maxTokens' in step) {
        // filter_null_input_tool_use, then classify_max_tokens.
        const kept = (step.calls ?? []).filter((c) => c.input !== null);
        const text = step.empty || (step.calls !== undefined && step.text === undefined) ? undefined : (step.text ?? 'partial answer');
        if (kept.length === 0 && (text === undefined || text === '[Response truncated]')) {
          conversation.push({ role: 'assistant', text: '[Response truncated]' });
          stopReason = 'continuation_cap';
          break;
        }
        if (kept.length === 0) {
          conversation.push({ role: 'assistant', text: text! });
          if (continuations < MAX_CONTINUATIONS) {
            continuations++;
            conversation.push({ role: 'user', continuation: CONTINUE_PROMPT });
            continue;
          }
          stopReason = 'continuation_cap';
          break;
        }
        stepCalls = kept;
      } else {
        stepCalls = step.calls;
      }
      conversation.push({ role: 'assistant', toolUses: stepCalls });
      if (stepCalls.length === 0) {
        // A response with no tool_use blocks ends the turn; tool_iterations stays.
        stopReason = 'end_turn';
        break;
      }

      const parallel = step.path ? step.path === 'parallel' : stepCalls.every((c) => PURE_TOOLS.includes(c.tool));
      const records: CallRecord[] = stepCalls.map((c, index) => ({
        turn: turnIndex, step: stepIndex, index, tool: c.tool, toolIterations, blocked: false, executed: false, evaluated: false,
      }));
      let tripped: 'block_limit_consecutive' | 'block_limit_total' | undefined;
      let signalBreak = false;

      const block = (record: CallRecord, reason: string, blockedBy: string) => {
        Object.assign(record, { blocked: true, reason, blockedBy, result: reason, isError: true });
        consecutiveBlocks++;
        totalBlocks++;
        // Both tripping at once: consecutive fired first (R6).
        if (consecutiveBlocks >= MAX_CONSECUTIVE_BLOCKS) {
          tripped = 'block_limit_consecutive';
          runner.warn(`Consecutive block limit (${MAX_CONSECUTIVE_BLOCKS}) reached`);
        } else if (totalBlocks >= MAX_TOTAL_BLOCKS) {
          tripped = 'block_limit_total';
          runner.warn(`Total block limit (${MAX_TOTAL_BLOCKS}) reached`);
        }
      };
      /** run_pre_dispatch: a null input is blocked before any hook, and counts as no block. */
      const preDispatch = async (record: CallRecord, call: ToolCall): Promise<'allow' | 'blocked'> => {
        if (call.input === null) {
          Object.assign(record, { blocked: true, reason: NULL_INPUT_RESULT, result: NULL_INPUT_RESULT, isError: true });
          return 'blocked';
        }
        const pre = await runner.runPreToolUse(call.tool, call.input, toolIterations);
        if (pre.kind === 'block') {
          block(record, pre.reason, pre.blockedBy);
          return 'blocked';
        }
        consecutiveBlocks = 0;
        return 'allow';
      };
      const dispatch = async (record: CallRecord, call: ToolCall) => {
        const done = await execute(call, { turn: turnIndex, toolIterations });
        Object.assign(record, { executed: true, result: done.result, isError: done.isError ?? false });
      };

      if (!parallel) {
        // Sequential path (R9): guard, observe, dispatch, PostToolUse, per call.
        for (const [i, call] of stepCalls.entries()) {
          const record = records[i]!;
          record.evaluated = true;
          if ((await preDispatch(record, call)) === 'blocked') {
            if (tripped) break; // threshold_tripped: stop evaluating the batch
            continue;
          }
          await dispatch(record, call);
          record.post = await runner.runPostToolUse(call.tool, call.input, record.result ?? '', record.isError ?? false, toolIterations);
          if (record.post.kind === 'signal') signalBreak = true;
        }
      } else {
        // Parallel path (R9): every guard first, the threshold checked before each spawn;
        // consecutive resets at guard-allow time; PostToolUse after join_all, in slot order.
        const spawned: number[] = [];
        for (const [i, call] of stepCalls.entries()) {
          records[i]!.evaluated = true;
          if ((await preDispatch(records[i]!, call)) === 'blocked') {
            if (tripped) break;
          } else {
            spawned.push(i);
          }
        }
        // join_all: spawned tools complete even when the batch is abandoned.
        await Promise.all(spawned.map((i) => dispatch(records[i]!, stepCalls[i]!)));
        if (!tripped) {
          for (const i of spawned) {
            const record = records[i]!;
            record.post = await runner.runPostToolUse(record.tool, stepCalls[i]!.input, record.result ?? '', record.isError ?? false, toolIterations);
            if (record.post.kind === 'signal') signalBreak = true;
          }
        }
      }
      calls.push(...records.filter((r) => r.evaluated));

      if (tripped) {
        // conversation.pop(): the trailing Assistant(tool_use×N) goes; no tool_results are
        // sent and tool_iterations does not advance. Takes precedence over signal_break.
        conversation.pop();
        stopReason = tripped;
        break;
      }
      conversation.push({ role: 'user', toolResults: records.map((r) => ({ tool: r.tool, content: r.result ?? '', isError: r.isError ?? false })) });
      toolIterations++;
      if (signalBreak) {
        stopReason = 'convergence_signal';
        break;
      }
    }
    if (stopReason === undefined) {
      // The script ran out of tool calls: the model answered with text (StopReason::EndTurn),
      // unless the ceiling was reached with the last batch.
      stopReason = toolIterations >= maxIterations ? 'iteration_limit' : 'end_turn';
      if (stopReason === 'end_turn') conversation.push({ role: 'assistant', text: 'done' });
      else recoverConversation(conversation);
    }
    await runner.runStop(stopReason, toolIterations, totalTokens);
    outcomes.push({ stopReason, toolIterations, consecutiveBlocks, totalBlocks, totalTokens, conversation: [...conversation], calls });
  }

  return { turns: outcomes, stopReason: outcomes[outcomes.length - 1]!.stopReason, convergence: readConvergence(options.cwd), runner };
}
