// watch gives its words, joined, to sh -c every few seconds (with -x, the words are the command).
import { describeChannel } from './channel.js';

describeChannel('watch', {
  deny: [
    ['watch rm -rf /', 'fs-destroy'],
    ["watch -n 5 'git reset --hard && git clean -fd'", 'git-destroy'],
    ['watch -x rm -rf ~', 'fs-destroy'],
  ],
  allow: ['watch -n 5 git status', "watch -n1 'ls -la'", 'watch -d -n 2 npm test'],
});
