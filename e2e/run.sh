#!/usr/bin/env bash
# The web page's end-to-end tests, as CI runs them: Debian's chromium
# (installed when missing), playwright-core from e2e/package-lock.json,
# the release `mancala` binary (built when missing; cargo makes that a
# no-op after the earlier CI steps), then `node --test`.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v chromium > /dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=600 chromium > /dev/null
fi
chromium --version

npm ci --no-audit --no-fund

cargo build --release -p mancala-cli
export MANCALA_BIN="$PWD/../target/release/mancala"
export CHROMIUM="$(command -v chromium)"
npm test
