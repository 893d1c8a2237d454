/**
 * What the model saw in a real-client session, read from the requests the scripted model
 * received: the tool calls it made with the results it was sent back (a guard's denial reason
 * arrives here), and every piece of text it was sent (hook feedback, additionalContext).
 */
import type { RecordedRequest } from './model-server.js';
import { canonicalCall } from '../shell-tools.js';
import { firstSeenTexts } from '../first-seen.js';
import { isJsonObject } from '../../../src/util/json-text.js';
import { contentText } from './content-text.js';

/** One tool call the model made and the result it was sent for it. */
export interface ToolExchange {
  id: string;
  name: string;
  input: Record<string, unknown>;
  /** The tool result's text as the model received it; null when no result was sent back. */
  result: string | null;
  isError: boolean;
}

/** Reads a client's requests. One per wire protocol; the Messages API reader is built in. */
export interface ConversationReader {
  toolCalls(requests: RecordedRequest[]): ToolExchange[];
  /** Every text in the messages the model was sent (user, tool results, in-conversation system notes), first-seen order; the top-level system prompt is left out. */
  texts(requests: RecordedRequest[]): string[];
}

type Json = Record<string, unknown>;

function messagesOf(request: RecordedRequest): Json[] {
  const body = request.body;
  if (!isJsonObject(body) || !Array.isArray(body.messages)) return [];
  return body.messages.filter(isJsonObject);
}

/** The Messages API reader (Claude Code). */
export const messagesConversation: ConversationReader = {
  toolCalls(requests) {
    const calls = new Map<string, ToolExchange>();
    for (const request of requests) {
      if (!request.modelCall) continue;
      for (const message of messagesOf(request)) {
        if (!Array.isArray(message.content)) continue;
        for (const block of message.content) {
          if (!isJsonObject(block)) continue;
          if (block.type === 'tool_use' && typeof block.id === 'string' && !calls.has(block.id)) {
            calls.set(block.id, {
              id: block.id,
              ...canonicalCall(String(block.name), isJsonObject(block.input) ? block.input : {}),
              result: null,
              isError: false,
            });
          } else if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
            const call = calls.get(block.tool_use_id);
            if (call && call.result === null) {
              call.result = contentText(block.content);
              call.isError = block.is_error === true;
            }
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
      for (const message of messagesOf(request)) {
        // Hook feedback (PostToolUse additionalContext and block reasons) arrives as messages of role "system".
        if (message.role === 'assistant') continue;
        if (typeof message.content === 'string') add(message.content);
        else if (Array.isArray(message.content)) {
          for (const block of message.content) {
            if (!isJsonObject(block)) continue;
            if (block.type === 'text' && typeof block.text === 'string') add(block.text);
            else if (block.type === 'tool_result') add(contentText(block.content));
          }
        }
      }
    }
    return texts;
  },
};

/**
 * A reader that also counts a tool result starting with one of `prefixes` as an error: the
 * way an agent that marks nothing tells the model a hook denied the call.
 */
export function withDenialText(reader: ConversationReader, prefixes: string[]): ConversationReader {
  return {
    ...reader,
    toolCalls: (requests) =>
      reader.toolCalls(requests).map((call) => (prefixes.some((p) => call.result?.startsWith(p)) ? { ...call, isError: true } : call)),
  };
}

/** Each agent's reader, given by its client file (defineAgentClient) when it is loaded. */
const READERS: Record<string, ConversationReader> = {};

/** Teach `toolCalls`/`sentToModel` another client's protocol. */
export function registerConversationReader(agent: string, reader: ConversationReader): void {
  READERS[agent] = reader;
}

function readerFor(run: { agent: string }): ConversationReader {
  const reader = READERS[run.agent];
  if (!reader) throw new Error(`no conversation reader for agent "${run.agent}": its client file is not loaded (known: ${Object.keys(READERS).join(', ')}; load it with agentClients() or import its runner)`);
  return reader;
}

/** The tool calls of a run, each with the result the model received for it. */
export function toolCalls(run: { agent: string; requests: RecordedRequest[] }): ToolExchange[] {
  return readerFor(run).toolCalls(run.requests);
}

/** Every text the model was sent in a run (user text, hook feedback, tool results), first-seen order. */
export function sentToModel(run: { agent: string; requests: RecordedRequest[] }): string[] {
  return readerFor(run).texts(run.requests);
}
