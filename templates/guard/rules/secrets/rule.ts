import { defineGuardRule, namesToEre, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Reading or writing .env* (not .example/.sample/.template), *.pem, *.key, id_rsa*, credentials*.json, ~/.ssh, ~/.aws, through file tools or shell; printing *_KEY/*_TOKEN/*_SECRET variables.',
  enabled: true,
  options: {
    extraPatterns: z.array(z.string().min(1)).default([]).describe('More file-name globs treated as secrets (matched against the base name, e.g. "*.p12").'),
  },
  tools: 'files',
  context: (options) => ({ extraNamesEre: namesToEre(options.extraPatterns) }),
  docs: {
    blocks: 'reading `.env*`, `*.pem`, `*.key`, `id_rsa*`, `credentials*.json`, `~/.ssh`, `~/.aws`… through Read / Edit / Grep (path or `glob`) or the shell (`cat .env`, `< ~/.ssh/id_ed25519`, `source .env`, `cp .env /tmp`); `echo $OPENAI_API_KEY`, `printenv TOKEN`, bare `printenv` / `env` (option `extraPatterns`)',
    letsThrough: '`.env.example`, `cp .env.example .env` (writing is not reading), `curl -H "Bearer $TOKEN"`, `[ -n "$KEY" ]`, Glob listing names',
  },
});
