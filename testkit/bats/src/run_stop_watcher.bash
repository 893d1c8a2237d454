# run_stop_watcher [INPUT]
#
# The seed's runner: run_hook "$STOP_WATCHER_SCRIPT" with INPUT (default create_hook_input).
# Globals: STOP_WATCHER_SCRIPT (read); sets what run_hook sets.
run_stop_watcher() {
  run_hook "${STOP_WATCHER_SCRIPT:?run_stop_watcher: set STOP_WATCHER_SCRIPT}" "$@"
}
