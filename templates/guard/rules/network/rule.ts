import { defineGuardRule, word, z } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Raw network tools: nc, socat, ssh, scp, telnet… (off by default).',
  enabled: false,
  policy: 'no raw connections from the loop, whatever they carry',
  options: {
    commands: z.array(word).default(['nc', 'ncat', 'netcat', 'socat', 'ssh', 'scp', 'sftp', 'telnet', 'ftp']).describe('Commands denied when the rule is on.'),
  },
  docs: {
    blocks: '`nc`, `ncat`, `socat`, `ssh`, `scp`, `sftp`, `telnet`, `ftp` (option `commands`)',
  },
});
