/**
 * What a span of model calls cost: a price table per model (price-list.ts, list prices by model
 * name prefix) that the config's `prices` overrides or extends. The stop-watchers get the merged
 * table rendered into them (for maxCostUsd); `ralph-hooks report` uses the same function.
 */
import { PRICE_LIST } from './price-list.js';
import type { RecordedUsage } from './record.js';

/** US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export type PriceTable = Record<string, ModelPrice>;

const BUILT_IN: PriceTable = PRICE_LIST;

/** The built-in table with the config's entries laid over it (a config entry replaces the built-in one of the same name). */
export function priceTable(overrides: PriceTable = {}): PriceTable {
  return { ...BUILT_IN, ...overrides };
}

/** The price of the model whose name starts with the longest key of the table, or null. */
export function priceFor(model: string | null, table: PriceTable): ModelPrice | null {
  if (model === null) return null;
  let best: string | null = null;
  for (const key of Object.keys(table)) {
    if (model.startsWith(key) && (best === null || key.length > best.length)) best = key;
  }
  return best === null ? null : (table[best] ?? null);
}

/** Dollars for the usage, or null when the model has no price or no token figure was given. */
export function costUsd(usage: RecordedUsage | null, table: PriceTable): number | null {
  if (usage === null) return null;
  const price = priceFor(usage.model, table);
  if (price === null) return null;
  const parts: Array<[number | null, number]> = [
    [usage.input, price.input],
    [usage.output, price.output],
    [usage.cacheRead, price.cacheRead],
    [usage.cacheWrite, price.cacheWrite],
  ];
  if (parts.every(([tokens]) => tokens === null)) return null;
  return parts.reduce((sum, [tokens, perMillion]) => sum + ((tokens ?? 0) * perMillion) / 1_000_000, 0);
}
