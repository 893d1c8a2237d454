// GNU parallel runs one command per value after :::, and reads values from stdin without it.
import { describeChannel } from './channel.js';

describeChannel('parallel', {
  deny: [
    ['parallel rm -rf {} ::: /', 'fs-destroy'],
    ["parallel bash -c ::: 'rm -rf /'", 'fs-destroy'],
    ['parallel -j2 rm -rf ::: build /', 'fs-destroy'],
    ['ls | parallel rm -rf', 'fs-destroy'],
    ["parallel sh -c ::: 'git push --force origin main'", 'git-destroy'],
  ],
  allow: [
    'parallel gzip ::: a.log b.log',
    'parallel -j4 npm run build --workspace={} ::: packages/a packages/b',
    'ls *.md | parallel wc -l',
  ],
});
