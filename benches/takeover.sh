#!/usr/bin/env bash
# A takeover under load (issue 32): three real `mancala serve` on one
# PostgreSQL, the load benchmark (crates/mancala-server/examples/load.rs)
# playing rooms across them with --expect-takeover, and one instance
# SIGKILLed a chosen time after play began. This script owns the
# processes and the kill; load.rs measures (SIGUSR1 tells it when the
# kill came) and checks the database. Exits with load.rs's status.
#
#   benches/takeover.sh --rooms 300 --kill-after 20
#   benches/takeover.sh --rooms 5000 --kill-after 60 --database postgres://...
#
# Options (each with its default):
#   --rooms 300         two-player rooms (sockets: twice as many)
#   --kill-after 20     seconds after play began (load.rs's `playing:` line)
#   --kill 1            which instance to kill, 1 to 3
#   --lease 6s          the instances' --lease
#   --database URL      a PostgreSQL to use; without it, one of
#                       .ci/with-postgres (fsync off, so commits cost
#                       less than on a real one; PG_FSYNC=on in the
#                       environment starts it with fsync on)
#   --port 18090        the instances listen on PORT+1 .. PORT+3
#   --                  the rest goes to load.rs (--think-ms, --seed, ...)
# MANCALA and LOAD name the binaries (default target/release/mancala and
# target/release/examples/load of this tree, which the script builds
# first). Logs go to a temporary folder, named at
# the end.
set -euo pipefail

rooms=300
kill_after=20
victim=1
lease=6s
database=""
port=18090
extra=()
while [ "$#" -gt 0 ]; do
  case "$1" in
    --rooms) rooms="$2"; shift 2 ;;
    --kill-after) kill_after="$2"; shift 2 ;;
    --kill) victim="$2"; shift 2 ;;
    --lease) lease="$2"; shift 2 ;;
    --database) database="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "takeover.sh: unknown option $1 (see the head of $0)" >&2; exit 2 ;;
  esac
done
case "$victim" in 1|2|3) ;; *) echo "takeover.sh: --kill takes 1, 2 or 3" >&2; exit 2 ;; esac

root="$(cd "$(dirname "$0")/.." && pwd)"
# The release binaries of this tree, built first (two commands: with
# `--example load`, cargo builds only the example of every package named,
# and an old `mancala` would be measured), unless MANCALA and LOAD name
# others.
if [ -z "${MANCALA:-}" ]; then
  (cd "$root" && cargo build --release --quiet -p mancala-cli --bin mancala)
fi
if [ -z "${LOAD:-}" ]; then
  (cd "$root" && cargo build --release --quiet -p mancala-server --example load)
fi
mancala="${MANCALA:-$root/target/release/mancala}"
load="${LOAD:-$root/target/release/examples/load}"
for binary in "$mancala" "$load"; do
  [ -x "$binary" ] || { echo "takeover.sh: no $binary" >&2; exit 2; }
done

# Without a database, run again inside a throwaway PostgreSQL.
if [ -z "$database" ]; then
  if [ -z "${MANCALA_TEST_POSTGRES:-}" ]; then
    exec "$root/.ci/with-postgres" "$0" --rooms "$rooms" --kill-after "$kill_after" \
      --kill "$victim" --lease "$lease" --port "$port" -- "${extra[@]}"
  fi
  database="$MANCALA_TEST_POSTGRES"
fi

# Each instance holds its own sockets and those it passes on (both
# ends); load.rs one a socket.
hard="$(ulimit -Hn)"
[ "$hard" = unlimited ] && hard=1048576
ulimit -n "$hard"

logs="$(mktemp -d)"
pids=()
load_pid=""
cleanup() {
  local status=$?
  for pid in "${pids[@]}" $load_pid; do
    kill -TERM "$pid" 2> /dev/null || true
  done
  for pid in "${pids[@]}" $load_pid; do
    wait "$pid" 2> /dev/null || true
  done
  echo "takeover.sh: logs in $logs"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

urls=()
for i in 1 2 3; do
  "$mancala" serve --addr "127.0.0.1:$((port + i))" --instance "i$i" --lease "$lease" \
    --analysis-workers 0 --log warn --database "$database" \
    > "$logs/instance-$i.out" 2> "$logs/instance-$i.log" &
  pids+=("$!")
  urls+=("http://127.0.0.1:$((port + i))")
done
for i in 0 1 2; do
  for _ in $(seq 100); do
    curl -fsS "${urls[$i]}/readyz" > /dev/null 2>&1 && break
    kill -0 "${pids[$i]}" || { cat "$logs/instance-$((i + 1)).log" >&2; exit 1; }
    sleep 0.2
  done
  curl -fsS "${urls[$i]}/readyz" > /dev/null || { echo "takeover.sh: ${urls[$i]} not ready" >&2; exit 1; }
done

out="$logs/load.out"
: > "$out"
url_list="$(IFS=,; echo "${urls[*]}")"
pid_list="$(IFS=,; echo "${pids[*]}")"
echo "takeover.sh: $rooms rooms over $url_list, instance $victim killed ${kill_after} s into play;" \
  "load average $(cut -d ' ' -f 1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%M:%SZ)"
"$load" --rooms "$rooms" --url "$url_list" --server-pid "$pid_list" \
  --database "$database" --expect-takeover "${extra[@]}" > "$out" 2>&1 &
load_pid="$!"

until grep -q '^playing:' "$out"; do
  kill -0 "$load_pid" 2> /dev/null || { cat "$out"; echo "takeover.sh: load.rs ended before play" >&2; exit 1; }
  sleep 0.2
done
sleep "$kill_after"
kill -0 "$load_pid" 2> /dev/null || { cat "$out"; echo "takeover.sh: load.rs ended before the kill" >&2; exit 1; }
killed="${pids[$((victim - 1))]}"
kill -KILL "$killed"
kill -USR1 "$load_pid"
unset 'pids[victim - 1]'
echo "takeover.sh: SIGKILL to instance $victim (pid $killed, ${urls[$((victim - 1))]}) at $(date -u +%H:%M:%S.%N | cut -c1-12) UTC"
wait "$killed" 2> /dev/null || true
status=0
wait "$load_pid" || status=$?
load_pid=""
cat "$out"
echo "takeover.sh: load average $(cut -d ' ' -f 1-3 /proc/loadavg) at the end, $(date -u +%H:%M:%SZ)"
exit "$status"
