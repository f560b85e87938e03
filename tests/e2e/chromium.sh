#!/usr/bin/env bash
# Debian's Chromium for the browser tests (playwright.config.ts's executablePath), with Chrome's
# spare renderer turned off (decision 0044). Playwright passes its own --disable-features list and
# Chromium reads only the last one, so this merges every --disable-features it is given into one,
# adds SpareRendererForSitePerProcess, and runs Chromium with the rest unchanged.
# The spare renderer is a process Chrome starts after each navigation for the next one; every test
# has a fresh browser context, which cannot use another context's spare, so on this 2-core machine
# it is a renderer started and thrown away per page (about 5 % of a short test's CPU, measured).
set -euo pipefail
features=SpareRendererForSitePerProcess
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features="${arg#--disable-features=},$features" ;;
    *) args+=("$arg") ;;
  esac
done
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}" "--disable-features=$features"
