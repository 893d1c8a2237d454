/**
 * The OpenAI Chat Completions API, as Qwen Code calls it (`--auth-type openai`): `POST
 * /v1/chat/completions` (or `/chat/completions`) answered with a streamed turn (server-sent
 * `data: {chunk}` lines: a role chunk, text deltas, tool_calls deltas by index with id,
 * function.name and arguments, a chunk with the finish reason, a usage chunk, then `data:
 * [DONE]`) or one JSON completion when the request does not stream, plus `GET /models`; and a
 * reader for what the client sent back (assistant tool_calls, role "tool" results by
 * tool_call_id, user and system texts).
 *
 * A Turn's `shell` calls the shell tool the request offers (`shellToolFor`: Qwen Code's
 * `run_shell_command`), and the reader reports every shell call as `Bash {command}`.
 */
import type { ServerResponse } from 'node:http';
import type { ConversationReader, ToolExchange } from './conversation.js';
import type { ModelTurnContext, ProtocolAdapter, RecordedRequest, Turn } from './model-server.js';
import { canonicalCall, shellToolFor } from './shell-tools.js';
import { firstSeenTexts } from './first-seen.js';
import { isJsonObject } from '../../src/json-text.js';
import { contentText } from './content-text.js';

/** The model `GET /models` lists by default. */
export const CHAT_COMPLETIONS_MODEL = 'scripted';

/** One tool call of an assistant message. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The assistant message a turn becomes, with its finish reason. */
export interface ChatCompletionAnswer {
  content: string | null;
  toolCalls: ChatToolCall[];
  finishReason: 'stop' | 'tool_calls' | 'length';
}

const FINISH: Record<NonNullable<Turn['stopReason']>, ChatCompletionAnswer['finishReason']> = {
  end_turn: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
};

/** The assistant message a turn becomes; `shell` calls the shell tool the request offers. */
export function chatCompletionsAnswer(turn: Turn, ctx: Pick<ModelTurnContext, 'id'>, requestBody: unknown = null): ChatCompletionAnswer {
  const shellTool = shellToolFor(requestBody);
  const toolCalls: ChatToolCall[] = [];
  const call = (name: string, input: Record<string, unknown>) =>
    toolCalls.push({ id: ctx.id('call_'), type: 'function', function: { name, arguments: JSON.stringify(input) } });
  const shell = turn.shell === undefined ? [] : Array.isArray(turn.shell) ? turn.shell : [turn.shell];
  for (const command of shell) call(shellTool.name, shellTool.input(command));
  for (const tool of turn.tools ?? []) call(tool.name, tool.input);
  const content = turn.text !== undefined && turn.text !== '' ? turn.text : toolCalls.length ? null : '';
  return { content, toolCalls, finishReason: turn.stopReason ? FINISH[turn.stopReason] : toolCalls.length ? 'tool_calls' : 'stop' };
}

function roughTokens(raw: string): number {
  return Math.max(1, Math.ceil(raw.length / 4));
}

function modelOf(request: RecordedRequest): string {
  const body = request.body as { model?: unknown } | null;
  return typeof body?.model === 'string' ? body.model : CHAT_COMPLETIONS_MODEL;
}

function usageOf(request: RecordedRequest, answer: ChatCompletionAnswer) {
  const prompt = roughTokens(request.raw);
  const completion = roughTokens(JSON.stringify([answer.content, answer.toolCalls]));
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function streamTurn(request: RecordedRequest, turn: Turn, res: ServerResponse, ctx: ModelTurnContext): void {
  const answer = chatCompletionsAnswer(turn, ctx, request.body);
  const base = { id: ctx.id('chatcmpl-'), object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: modelOf(request), system_fingerprint: null };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-request-id': ctx.id('req_') });
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => res.write(`data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`);
  const delta = (value: Record<string, unknown>, finishReason: string | null = null) => chunk([{ index: 0, delta: value, logprobs: null, finish_reason: finishReason }]);
  delta({ role: 'assistant', content: '' });
  if (answer.content) delta({ content: answer.content });
  answer.toolCalls.forEach((call, index) => {
    delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
    delta({ tool_calls: [{ index, function: { arguments: call.function.arguments } }] });
  });
  delta({}, answer.finishReason);
  // Sent whether or not stream_options.include_usage asked for it: clients that did not ask ignore a chunk without choices.
  chunk([], { usage: usageOf(request, answer) });
  res.write('data: [DONE]\n\n');
  res.end();
}

function jsonTurn(request: RecordedRequest, turn: Turn, res: ServerResponse, ctx: ModelTurnContext): void {
  const answer = chatCompletionsAnswer(turn, ctx, request.body);
  json(res, 200, {
    id: ctx.id('chatcmpl-'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: modelOf(request),
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer.content, ...(answer.toolCalls.length ? { tool_calls: answer.toolCalls } : {}), refusal: null },
        logprobs: null,
        finish_reason: answer.finishReason,
      },
    ],
    usage: usageOf(request, answer),
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A Chat Completions adapter whose `GET /models` lists `models`. */
export function createChatCompletionsApi(options: { models?: string[] } = {}): ProtocolAdapter {
  const models = options.models ?? [CHAT_COMPLETIONS_MODEL];
  return {
    name: 'chat-completions',
    isModelCall: (request) => request.method === 'POST' && /(^|\/)chat\/completions\/?$/.test(request.path),
    respondTurn(request, turn, res, ctx) {
      const body = request.body as { stream?: unknown } | null;
      if (body?.stream === true) streamTurn(request, turn, res, ctx);
      else jsonTurn(request, turn, res, ctx);
    },
    respondOther(request, res) {
      if (request.method === 'GET' && /(^|\/)models\/?$/.test(request.path)) {
        json(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'scripted' })) });
        return;
      }
      const model = /(^|\/)models\/([^/]+)$/.exec(request.path);
      if (request.method === 'GET' && model) {
        json(res, 200, { id: decodeURIComponent(model[2]), object: 'model', created: 0, owned_by: 'scripted' });
        return;
      }
      json(res, 404, { error: { type: 'not_found', message: `scripted model: no route ${request.method} ${request.path}`, code: null, param: null } });
    },
  };
}

