/**
 * A scripted model on loopback: an HTTP server on 127.0.0.1 that answers an agent CLI's model
 * API with turns written in advance, so a whole session of the real client is deterministic,
 * offline and free. It records every request (what the model was sent), hands each model call
 * the next Turn, and leaves the wire format to a protocol adapter (the Anthropic Messages API
 * for Claude Code, the OpenAI Responses API for Codex).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted model answer, agent-neutral; the adapters translate it. */
export interface Turn {
  /** Assistant text. */
  text?: string;
  /** One call per string to the agent's shell tool (Claude Code: Bash {command}). */
  shell?: string | string[];
  /** Raw tool calls by the agent's own tool names. */
  tools?: { name: string; input: Record<string, unknown> }[];
  /** Default: `tool_use` when calls are present, else `end_turn`. */
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens';
  /**
   * The prompt's size in tokens the answer reports in its usage (the Messages API's and the
   * Responses API's); default: estimated from the request. A large figure makes a client that
   * compacts by the reported usage (Codex) compact.
   */
  inputTokens?: number;
  /**
   * Tokens of the prompt the answer reports as read from the provider's prompt cache, and as
   * written to it (default 0 each), on top of `inputTokens`. Each API says them its own way:
   * the Messages API apart from `input_tokens` (`cache_read_input_tokens`,
   * `cache_creation_input_tokens`); the Responses API inside `input_tokens`, with
   * `input_tokens_details.cached_tokens` and `.cache_write_tokens`.
   */
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  /**
   * Answer the call with an API error instead of a turn (the other fields are ignored):
   * the HTTP status and the body's error type and message, as the model APIs send them.
   */
  apiError?: ApiError;
}

/** An API error a model call can be answered with. */
export interface ApiError {
  /** HTTP status, e.g. 400 (a prompt that is too long), 429, 529. */
  status: number;
  /** The error's type, e.g. `invalid_request_error`. */
  type: string;
  /** The OpenAI APIs' `error.code` when it differs from the type (`context_length_exceeded`); default: the type. */
  code?: string;
  message: string;
}

/** The error that a full context gets from the Messages API: "prompt is too long: N tokens > M maximum". */
export function promptTooLong(tokens = 210_000, maximum = 200_000): ApiError {
  return { status: 400, type: 'invalid_request_error', message: `prompt is too long: ${tokens} tokens > ${maximum} maximum` };
}

/** The error that a full context gets from the OpenAI APIs (Responses, Chat Completions): code `context_length_exceeded`. */
export function contextLengthExceeded(): ApiError {
  return { status: 400, type: 'invalid_request_error', code: 'context_length_exceeded', message: 'Your input exceeds the context window of this model. Please adjust your input and try again.' };
}

/** A request the server received, in arrival order. */
export interface RecordedRequest {
  /** Position among all requests (0-based). */
  index: number;
  method: string;
  /** The path without the query string. */
  path: string;
  query: string;
  /** Headers, lower-cased, without credentials (authorization, x-api-key, cookie). */
  headers: Record<string, string>;
  /** The body parsed as JSON, or null when it is not JSON. */
  body: unknown;
  /** The body as received. */
  raw: string;
  /** True when this request was a model call that consumed (or would have consumed) a Turn. */
  modelCall: boolean;
  /** The turn index handed to this model call (0-based), when it is one. */
  turnIndex?: number;
  /**
   * The tokens the answer reported in its usage (the figures a client's transcript then
   * carries), where the protocol adapter reports them: the Messages and Responses APIs.
   */
  usage?: ReportedUsage;
}

/** Tokens a scripted answer reported, each once: input neither read from nor written to the cache, output, cache reads, cache writes. */
export interface ReportedUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** The turns: a list played in order, or a function picking each turn from the request. */
export type Turns = Turn[] | ((request: RecordedRequest, index: number) => Turn);

/** The turn played once a Turn[] is exhausted, so a session always ends. */
export const EXHAUSTED_TEXT = '(script exhausted)';

/** What a protocol adapter sees of the server when answering. */
export interface ModelTurnContext {
  /** Index of this model call (0-based). */
  index: number;
  /** A fresh id, unique within the server, for tool calls and messages. */
  id(prefix: string): string;
  /** Record the usage the answer reports (RecordedRequest.usage). */
  reportUsage?(usage: ReportedUsage): void;
}

