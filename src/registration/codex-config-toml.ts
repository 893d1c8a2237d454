/**
 * `[features] hooks = true` in a project's .codex/config.toml. The file belongs to the
 * user: it is read with a real TOML parser and changed by the smallest text edit (one
 * line, or a two-line table at the end), so every comment and layout choice survives;
 * a file that already says it is left byte for byte.
 */
import { CliError } from '../util/errors.js';
import { smolToml } from '../util/lazy-require.js';

export type CodexHooksFeature = 'on' | 'off' | 'unset';

/** What the file says about the hooks feature (`codex_hooks` is Codex's deprecated name). */
export function codexHooksFeature(text: string | undefined, file: string): CodexHooksFeature {
  if (text === undefined) return 'unset';
  const features = parseToml(text, file).features;
  if (features === undefined) return 'unset';
  if (typeof features !== 'object' || features === null || Array.isArray(features)) {
    throw new CliError(`${file}: "features" must be a table; ralph-hooks left the file untouched.`);
  }
  const value = (features as Record<string, unknown>).hooks ?? (features as Record<string, unknown>).codex_hooks;
  return value === true ? 'on' : value === false ? 'off' : 'unset';
}

/**
 * The file with the hooks feature on. Unchanged when it is on, and when the user turned
 * it off on purpose (`hooks = false`: doctor reports it instead of overriding a choice).
 */
export function mergeCodexConfig(current: string | undefined, file: string): string {
  if (current === undefined) return '[features]\nhooks = true\n';
  if (codexHooksFeature(current, file) !== 'unset') return current;
  const eol = current.includes('\r\n') ? '\r\n' : '\n';
  const lines = current.split(/\r?\n/);
  let next: string;
  const header = lines.findIndex((line) => /^\s*\[\s*features\s*\]\s*(#.*)?$/.test(line));
  const dotted = lines.findIndex((line) => /^\s*features\s*\.\s*[A-Za-z0-9_-]+\s*=/.test(line));
  const firstTable = lines.findIndex((line) => /^\s*\[/.test(line));
  if (header !== -1) {
    lines.splice(header + 1, 0, 'hooks = true');
    next = lines.join(eol);
  } else if (dotted !== -1 && (firstTable === -1 || dotted < firstTable)) {
    lines.splice(dotted + 1, 0, 'features.hooks = true');
    next = lines.join(eol);
  } else {
    const body = current.length === 0 || current.endsWith('\n') ? current : current + eol;
    next = `${body}${body.trim() === '' ? '' : eol}[features]${eol}hooks = true${eol}`;
  }
  let on = false;
  try {
    on = codexHooksFeature(next, file) === 'on';
  } catch {
    on = false; // the edit made the file invalid (features written as an inline table, say)
  }
  if (!on) {
    throw new CliError(`${file}: cannot add \`hooks = true\` to its [features] table by a plain edit; add it by hand, then run ralph-hooks again.`);
  }
  return next;
}

function parseToml(text: string, file: string): Record<string, unknown> {
  try {
    return smolToml().parse(text) as Record<string, unknown>;
  } catch (error) {
    const detail = (error as Error).message.split('\n')[0];
    throw new CliError(`${file} is not valid TOML (${detail}); fix it, then run ralph-hooks again. ralph-hooks left the file untouched.`);
  }
}
