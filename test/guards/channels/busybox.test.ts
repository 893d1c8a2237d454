// busybox and toybox run the tool their first word names.
import { describeChannel } from './channel.js';

describeChannel('busybox', {
  deny: [
    ['busybox rm -rf /', 'fs-destroy'],
    ['busybox rm -rf ~/.config', 'scope'],
    ['toybox rm -rf ~', 'fs-destroy'],
    ["busybox sh -c 'git reset --hard'", 'git-destroy'],
  ],
  allow: ['busybox ls', 'toybox cat README.md', 'busybox --list'],
});
