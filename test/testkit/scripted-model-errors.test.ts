/**
 * What the scripted model sends for a full context, in the Responses API Codex reads: the
 * error code `context_length_exceeded`, and the usage a turn reports (`inputTokens`).
 */
import { afterEach, expect, it } from 'vitest';
import { contextLengthExceeded, startScriptedModel, type ScriptedModel, type Turn } from '../../testkit/clients/index.js';

let model: ScriptedModel | null = null;
afterEach(async () => {
  await model?.close();
  model = null;
});

async function ask(turns: Turn[]): Promise<Response> {
  model = await startScriptedModel({ protocol: 'responses', turns });
  return fetch(`${model.url}/v1/responses`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'scripted', input: [] }) });
}

it('contextLengthExceeded: a 400 whose error code is context_length_exceeded, as the OpenAI APIs send it', async () => {
  const response = await ask([{ apiError: contextLengthExceeded() }]);
  expect(response.status).toBe(400);
  expect((await response.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'context_length_exceeded' });
});

it('inputTokens is the usage response.completed reports; without it, an estimate from the request', async () => {
  const usageOf = async (turn: Turn) => {
    const text = await (await ask([turn])).text();
    await model?.close();
    model = null;
    const completed = text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6))).find((event) => event.type === 'response.completed');
    return completed.response.usage.input_tokens as number;
  };
  expect(await usageOf({ text: 'ok', inputTokens: 300_000 })).toBe(300_000);
  expect(await usageOf({ text: 'ok' })).toBeLessThan(100);
});
