# create_settings_file [enabled=true]
#
# Write the settings file ($RH_SETTINGS_FILE, default .claude/ralph-specum.local.md) with
# `---\nenabled: <value>\n---` frontmatter; print its path.
# Globals: TEST_WORKSPACE, RH_SETTINGS_FILE (read)
create_settings_file() {
  local enabled="${1:-true}"
  local file="${TEST_WORKSPACE:?create_workspace first}/${RH_SETTINGS_FILE:-.claude/ralph-specum.local.md}"
  mkdir -p "$(dirname "$file")"
  printf -- '---\nenabled: %s\n---\n' "$enabled" >"$file"
  printf '%s\n' "$file"
}
