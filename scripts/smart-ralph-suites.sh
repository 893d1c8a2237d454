#!/usr/bin/env bash
# Run smart-ralph's own bats suites against the stop-watchers ralph-hooks generates.
#
#   scripts/smart-ralph-suites.sh <path to a clone of tzachbon/smart-ralph>
#
# Each suite runs at the commit its preset follows, with the generated script put where the
# suite looks for smart-ralph's own (the clone itself is not touched):
#   specum   a939076 (ralph-specum 3.3.3, the JSON stop-watcher): stop-hook, state-management, integration
#   speckit  9e5133c (ralph-speckit's stop-hook loop):            speckit-stop-hook
#   passive  bead30a (the passive watcher beside the loop plugin): stop-hook, state-management, integration
# Needs git, jq, a built checkout (npm run build) and bats from npm.
set -euo pipefail
clone=${1:?usage: scripts/smart-ralph-suites.sh <smart-ralph clone>}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bats="${repo}/node_modules/bats/bin/bats"
status=0

# suite COMMIT PRESET PLUGIN FILE... — the suite's files at COMMIT, our PRESET's script in PLUGIN's place.
suite() {
  local commit=$1 preset=$2 plugin=$3 work project
  shift 3
  work=$(mktemp -d)
  project="${work}/project"
  mkdir -p "${project}/tree"
  git -C "${clone}" archive "${commit}" tests "plugins/${plugin}/hooks" | tar -x -C "${project}/tree"
  printf '{"hooks":[{"kind":"stop-watcher","preset":"%s"}]}\n' "${preset}" >"${project}/ralph-hooks.config.json"
  node "${repo}/bin/ralph-hooks.js" generate --dir "${project}" --quiet
  cp "${project}/.claude/hooks/stop-watcher.sh" "${project}/tree/plugins/${plugin}/hooks/scripts/stop-watcher.sh"
  echo "== ${preset} against smart-ralph ${commit}: $*"
  (cd "${project}/tree" && "${bats}" "$@") || status=1
  rm -rf "${work}"
}

suite a939076 specum ralph-specum tests/stop-hook.bats tests/state-management.bats tests/integration.bats
suite 9e5133c speckit ralph-speckit tests/speckit-stop-hook.bats
suite bead30a passive ralph-specum tests/stop-hook.bats tests/state-management.bats tests/integration.bats
exit "${status}"
