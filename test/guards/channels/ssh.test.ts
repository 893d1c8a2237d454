// ssh HOST command…: with the network rule on, the remote command is checked like a local one
// (with ssh itself in the rule's list, ssh is denied before that).
import { describeChannel } from './channel.js';

describeChannel('ssh (network rule on, ssh not in its list)', {
  rules: { network: { enabled: true, commands: ['nc', 'telnet'] } },
  deny: [
    ["ssh host 'rm -rf /'", 'fs-destroy'],
    ['ssh -p 2222 -l deploy host git push --force origin main', 'git-destroy'],
    ['ssh host sudo reboot', 'host'],
  ],
  allow: ['ssh host uptime', "ssh -p 2222 user@host 'ls -la'"],
});

describeChannel('ssh (network rule on, by default ssh in its list)', {
  rules: { network: { enabled: true } },
  deny: [["ssh host 'rm -rf /'", 'network'], ['ssh host uptime', 'network']],
  allow: ['echo ssh host'],
});

describeChannel('ssh (network rule off: the default)', {
  deny: [['rm -rf /', 'fs-destroy']],
  allow: ['ssh host uptime', "ssh host 'rm -rf /tmp/build-cache'"],
});
