// script -c TEXT runs TEXT in a recorded terminal.
import { describeChannel } from './channel.js';

describeChannel('script -c', {
  deny: [
    ["script -qc 'rm -rf /' /dev/null", 'fs-destroy'],
    ["script -q -c 'git reset --hard' /dev/null", 'git-destroy'],
    ["script --command='rm -rf ~' out.log", 'fs-destroy'],
  ],
  allow: ["script -qc 'npm test' /dev/null", 'script -q /dev/null'],
});