/** The Chat Completions adapter for `startScriptedModel({ protocol: 'chat-completions' })`. */
export const chatCompletionsApi: ProtocolAdapter = createChatCompletionsApi();

type Json = Record<string, unknown>;

function messagesOf(request: RecordedRequest): Json[] {
  const body = request.body;
  if (!isJsonObject(body) || !Array.isArray(body.messages)) return [];
  return body.messages.filter(isJsonObject);
}

function parseArguments(raw: unknown): Json {
  if (isJsonObject(raw)) return raw;
  try {
    const parsed = JSON.parse(String(raw ?? '{}')) as unknown;
    return isJsonObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * Chat Completions has no error flag on a tool result, so this reads the text: `{"error": …}`
 * (a failed call, as OpenAI-style clients send it) or a shell tool's `Exit Code: N` with N ≠ 0.
 * A hook's denial cannot be told apart from output: Qwen Code (0.24.4) sends only the deny
 * reason as the tool message, so a denied call reads as isError false here.
 */
export function chatToolResultIsError(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      if (isJsonObject(parsed) && 'error' in parsed && parsed.error) return true;
    } catch {
      /* plain text */
    }
  }
  const code = /^Exit Code: (\d+)/m.exec(text);
  return code !== null && code[1] !== '0';
}

/**
 * The Chat Completions reader (Qwen Code with `--auth-type openai`). Shell calls are reported
 * as `Bash {command}` (canonicalCall); the leading system messages of each request (the
 * system prompt) are left out of `texts`.
 */
export const chatCompletionsConversation: ConversationReader = {
  toolCalls(requests) {
    const calls = new Map<string, ToolExchange>();
    for (const request of requests) {
      if (!request.modelCall) continue;
      for (const message of messagesOf(request)) {
        if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
          for (const call of message.tool_calls) {
            if (!isJsonObject(call) || typeof call.id !== 'string' || calls.has(call.id)) continue;
            const fn = isJsonObject(call.function) ? call.function : {};
            calls.set(call.id, { id: call.id, ...canonicalCall(String(fn.name), parseArguments(fn.arguments)), result: null, isError: false });
          }
        } else if (message.role === 'tool' && typeof message.tool_call_id === 'string') {
          const call = calls.get(message.tool_call_id);
          if (call && call.result === null) {
            call.result = contentText(message.content);
            call.isError = chatToolResultIsError(call.result);
          }
        }
      }
    }
    return [...calls.values()];
  },
  texts(requests) {
    const { add, texts } = firstSeenTexts();
    for (const request of requests) {
      if (!request.modelCall) continue;
      let leading = true;
      for (const message of messagesOf(request)) {
        if (message.role === 'system' || message.role === 'developer') {
          if (!leading) add(contentText(message.content));
          continue;
        }
        leading = false;
        if (message.role !== 'user' && message.role !== 'tool') continue;
        // One text per content part, as the Messages reader reports one per block.
        if (Array.isArray(message.content)) for (const part of message.content) add(contentText([part]));
        else add(contentText(message.content));
      }
    }
    return texts;
  },
};

const isChatCompletionsCall = (request: RecordedRequest) => /(^|\/)chat\/completions\/?$/.test(request.path);

/**
 * A reader for a client that speaks Chat Completions or another protocol (Qwen Code: the
 * Messages API by default): the chat/completions requests are read by
 * `chatCompletionsConversation`, the rest by `other`.
 */
export function withChatCompletions(other: ConversationReader): ConversationReader {
  const split = (requests: RecordedRequest[]) => [requests.filter(isChatCompletionsCall), requests.filter((r) => !isChatCompletionsCall(r))] as const;
  return {
    toolCalls(requests) {
      const [chat, rest] = split(requests);
      return [...other.toolCalls(rest), ...chatCompletionsConversation.toolCalls(chat)];
    },
    texts(requests) {
      const [chat, rest] = split(requests);
      return [...new Set([...other.texts(rest), ...chatCompletionsConversation.texts(chat)])];
    },
  };
}
