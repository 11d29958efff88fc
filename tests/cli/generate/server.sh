# Sourced by the generate tests after scratch.sh: `start_server SCRIPT LOG` runs the scripted
# OpenAI server on a free port of 127.0.0.1 and sets $base_url; it is stopped on exit.
server=$3
server_pids=()
stop_servers() { for pid in "${server_pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$scratch"; }
trap stop_servers EXIT
start_server() {
  local port_file="$scratch/port.$RANDOM"
  "$server" --script "$1" --port-file "$port_file" --log "$2" >"$scratch/server.log" 2>&1 &
  server_pids+=($!)
  for _ in $(seq 100); do [ -s "$port_file" ] && break; sleep 0.1; done
  [ -s "$port_file" ] || fail "the scripted server did not start"
  base_url="http://127.0.0.1:$(cat "$port_file")/v1"
}
