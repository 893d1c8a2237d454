// flock FILE command… or flock FILE -c TEXT runs the command holding a lock.
import { describeChannel } from './channel.js';

describeChannel('flock', {
  deny: [
    ["flock /tmp/lock -c 'rm -rf /'", 'fs-destroy'],
    ['flock -w 10 .lock rm -rf ~', 'fs-destroy'],
    ['flock -n .lock git push --force', 'git-destroy'],
  ],
  allow: ['flock .lock npm test', "flock -w 5 .lock -c 'npm run build'"],
});
