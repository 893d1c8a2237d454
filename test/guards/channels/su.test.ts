// su, runuser and sg run a command as another user or group: denied as privilege changes by
// the host rule, and with that rule off their command is still checked.
import { describeChannel } from './channel.js';

describeChannel('su -c', {
  deny: [
    ["su -c 'ls'", 'host'],
    ['runuser -u nobody -- ls', 'host'],
  ],
  allow: ['ls -la', "echo su -c 'rm -rf /'"],
});

describeChannel('su -c with the host rule off', {
  rules: { host: { enabled: false } },
  deny: [
    ["su -c 'rm -rf /'", 'fs-destroy'],
    ["su - builder -c 'git reset --hard'", 'git-destroy'],
    ['runuser -u nobody -- rm -rf ~', 'fs-destroy'],
    ["sg docker -c 'rm -rf /'", 'fs-destroy'],
  ],
  allow: ["su -c 'npm test' builder", 'sg docker "docker ps"'],
});