/** Translates turns to one wire protocol and answers its auxiliary endpoints. */
export interface ProtocolAdapter {
  name: string;
  /** True for a request that should be answered with the next Turn. */
  isModelCall(request: RecordedRequest): boolean;
  /** Answer a model call with a turn. */
  respondTurn(request: RecordedRequest, turn: Turn, res: ServerResponse, ctx: ModelTurnContext): void;
  /** Answer anything else (token counting, model lists, telemetry…). */
  respondOther(request: RecordedRequest, res: ServerResponse, ctx: ModelTurnContext): void;
}

export interface ScriptedModelOptions {
  /** 'messages' (Anthropic Messages API), a registered protocol name, or an adapter. */
  protocol: string | ProtocolAdapter;
  turns: Turns;
}

export interface ScriptedModel {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** The model calls only (requests that were handed a Turn), in order. */
  readonly modelRequests: RecordedRequest[];
  /** How many model calls were answered (exhausted answers included). */
  readonly modelTurns: number;
  /** True once a Turn[] ran out and the exhausted text was played. */
  readonly exhausted: boolean;
  /** Stop listening; open connections are closed. */
  close(): Promise<void>;
}

const PROTOCOLS: Record<string, () => Promise<ProtocolAdapter>> = {
  messages: async () => (await import('./messages-api.js')).messagesApi,
  responses: async () => (await import('./responses-api.js')).responsesApi,
  'chat-completions': async () => (await import('./chat-completions-api.js')).chatCompletionsApi,
  gemini: async () => (await import('./gemini-api.js')).geminiApi,
};

/** Make a protocol available to `startScriptedModel({ protocol: name })`. */
export function registerProtocol(name: string, load: () => Promise<ProtocolAdapter>): void {
  PROTOCOLS[name] = load;
}

const SECRET_HEADERS = new Set(['authorization', 'x-api-key', 'x-goog-api-key', 'cookie', 'proxy-authorization']);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * An API error in one body every protocol here reads: the Messages API's
 * `{"type":"error","error":{type,message}}`, which also holds the OpenAI APIs'
 * `error.message`/`error.type`/`error.code` and Gemini's `error.message`/`error.status`.
 */
function respondApiError(error: ApiError, res: ServerResponse): void {
  res.writeHead(error.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ type: 'error', error: { type: error.type, code: error.code ?? error.type, status: error.type, message: error.message } }));
}

/** Start a scripted model on 127.0.0.1 (a free port). */
export async function startScriptedModel(options: ScriptedModelOptions): Promise<ScriptedModel> {
  let adapter: ProtocolAdapter;
  if (typeof options.protocol === 'string') {
    const load = PROTOCOLS[options.protocol];
    if (!load) {
      throw new Error(
        `startScriptedModel: unknown protocol "${options.protocol}" (known: ${Object.keys(PROTOCOLS).join(', ')})`,
      );
    }
    adapter = await load();
  } else {
    adapter = options.protocol;
  }
  const requests: RecordedRequest[] = [];
  let modelTurns = 0;
  let exhausted = false;
  let ids = 0;
  const id = (prefix: string) => `${prefix}${String(++ids).padStart(6, '0')}${Date.now().toString(36)}`;

  const pickTurn = (request: RecordedRequest, index: number): Turn => {
    if (typeof options.turns === 'function') return options.turns(request, index);
    const turn = options.turns[index];
    if (turn) return turn;
    exhausted = true;
    return { text: EXHAUSTED_TEXT, stopReason: 'end_turn' };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || SECRET_HEADERS.has(key)) continue;
      headers[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    const request: RecordedRequest = {
      index: requests.length,
      method: req.method ?? 'GET',
      path: q === -1 ? url : url.slice(0, q),
      query: q === -1 ? '' : url.slice(q + 1),
      headers,
      body,
      raw,
      modelCall: false,
    };
    requests.push(request);
    const ctx: ModelTurnContext = { index: modelTurns, id, reportUsage: (usage) => (request.usage = usage) };
    try {
      if (adapter.isModelCall(request)) {
        request.modelCall = true;
        request.turnIndex = modelTurns;
        const turn = pickTurn(request, modelTurns);
        modelTurns += 1;
        if (turn.apiError) respondApiError(turn.apiError, res);
        else adapter.respondTurn(request, turn, res, ctx);
      } else {
        adapter.respondOther(request, res, ctx);
      }
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'scripted_model_error', message: String(error) } }));
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    get modelRequests() {
      return requests.filter((r) => r.modelCall);
    },
    get modelTurns() {
      return modelTurns;
    },
    get exhausted() {
      return exhausted;
    },
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
