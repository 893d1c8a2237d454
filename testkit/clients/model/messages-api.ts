/**
 * The Anthropic Messages API, as Claude Code calls it: `POST /v1/messages` answered with a
 * streamed turn (server-sent events: message_start, content_block_start/delta/stop for text and
 * tool_use blocks, message_delta with the stop reason, message_stop) or a JSON message when the
 * request does not stream, plus the auxiliary endpoints Claude Code touches (token counting).
 */
import type { ServerResponse } from 'node:http';
import type { ProtocolAdapter, RecordedRequest, Turn, ModelTurnContext } from './model-server.js';
import { shellToolFor } from '../shell-tools.js';

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** The content blocks and stop reason a turn becomes; `shell` calls the shell tool the request offers. */
export function messagesContent(turn: Turn, ctx: Pick<ModelTurnContext, 'id'>, requestBody: unknown = null): { content: Block[]; stopReason: string } {
  const shellTool = shellToolFor(requestBody);
  const content: Block[] = [];
  if (turn.text !== undefined && turn.text !== '') content.push({ type: 'text', text: turn.text });
  const shell = turn.shell === undefined ? [] : Array.isArray(turn.shell) ? turn.shell : [turn.shell];
  for (const command of shell) {
    content.push({ type: 'tool_use', id: ctx.id('toolu_'), name: shellTool.name, input: shellTool.input(command) });
  }
  for (const tool of turn.tools ?? []) {
    content.push({ type: 'tool_use', id: ctx.id('toolu_'), name: tool.name, input: tool.input });
  }
  if (content.length === 0) content.push({ type: 'text', text: '' });
  const calls = content.some((b) => b.type === 'tool_use');
  return { content, stopReason: turn.stopReason ?? (calls ? 'tool_use' : 'end_turn') };
}

function modelOf(request: RecordedRequest): string {
  const body = request.body as { model?: unknown } | null;
  return typeof body?.model === 'string' ? body.model : 'claude-scripted';
}

/** A rough token count, enough for a client's bookkeeping. */
function roughTokens(raw: string): number {
  return Math.max(1, Math.ceil(raw.length / 4));
}

function sse(res: ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function streamTurn(request: RecordedRequest, turn: Turn, res: ServerResponse, ctx: ModelTurnContext): void {
  const { content, stopReason } = messagesContent(turn, ctx, request.body);
  const input = turn.inputTokens ?? roughTokens(request.raw);
  const cacheRead = turn.cacheReadTokens ?? 0;
  const cacheWrite = turn.cacheWriteTokens ?? 0;
  const usage = { input_tokens: input, output_tokens: 1, cache_creation_input_tokens: cacheWrite, cache_read_input_tokens: cacheRead };
  const outputTokens = roughTokens(JSON.stringify(content));
  ctx.reportUsage?.({ input, output: outputTokens, cacheRead, cacheWrite });
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'request-id': ctx.id('req_'),
  });
  sse(res, 'message_start', {
    type: 'message_start',
    message: {
      id: ctx.id('msg_'),
      type: 'message',
      role: 'assistant',
      model: modelOf(request),
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
  content.forEach((block, index) => {
    if (block.type === 'text') {
      sse(res, 'content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      if (block.text) {
        sse(res, 'content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
      }
    } else {
      sse(res, 'content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      sse(res, 'content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    }
    sse(res, 'content_block_stop', { type: 'content_block_stop', index });
  });
  sse(res, 'message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokens },
  });
  sse(res, 'message_stop', { type: 'message_stop' });
  res.end();
}

function jsonTurn(request: RecordedRequest, turn: Turn, res: ServerResponse, ctx: ModelTurnContext): void {
  const { content, stopReason } = messagesContent(turn, ctx, request.body);
  const input = turn.inputTokens ?? roughTokens(request.raw);
  const outputTokens = roughTokens(JSON.stringify(content));
  const cacheRead = turn.cacheReadTokens ?? 0;
  const cacheWrite = turn.cacheWriteTokens ?? 0;
  ctx.reportUsage?.({ input, output: outputTokens, cacheRead, cacheWrite });
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': ctx.id('req_') });
  res.end(
    JSON.stringify({
      id: ctx.id('msg_'),
      type: 'message',
      role: 'assistant',
      model: modelOf(request),
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: input, output_tokens: outputTokens, cache_creation_input_tokens: cacheWrite, cache_read_input_tokens: cacheRead },
    }),
  );
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The Messages API adapter for `startScriptedModel({ protocol: 'messages' })`. */
export const messagesApi: ProtocolAdapter = {
  name: 'messages',
  isModelCall: (request) => request.method === 'POST' && /\/v1\/messages\/?$/.test(request.path),
  respondTurn(request, turn, res, ctx) {
    const body = request.body as { stream?: unknown } | null;
    if (body?.stream === true) streamTurn(request, turn, res, ctx);
    else jsonTurn(request, turn, res, ctx);
  },
  respondOther(request, res) {
    if (request.method === 'POST' && /\/v1\/messages\/count_tokens\/?$/.test(request.path)) {
      json(res, 200, { input_tokens: roughTokens(request.raw) });
      return;
    }
    if (request.method === 'GET' && /\/v1\/models\/?$/.test(request.path)) {
      json(res, 200, { data: [], has_more: false, first_id: null, last_id: null });
      return;
    }
    if (request.method === 'HEAD' || (request.method === 'GET' && (request.path === '/' || request.path === ''))) {
      json(res, 200, {});
      return;
    }
    json(res, 404, { type: 'error', error: { type: 'not_found_error', message: `scripted model: no route ${request.method} ${request.path}` } });
  },
};
