// `docker run` (podman, nerdctl) with a host folder bind-mounted (issue 39, the oracle's
// survey): the container's command is checked as if run on the host, each path under the
// mount point read as the same path under the host folder, in the folder -w names. Without a
// bind mount, or with a named volume, the container touches no host file.
import { describeChannel } from './channel.js';

describeChannel('containers-run', {
  deny: [
    ['docker run --rm -v ~:/h alpine rm -rf /h', 'fs-destroy'],
    ["docker run -v \"$HOME\":/h alpine sh -c 'rm -rf /h/*'", 'fs-destroy'],
    ['docker run -v /:/host alpine rm -rf /host', 'fs-destroy'],
    ['docker run --mount type=bind,source=/,target=/mnt alpine rm -rf /mnt/etc', 'fs-destroy'],
    ['docker run -it --rm -v ~:/home/me -w /home/me ubuntu rm -rf .', 'fs-destroy'],
    ['docker container run -v ~:/h alpine rm -rf /h/', 'fs-destroy'],
    ['podman run -v /home:/x:Z fedora rm -rf /x', 'fs-destroy'],
    ['docker run --rm -v ~/.ssh:/k alpine cat /k/id_rsa', 'secrets'],
  ],
  allow: [
    'docker run --rm -v "$PWD":/w node:20 npm test',
    'docker run --rm -v "$PWD":/w -w /w node:20 rm -rf node_modules',
    'docker run --rm alpine rm -rf /tmp/cache',
    'docker run -v pgdata:/var/lib/postgresql/data postgres:16',
    'docker run -e FOO=bar -v ~/proj:/src -w /src golang go build ./...',
    'docker rm -f my-test',
  ],
});
