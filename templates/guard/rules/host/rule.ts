import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'sudo/su/doas, shutdown/reboot, systemctl/service changes, removing or replacing scheduled jobs (crontab, atrm), signals to every process, every process of a user or every process of a name (kill -1, pkill -u, pkill -f, pkill NAME, kill $(pgrep NAME), killall, killall5, loginctl kill-user).',
  enabled: true,
  docs: {
    blocks: '`sudo`, `su`, `doas`, `shutdown`, `reboot`, `systemctl restart…`, `service … stop`, `crontab -r` / `-e` / `crontab FILE` / `echo | crontab -`, `atrm`, `at -d`, `kill -9 -1` (in every spelling: `kill -- -1`, `kill -s KILL -1`), `pkill -u "$USER"` (an owner and no pattern), `pkill .`, `pkill -f`, `pkill -v`, `pkill node` and `kill $(pgrep node)` (every process of that name, the user\'s editor and servers included), `killall`, `killall5`, `skill`, `loginctl kill-user`',
    letsThrough: '`systemctl status`, `crontab -l`, `atq`, `kill 12345`, `kill -0 -1` (signal 0 only asks), `kill -1 1234` (SIGHUP to one process), `kill $!`, `pkill -P $$ node` (this shell\'s children), `pgrep -u me`',
  },
});
