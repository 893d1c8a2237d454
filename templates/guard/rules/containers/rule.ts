import { defineGuardRule } from '../../../../src/presets/guard-rule.js';

export default defineGuardRule({
  summary: 'docker/podman system prune, volume rm/prune, rm/rmi of every container at once, compose down -v; kubectl delete of namespaces, volumes, nodes, --all, kubectl drain; helm uninstall.',
  enabled: true,
  docs: {
    blocks: '`docker rm -f $(docker ps -aq)`, `docker system prune -af --volumes`, `docker volume rm` / `prune`, `docker container prune`, `podman system reset`, `docker compose down -v`, `kubectl delete namespace x` / `pvc` / `node` / `--all`, `kubectl drain`, `helm uninstall`. Instead: remove the one container or resource you created, by name',
    letsThrough: '`docker ps`, `docker rm -f my-test`, `docker compose down`, `docker volume ls`, `kubectl delete pod x`, `kubectl get ns`, `helm list`',
  },
});
