/**
 * The Gemini API (generateContent), as Gemini CLI calls it with an API key and
 * `GOOGLE_GEMINI_BASE_URL`: `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` answered
 * with a streamed turn (server-sent events, each `data: <GenerateContentResponse>`), the same
 * turn as one JSON body for `:generateContent`, plus the auxiliary endpoints (`:countTokens`,
 * `:embedContent`, model lists). And a reader for what Gemini CLI sent back: `contents[]` of role
 * user/model whose parts are text, functionCall and functionResponse.
 *
 * A Turn's `shell` becomes a functionCall of the shell tool the request offers (Gemini CLI:
 * `run_shell_command {command, description, is_background}`); the reader reports it as `Bash`
 * with input {command}, like the other readers.
 */
import type { ServerResponse } from 'node:http';
import type { ConversationReader, ToolExchange } from './conversation.js';
import type { ModelTurnContext, ProtocolAdapter, RecordedRequest, Turn } from './model-server.js';
import { canonicalCall, shellToolFor } from './shell-tools.js';
import { firstSeenTexts } from './first-seen.js';
import { isJsonObject } from '../../src/json-text.js';

type Part = { text: string } | { functionCall: { id: string; name: string; args: Record<string, unknown> } };

/** The finish reason Gemini's API reports for each of a Turn's stop reasons. */
const FINISH_REASONS: Record<NonNullable<Turn['stopReason']>, string> = { end_turn: 'STOP', tool_use: 'STOP', max_tokens: 'MAX_TOKENS' };

/** The parts and finish reason a turn becomes; `shell` calls the shell tool the request offers. */
export function geminiParts(turn: Turn, ctx: Pick<ModelTurnContext, 'id'>, requestBody: unknown = null): { parts: Part[]; finishReason: string } {
  const parts: Part[] = [];
  if (turn.text !== undefined && turn.text !== '') parts.push({ text: turn.text });
  const shellTool = shellToolFor(requestBody);
  const shell = turn.shell === undefined ? [] : Array.isArray(turn.shell) ? turn.shell : [turn.shell];
  for (const command of shell) parts.push({ functionCall: { id: ctx.id('call_'), name: shellTool.name, args: shellTool.input(command) } });
  for (const tool of turn.tools ?? []) parts.push({ functionCall: { id: ctx.id('call_'), name: tool.name, args: tool.input } });
  // Gemini CLI treats a turn with no parts (or only empty text) as an invalid stream and retries it.
  if (parts.length === 0) parts.push({ text: ' ' });
  return { parts, finishReason: FINISH_REASONS[turn.stopReason ?? 'end_turn'] };
}

/** A rough token count, enough for a client's bookkeeping. */
function roughTokens(raw: string): number {
  return Math.max(1, Math.ceil(raw.length / 4));
}

/** `models/<model>:<method>` of a request path (`/v1beta/models/gemini-2.5-pro:streamGenerateContent`). */
function endpointOf(request: RecordedRequest): { model: string; method: string } | null {
  const match = /\/models\/([^/:]+):([A-Za-z]+)\/?$/.exec(request.path);
  return match ? { model: decodeURIComponent(match[1]), method: match[2] } : null;
}

/** Gemini CLI's own helper calls (next-speaker check, loop check, session summary) ask for JSON: they are no model turn. */
function isHelperCall(request: RecordedRequest): boolean {
  const body = request.body as { generationConfig?: { responseMimeType?: unknown; responseJsonSchema?: unknown; responseSchema?: unknown } } | null;
  const config = body?.generationConfig;
  return config?.responseMimeType === 'application/json' || config?.responseJsonSchema !== undefined || config?.responseSchema !== undefined;
}

function response(request: RecordedRequest, parts: Part[], finishReason: string, ctx: Pick<ModelTurnContext, 'id'>): Record<string, unknown> {
  const prompt = roughTokens(request.raw);
  const candidates = roughTokens(JSON.stringify(parts));
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason, index: 0 }],
    usageMetadata: { promptTokenCount: prompt, candidatesTokenCount: candidates, totalTokenCount: prompt + candidates },
    modelVersion: endpointOf(request)?.model ?? 'scripted',
    responseId: ctx.id('resp_'),
  };
}

