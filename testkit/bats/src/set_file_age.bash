# set_file_age FILE SECONDS
#
# Back-date FILE's mtime by SECONDS (hooks that wait on freshly written state check it).
set_file_age() {
  local file="${1?set_file_age: missing FILE}" seconds="${2?set_file_age: missing SECONDS}"
  touch -d "@$(($(date +%s) - seconds))" "$file"
}
