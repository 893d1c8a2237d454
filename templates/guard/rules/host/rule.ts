import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'sudo/su/doas, shutdown/reboot, systemctl/service changes, crontab edits, pkill -f/killall, kill -1.',
  enabled: true,
  docs: {
    blocks: '`sudo`, `su`, `doas`, `shutdown`, `reboot`, `systemctl restart…`, `service … stop`, `crontab -r` / `-e`, `killall`, `pkill -f`, `kill -1`',
    letsThrough: '`systemctl status`, `crontab -l`, `kill 12345`, `pkill node`',
  },
});
