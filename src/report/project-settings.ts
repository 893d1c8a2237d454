/**
 * What a report takes from ralph-hooks.config.json: the price overrides (`prices`), each
 * stop-watcher's budgets (maxTokens, maxCostUsd, maxMinutes in its options) and where the guard
 * and the audit log write their denials. Read as plain JSON and picked field by field, not
 * validated: a report of a loop that ran must not fail on a config written by another version
 * of ralph-hooks, nor on one that is being edited. Anything missing or of the wrong type is
 * left out, and a config that is absent or not JSON is one note.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE } from '../config/schema.js';
import type { ModelPrice, PriceTable } from '../loop-record/prices.js';

export interface Budgets {
  maxTokens: number | null;
  maxCostUsd: number | null;
  maxMinutes: number | null;
}

/** A log that holds the guard's denials: the guard's own (tab-separated) or the audit log's blocked calls. */
export interface DenialLog {
  kind: 'guard' | 'audit-log';
  /** Relative to the project root. */
  path: string;
  /** The hook that writes it. */
  hook: string;
}

export interface ProjectSettings {
  prices: PriceTable;
  /** By hook name. */
  budgets: Map<string, Budgets>;
  /** The guards' denial logs; when none, the audit logs (forgeflare records blocked calls there); empty when neither is on. */
  denialLogs: DenialLog[];
  /** Why nothing was read from the config, or null. */
  note: string | null;
}

const GUARD_LOG = '.ralph-hooks/logs/guard.log';
const AUDIT_LOG = '.ralph-hooks/logs/audit.jsonl';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

function priceOf(value: unknown): ModelPrice | null {
  if (!isObject(value)) return null;
  const fields = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;
  const price: Partial<ModelPrice> = {};
  for (const field of fields) {
    const figure = value[field];
    if (typeof figure !== 'number' || !Number.isFinite(figure) || figure < 0) return null;
    price[field] = figure;
  }
  return price as ModelPrice;
}

export function readProjectSettings(root: string): ProjectSettings {
  const none: ProjectSettings = { prices: {}, budgets: new Map(), denialLogs: [], note: null };
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(join(root, CONFIG_FILE), 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ...none, note: missing ? `no ${CONFIG_FILE}: no budgets, no price overrides, no denial counts` : `${CONFIG_FILE} is not JSON: no budgets, no price overrides, no denial counts` };
  }
  if (!isObject(config)) return { ...none, note: `${CONFIG_FILE} is not a JSON object: no budgets, no price overrides, no denial counts` };

  const prices: PriceTable = {};
  if (isObject(config.prices)) {
    for (const [model, value] of Object.entries(config.prices)) {
      const price = priceOf(value);
      if (price) prices[model] = price;
    }
  }

  const budgets = new Map<string, Budgets>();
  const guards: DenialLog[] = [];
  const audits: DenialLog[] = [];
  const hooks = Array.isArray(config.hooks) ? config.hooks.filter(isObject) : [];
  for (const hook of hooks) {
    const preset = typeof hook.preset === 'string' ? hook.preset : null;
    // The config's default name is the hook's kind (stop-watcher, guard, audit-log).
    const name = typeof hook.name === 'string' ? hook.name : typeof hook.kind === 'string' ? hook.kind : null;
    if (name === null) continue;
    const options = isObject(hook.options) ? hook.options : {};
    const budget = { maxTokens: positive(options.maxTokens), maxCostUsd: positive(options.maxCostUsd), maxMinutes: positive(options.maxMinutes) };
    if (budget.maxTokens !== null || budget.maxCostUsd !== null || budget.maxMinutes !== null) budgets.set(name, budget);
    const logFile = typeof options.logFile === 'string' && options.logFile !== '' ? options.logFile : null;
    if (preset === 'guard') guards.push({ kind: 'guard', path: logFile ?? GUARD_LOG, hook: name });
    if (preset === 'audit-log') audits.push({ kind: 'audit-log', path: logFile ?? AUDIT_LOG, hook: name });
  }
  return { prices, budgets, denialLogs: guards.length > 0 ? guards : audits, note: null };
}
