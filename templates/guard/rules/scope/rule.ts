import { defineGuardRule, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Writes outside the project root (paths canonicalised, symlinks resolved).',
  enabled: true,
  options: {
    allowPaths: z.array(z.string().min(1)).default(['/tmp', '/var/tmp', '/dev/null', '/dev/stdout', '/dev/stderr', '/dev/fd'])
      .describe('Absolute paths outside the project root that may be written (each and everything below it).'),
  },
  tools: 'file-writes',
  docs: {
    blocks: 'writes outside the project root, with paths canonicalised and symlinks resolved (`echo x > /etc/hosts.bak`, `touch ../sibling/f`, `cd .. && touch x`, `echo x > ${HOME:-/x}/.bashrc`, Edit through a link that points outside) (option `allowPaths`, default `/tmp`, `/var/tmp`, `/dev/null`…)',
    letsThrough: 'writes inside the project, in `/tmp`, or through a link that stays inside',
  },
});
