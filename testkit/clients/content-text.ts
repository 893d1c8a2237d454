import { isJsonObject } from '../../src/json-text.js';

/**
 * The text of a message's content as the wire protocols write it: a string, or a list of parts
 * that are strings or `{text}` objects (the Messages API's tool results, the Responses API's
 * input items, Chat Completions' messages), joined by newlines; anything else reads as ''.
 */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof part === 'string' ? part : isJsonObject(part) && typeof part.text === 'string' ? part.text : '')).join('\n');
}
