/**
 * Redaction for recorded cases: the project root becomes ${WORKSPACE} (where a replay runs),
 * the home directory ${HOME}, and secrets ([REDACTED]): values of secret-looking names in
 * env-like strings (`GITHUB_TOKEN=...`, `api_key: ...`) and in JSON keys, and well-known
 * token shapes wherever they appear.
 */

const SECRET_NAME = /(?:token|secret|passw(?:or)?d|api[_-]?key|access[_-]?key|private[_-]?key|credential|auth)/i;

const ASSIGNMENT = /\b([A-Za-z_][A-Za-z0-9_.-]*)(\s*[=:]\s*)(["']?)([^\s"'&,;]+)/g;

const TOKEN_SHAPES: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\bsk-ant-[A-Za-z0-9_-]{10,}/g,
  /\bsk-[A-Za-z0-9_-]{20,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bnpm_[A-Za-z0-9]{30,}/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g, // JWT
];

export const REDACTED = '[REDACTED]';

export interface RedactOptions {
  projectRoot?: string;
  home?: string;
}

function replaceAll(text: string, search: string, replacement: string): string {
  return search && search !== '/' ? text.split(search).join(replacement) : text;
}

/** Redact one string. */
export function redactText(text: string, options: RedactOptions = {}): string {
  let out = text;
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, REDACTED);
  out = out.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${REDACTED}`);
  out = out.replace(ASSIGNMENT, (match, name: string, sep: string, quote: string, value: string) =>
    // A bare number (`tokens: 45000`) or an auth scheme word is not the secret itself.
    SECRET_NAME.test(name) && value !== REDACTED && !/^(\d+|Bearer|Basic)$/.test(value) ? `${name}${sep}${quote}${REDACTED}` : match,
  );
  // The project root first: it usually lies inside the home directory.
  if (options.projectRoot) out = replaceAll(out, options.projectRoot, '${WORKSPACE}');
  if (options.home) out = replaceAll(out, options.home, '${HOME}');
  return out;
}

/** Redact every string in a JSON value; values under secret-looking keys are replaced whole. */
export function redactValue<T>(value: T, options: RedactOptions = {}): T {
  if (typeof value === 'string') return redactText(value, options) as T;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, options)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, typeof item === 'string' && SECRET_NAME.test(key) ? REDACTED : redactValue(item, options)]),
    ) as T;
  }
  return value;
}
