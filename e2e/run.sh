#!/usr/bin/env bash
# The web page's end-to-end tests, as CI runs them: Debian's chromium
# (installed when missing), playwright-core, TypeScript and axe-core from
# e2e/package-lock.json, the page's type check, the release `mancala`
# binary (built when missing; cargo makes that a no-op after the earlier
# CI steps), then `node --test` (the browser tests, the accessibility
# audit and the vendored packages' check).
set -euo pipefail
cd "$(dirname "$0")"

# Chromium, and fonts for the page's languages (Noto for Bengali and
# Devanagari, IPA Gothic for Japanese): phones have them, a bare Debian
# does not, and the screenshots and the layout checks need the real glyphs.
if ! command -v chromium > /dev/null || ! fc-list | grep -q "Noto Sans Bengali" || ! fc-list | grep -q "IPAGothic"; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=600 \
    chromium fonts-noto-core fonts-ipafont-gothic > /dev/null
fi
chromium --version

npm ci --no-audit --no-fund

# The page's modules are type-checked JavaScript (`// @ts-check`): tsc
# from e2e/package.json reads them and writes nothing.
npm run typecheck

cargo build --release -p mancala-cli
export MANCALA_BIN="$PWD/../target/release/mancala"
export CHROMIUM="$(command -v chromium)"
npm test
