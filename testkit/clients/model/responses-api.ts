/**
 * The OpenAI Responses API, as Codex CLI calls it (`wire_api = "responses"`): `POST
 * /v1/responses` answered with a streamed turn (server-sent events: response.created, then per
 * output item response.output_item.added, response.output_text.delta for text,
 * response.output_item.done, and response.completed), plus a reader for what Codex sent back
 * (function_call / function_call_output items, user and developer messages, `<hook_prompt>`s).
 *
 * A Turn's `shell` becomes a call to Codex's shell tool, `exec_command` with `{cmd}`; Codex's
 * hooks see that call as tool_name "Bash" with tool_input.command, and so does the reader here.
 */
import type { ServerResponse } from 'node:http';
import type { ConversationReader, ToolExchange } from './conversation.js';
import type { ModelTurnContext, ProtocolAdapter, RecordedRequest, Turn } from './model-server.js';
import { firstSeenTexts } from '../first-seen.js';
import { isJsonObject } from '../../../src/util/json-text.js';
import { contentText } from './content-text.js';

/** Codex's shell tool (0.169.0, unified exec): arguments `{cmd, workdir?, …}`. */
export const CODEX_SHELL_TOOL = 'exec_command';

type OutputItem =
  | { type: 'message'; id: string; role: 'assistant'; status: 'completed'; content: { type: 'output_text'; text: string; annotations: [] }[] }
  | { type: 'function_call'; id: string; call_id: string; name: string; arguments: string; status: 'completed' };

/** The output items a turn becomes. */
export function responsesOutput(turn: Turn, ctx: Pick<ModelTurnContext, 'id'>): OutputItem[] {
  const items: OutputItem[] = [];
  if (turn.text !== undefined && turn.text !== '') {
    items.push({ type: 'message', id: ctx.id('msg_'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: turn.text, annotations: [] }] });
  }
  const shell = turn.shell === undefined ? [] : Array.isArray(turn.shell) ? turn.shell : [turn.shell];
  const call = (name: string, input: Record<string, unknown>): OutputItem => ({
    type: 'function_call',
    id: ctx.id('fc_'),
    call_id: ctx.id('call_'),
    name,
    arguments: JSON.stringify(input),
    status: 'completed',
  });
  for (const command of shell) items.push(call(CODEX_SHELL_TOOL, { cmd: command }));
  for (const tool of turn.tools ?? []) items.push(call(tool.name, tool.input));
  if (items.length === 0) {
    items.push({ type: 'message', id: ctx.id('msg_'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: '', annotations: [] }] });
  }
  return items;
}

function roughTokens(raw: string): number {
  return Math.max(1, Math.ceil(raw.length / 4));
}

function sse(res: ServerResponse, data: { type: string } & Record<string, unknown>): void {
  res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
}

function modelOf(request: RecordedRequest): string {
  const body = request.body as { model?: unknown } | null;
  return typeof body?.model === 'string' ? body.model : 'scripted';
}

