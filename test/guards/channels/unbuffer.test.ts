// unbuffer and stdbuf run their command with other buffering.
import { describeChannel } from './channel.js';

describeChannel('unbuffer', {
  deny: [
    ['unbuffer rm -rf /', 'fs-destroy'],
    ['stdbuf -oL git clean -fdx', 'git-destroy'],
  ],
  allow: ['unbuffer npm test', 'stdbuf -oL npm run build'],
});
