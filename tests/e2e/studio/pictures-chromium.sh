#!/usr/bin/env bash
# The Chromium of the Estúdio's publish pictures (studio/server/review/pictures.ts) when the browser
# tests start an Estúdio (studio-server.ts, hosted-team.ts pass it as CHROMIUM_PATH): the tests'
# own wrapper (../chromium.sh), so that browser too runs without the spare renderer and the address
# bar's popup preloaded per context (two contexts, one per picture width: about 3 s of CPU per
# spec file that opens Publicar, session 27). The pictures are the same: neither draws anything.
# ESTUDIO_E2E_CHROMIUM is the real Chromium (the runner's CHROMIUM_PATH, else Debian's full one: the
# pictures stay in the browser the Estúdio uses outside the tests, scripts/chromium.ts's, even though
# the tests themselves run in the headless shell by default).
set -euo pipefail
export CHROMIUM_PATH="${ESTUDIO_E2E_CHROMIUM:-/usr/bin/chromium}"
exec "$(dirname "$0")/../chromium.sh" "$@"
