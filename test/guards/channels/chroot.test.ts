// chroot NEWROOT command… runs the command inside another root folder.
import { describeChannel } from './channel.js';

describeChannel('chroot', {
  deny: [
    ['chroot /mnt rm -rf /', 'fs-destroy'],
    ['chroot --userspec=1000:1000 /srv/root git reset --hard', 'git-destroy'],
  ],
  allow: ['chroot --help'],
});
