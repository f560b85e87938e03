#!/usr/bin/env bash
# The Chromium of the Estúdio's publish pictures (studio/server/review/pictures.ts) when the browser
# tests start an Estúdio (studio-server.ts, hosted-team.ts pass it as CHROMIUM_PATH): the tests'
# own wrapper (../chromium.sh), so that browser too runs without the spare renderer and the address
# bar's popup preloaded per context (two contexts, one per picture width: about 3 s of CPU per
# spec file that opens Publicar, session 27). The pictures are the same: neither draws anything.
# The browser is the one the Estúdio picks outside the tests (scripts/chromium.ts's
# picturesChromium): ESTUDIO_E2E_CHROMIUM when the runner named one (its CHROMIUM_PATH); when it
# named none (studio-server.ts then passes an empty value) Debian's headless shell
# if installed, else /usr/bin/chromium, which is ../chromium.sh's own choice without CHROMIUM_PATH.
# The shell gets --font-render-hinting=slight there, as in the Estúdio: the same pictures, byte for
# byte (decision 0044, session 33).
set -euo pipefail
named="${ESTUDIO_E2E_CHROMIUM:-}"
if [[ -z "$named" ]]; then
  unset CHROMIUM_PATH
else
  export CHROMIUM_PATH="$named"
fi
exec "$(dirname "$0")/../chromium.sh" "$@"