function streamTurn(request: RecordedRequest, turn: Turn, res: ServerResponse, ctx: ModelTurnContext): void {
  const { parts, finishReason } = geminiParts(turn, ctx, request.body);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(`data: ${JSON.stringify(response(request, parts, finishReason, ctx))}\r\n\r\n`);
  res.end();
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** What a helper call asking for JSON gets: the next-speaker check hears "user" (the turn ends), any other check an empty object. */
function helperAnswer(request: RecordedRequest): string {
  const schema = JSON.stringify((request.body as { generationConfig?: unknown } | null)?.generationConfig ?? {});
  if (schema.includes('next_speaker')) return JSON.stringify({ reasoning: 'scripted model: the turn is over', next_speaker: 'user' });
  return '{}';
}

/** The Gemini API adapter for `startScriptedModel({ protocol: 'gemini' })`. */
export const geminiApi: ProtocolAdapter = {
  name: 'gemini',
  isModelCall(request) {
    if (request.method !== 'POST') return false;
    const endpoint = endpointOf(request);
    if (!endpoint) return false;
    if (endpoint.method === 'streamGenerateContent') return true;
    return endpoint.method === 'generateContent' && !isHelperCall(request);
  },
  respondTurn(request, turn, res, ctx) {
    if (endpointOf(request)?.method === 'streamGenerateContent') streamTurn(request, turn, res, ctx);
    else {
      const { parts, finishReason } = geminiParts(turn, ctx, request.body);
      json(res, 200, response(request, parts, finishReason, ctx));
    }
  },
  respondOther(request, res, ctx) {
    const endpoint = endpointOf(request);
    if (request.method === 'POST' && endpoint?.method === 'generateContent') {
      json(res, 200, response(request, [{ text: helperAnswer(request) }], 'STOP', ctx));
      return;
    }
    if (request.method === 'POST' && endpoint?.method === 'countTokens') {
      json(res, 200, { totalTokens: roughTokens(request.raw) });
      return;
    }
    if (request.method === 'POST' && (endpoint?.method === 'embedContent' || endpoint?.method === 'batchEmbedContents')) {
      const body = request.body as { requests?: unknown[] } | null;
      const embedding = { values: [0, 0, 0, 0] };
      json(res, 200, endpoint.method === 'embedContent' ? { embedding } : { embeddings: (body?.requests ?? []).map(() => embedding) });
      return;
    }
    if (request.method === 'GET' && /\/models\/?$/.test(request.path)) {
      json(res, 200, { models: [] });
      return;
    }
    if (request.method === 'GET' && /\/models\/[^/:]+\/?$/.test(request.path)) {
      const name = request.path.replace(/\/$/, '').split('/').pop() ?? 'scripted';
      json(res, 200, { name: `models/${name}`, displayName: name, inputTokenLimit: 1_048_576, outputTokenLimit: 65_536, supportedGenerationMethods: ['generateContent', 'countTokens'] });
      return;
    }
    if (request.method === 'HEAD' || (request.method === 'GET' && (request.path === '/' || request.path === ''))) {
      json(res, 200, {});
      return;
    }
    json(res, 404, { error: { code: 404, status: 'NOT_FOUND', message: `scripted model: no route ${request.method} ${request.path}` } });
  },
};

type Json = Record<string, unknown>;

function contentsOf(request: RecordedRequest): Json[] {
  const body = request.body;
  if (!isJsonObject(body) || !Array.isArray(body.contents)) return [];
  return body.contents.filter(isJsonObject);
}

function partsOf(content: Json): Json[] {
  return Array.isArray(content.parts) ? content.parts.filter(isJsonObject) : [];
}

/** The text of a functionResponse's `response` (Gemini CLI sends `{output}` or `{error}`). */
function responseText(response: unknown): string {
  if (typeof response === 'string') return response;
  if (!isJsonObject(response)) return '';
  if (typeof response.output === 'string') return response.output;
  if (typeof response.error === 'string') return response.error;
  if (typeof response.content === 'string') return response.content;
  return JSON.stringify(response);
}

/** A result that tells the model the call did not run or failed (Gemini CLI 0.61.0's wording). */
const BLOCKED = /^(Tool execution (blocked|denied)|Tool ".*" not found|Error:|Command (was )?(blocked|denied|rejected))|Exit Code: [1-9]\d*|\bExit code: [1-9]\d*/i;

/**
 * The Gemini API reader (Gemini CLI). Calls are matched with their responses by id when Gemini
 * sends one, else by name in order; a call to the shell tool is reported as `Bash {command}`.
 */
export const geminiConversation: ConversationReader = {
  toolCalls(requests) {
    const calls = new Map<string, ToolExchange>();
    for (const request of requests) {
      if (!request.modelCall) continue;
      const contents = contentsOf(request);
      // Calls of the latest model content still waiting for a response, in order.
      let pending: { key: string; name: string; id?: string }[] = [];
      contents.forEach((content, contentIndex) => {
        const parts = partsOf(content);
        if (content.role === 'model') {
          pending = [];
          parts.forEach((part, partIndex) => {
            const call = part.functionCall;
            if (!isJsonObject(call) || typeof call.name !== 'string') return;
            const args = isJsonObject(call.args) ? call.args : {};
            const id = typeof call.id === 'string' && call.id !== '' ? call.id : undefined;
            const key = id ?? `${contentIndex}:${partIndex}:${call.name}:${JSON.stringify(args)}`;
            pending.push({ key, name: call.name, id });
            if (!calls.has(key)) calls.set(key, { id: id ?? key, ...canonicalCall(call.name, args), result: null, isError: false });
          });
          return;
        }
        for (const part of parts) {
          const answer = part.functionResponse;
          if (!isJsonObject(answer)) continue;
          const id = typeof answer.id === 'string' && answer.id !== '' ? answer.id : undefined;
          let index = id === undefined ? -1 : pending.findIndex((p) => p.id === id);
          if (index === -1) index = pending.findIndex((p) => p.name === answer.name);
          if (index === -1) continue;
          const [{ key }] = pending.splice(index, 1);
          const call = calls.get(key);
          if (!call || call.result !== null) continue;
          const response = answer.response;
          call.result = responseText(response);
          call.isError = (isJsonObject(response) && response.error !== undefined) || BLOCKED.test(call.result);
        }
      });
    }
    return [...calls.values()];
  },
  texts(requests) {
    const { add, texts } = firstSeenTexts();
    for (const request of requests) {
      if (!request.modelCall) continue;
      for (const content of contentsOf(request)) {
        if (content.role === 'model') continue;
        for (const part of partsOf(content)) {
          if (typeof part.text === 'string') add(part.text);
          else if (isJsonObject(part.functionResponse)) add(responseText(part.functionResponse.response));
        }
      }
    }
    return texts;
  },
};
