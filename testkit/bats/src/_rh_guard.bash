# Private: read a guard's decision from $status/$output/$stderr in either protocol and print
# `<kind><TAB><how><TAB><reason>`, kind one of allow, deny, ask, defer, none, invalid (the
# reason may span lines). Mirrors guardDecision() in testkit/assertions.ts.
_rh_guard_decision() {
  if [[ "${status-}" == 2 ]]; then
    printf 'deny\texit 2\t%s\n' "${stderr:-}"
    return
  fi
  if [[ "${status-}" != 0 ]]; then
    printf 'invalid\texit %s\t\n' "${status-unset}"
    return
  fi
  local json
  json="$(_rh_json_output)"
  if [[ -z "$json" ]]; then
    printf 'none\texit 0 without a decision\t\n'
    return
  fi
  jq -r '
    def out(k; how; r): [k, how, (r // "")] | join("\t");
    (.hookSpecificOutput.permissionDecision // null) as $p
    | if (.action | type) == "string" then
        out(if .action == "allow" then "allow" elif .action == "block" then "deny" else "invalid" end; "forgeflare action \"\(.action)\""; .reason)
      elif ($p | IN("allow", "deny", "ask", "defer")) then out($p; "permissionDecision \"\($p)\""; .hookSpecificOutput.permissionDecisionReason)
      elif .decision == "block" then out("deny"; "decision \"block\""; .reason)
      elif .decision == "deny" then out("deny"; "decision \"deny\""; .reason)
      elif .decision == "allow" then out("allow"; "decision \"allow\""; null)
      elif .decision == "approve" then out("allow"; "decision \"approve\""; null)
      else out("none"; "exit 0 without a decision"; null) end' <<<"$json"
}

# Private: split a decision line into the caller's locals kind, how and reason.
_rh_split_decision() {
  local decision="$1"
  kind="${decision%%$'\t'*}"
  decision="${decision#*$'\t'}"
  how="${decision%%$'\t'*}"
  reason="${decision#*$'\t'}"
}