function streamTurn(request: RecordedRequest, turn: Turn, res: ServerResponse, ctx: ModelTurnContext): void {
  const id = ctx.id('resp_');
  const output = responsesOutput(turn, ctx);
  const base = { id, object: 'response', model: modelOf(request), created_at: Math.floor(Date.now() / 1000) };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-request-id': ctx.id('req_') });
  let sequence = 0;
  const send = (data: { type: string } & Record<string, unknown>) => sse(res, { ...data, sequence_number: sequence++ });
  send({ type: 'response.created', response: { ...base, status: 'in_progress', output: [] } });
  output.forEach((item, index) => {
    if (item.type === 'message') {
      send({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress', content: [] } });
      const text = item.content[0]?.text ?? '';
      if (text) send({ type: 'response.output_text.delta', output_index: index, content_index: 0, item_id: item.id, delta: text });
      send({ type: 'response.output_text.done', output_index: index, content_index: 0, item_id: item.id, text });
    } else {
      send({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress', arguments: '' } });
      send({ type: 'response.function_call_arguments.delta', output_index: index, item_id: item.id, delta: item.arguments });
      send({ type: 'response.function_call_arguments.done', output_index: index, item_id: item.id, arguments: item.arguments });
    }
    send({ type: 'response.output_item.done', output_index: index, item });
  });
  const input = turn.inputTokens ?? roughTokens(request.raw);
  const outputTokens = roughTokens(JSON.stringify(output));
  const cacheRead = turn.cacheReadTokens ?? 0;
  const cacheWrite = turn.cacheWriteTokens ?? 0;
  ctx.reportUsage?.({ input, output: outputTokens, cacheRead, cacheWrite });
  // A turn that names no cache writes gets no cache_write_tokens, as the API answered before it had the field.
  const details = turn.cacheWriteTokens === undefined ? { cached_tokens: cacheRead } : { cached_tokens: cacheRead, cache_write_tokens: cacheWrite };
  // The Responses API counts the whole prompt in input_tokens, the cached part and the part
  // written to the cache included; the details say how much of it each was.
  const prompt = input + cacheRead + cacheWrite;
  send({
    type: 'response.completed',
    response: {
      ...base,
      status: 'completed',
      output,
      usage: {
        input_tokens: prompt,
        input_tokens_details: details,
        output_tokens: outputTokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: prompt + outputTokens,
      },
    },
  });
  res.end();
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The Responses API adapter for `startScriptedModel({ protocol: 'responses' })`. */
export const responsesApi: ProtocolAdapter = {
  name: 'responses',
  isModelCall: (request) => request.method === 'POST' && /\/responses\/?$/.test(request.path),
  respondTurn(request, turn, res, ctx) {
    // Codex always streams; a non-streaming caller gets the same turn as one SSE body, which it can still read.
    streamTurn(request, turn, res, ctx);
  },
  respondOther(request, res) {
    if (request.method === 'GET' && /\/models\/?$/.test(request.path)) {
      json(res, 200, { object: 'list', data: [], models: [] });
      return;
    }
    json(res, 404, { error: { type: 'not_found', message: `scripted model: no route ${request.method} ${request.path}` } });
  },
};

type Json = Record<string, unknown>;

function inputItems(request: RecordedRequest): Json[] {
  const body = request.body;
  if (!isJsonObject(body) || !Array.isArray(body.input)) return [];
  return body.input.filter(isJsonObject);
}

/** Codex prefixes a denied call's output with this (0.169.0). */
const BLOCKED = /^Command blocked by (PreToolUse|PermissionRequest) hook/;
const EXIT_CODE = /Process exited with code (\d+)/;

/**
 * The Responses API reader (Codex). A call to the shell tool is reported as Codex's hooks see
 * it, name "Bash" and input {command}, so scenarios can check shell calls in either client.
 */
export const responsesConversation: ConversationReader = {
  toolCalls(requests) {
    const calls = new Map<string, ToolExchange>();
    for (const request of requests) {
      if (!request.modelCall) continue;
      for (const item of inputItems(request)) {
        if (item.type === 'function_call' && typeof item.call_id === 'string' && !calls.has(item.call_id)) {
          let args: Json = {};
          try {
            const parsed = JSON.parse(String(item.arguments ?? '{}')) as unknown;
            if (isJsonObject(parsed)) args = parsed;
          } catch {
            args = {};
          }
          const shell = item.name === CODEX_SHELL_TOOL;
          const { cmd, ...rest } = args;
          calls.set(item.call_id, {
            id: item.call_id,
            name: shell ? 'Bash' : String(item.name),
            input: shell ? { command: cmd, ...rest } : args,
            result: null,
            isError: false,
          });
        } else if (item.type === 'function_call_output' && typeof item.call_id === 'string') {
          const call = calls.get(item.call_id);
          if (call && call.result === null) {
            const output = isJsonObject(item.output) ? contentText(item.output.content) : typeof item.output === 'string' ? item.output : contentText(item.output);
            call.result = output;
            const code = EXIT_CODE.exec(output);
            call.isError = BLOCKED.test(output) || (code !== null && code[1] !== '0');
          }
        }
      }
    }
    return [...calls.values()];
  },
  texts(requests) {
    const { add, texts } = firstSeenTexts();
    // The first request's developer messages are Codex's own instructions, like a system prompt.
    const first = requests.find((r) => r.modelCall);
    const instructions = new Set(first ? inputItems(first).filter((i) => i.type === 'message' && i.role === 'developer').map((i) => contentText(i.content)) : []);
    for (const request of requests) {
      if (!request.modelCall) continue;
      for (const item of inputItems(request)) {
        if (item.type === 'message' && (item.role === 'user' || item.role === 'developer') && !instructions.has(contentText(item.content))) add(contentText(item.content));
        else if (item.type === 'function_call_output') add(typeof item.output === 'string' ? item.output : contentText(isJsonObject(item.output) ? item.output.content : item.output));
      }
    }
    return texts;
  },
};
