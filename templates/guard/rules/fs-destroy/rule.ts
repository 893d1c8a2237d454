import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'Recursive rm of /, ~, $HOME, .., system folders, the project root or .git (any flag form, --no-preserve-root), or of no path at all; any write to a disk device (partitioning and formatting tools, wipefs -a, blkdiscard, dd of=/dev/sda, a redirection), shred, chmod/chown -R on system folders, the fork bomb, find -delete/-exec rm from a broad start.',
  enabled: true,
  commandTextCheck: 'check_fork_bomb',
  docs: {
    blocks: '`rm -rf /`, `rm -r -f ~`, `rm --recursive --force $HOME`, `/bin/rm -rf ..`, `rm -rf *` at the root, `rm -rf .git`, `rm -rf "$BUILD_DIR/"` (a variable that may be empty), `rm -rf` with no path (one that was lost), `cd / && rm -rf usr`, `find / -delete`, `find ~ -exec rm {} \\;`, `mkfs.ext4 /dev/sda1`, `fdisk /dev/sda`, `sgdisk -Z`, `wipefs -a`, `blkdiscard`, `hdparm --security-erase`, `nvme format`, `cat img > /dev/sdb` (any write to a disk device, whatever the program), `shred`, `dd of=/dev/sda`, `chmod -R 777 /`, `:(){ :|:& };:`',
    letsThrough: "`rm -rf ./target`, `rm -rf /tmp/build-1`, `find . -name '*.pyc' -delete`, `dd of=./disk.img`, `fdisk -l`, `parted /dev/sda print`, `sgdisk -p`, `wipefs /dev/sda`, `lsblk`, `blkid`, `hdparm -I`, `mkfs.ext4 disk.img` (an image file in the project)",
  },
});
