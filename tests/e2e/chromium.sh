#!/usr/bin/env bash
# Debian's Chromium for the browser tests (playwright.config.ts's executablePath), with two kinds of
# Chrome's own work turned off (decision 0044). Playwright passes its own --disable-features list and
# Chromium reads only the last one, so this merges every --disable-features it is given into one,
# adds ours, and runs Chromium with the rest unchanged.
# - Which Chromium: CHROMIUM_PATH, else Debian's headless shell (apt-get install
#   chromium-headless-shell: Chromium's headless-only build, the same version as its chromium, about
#   a fifth less CPU per test than the full browser in --headless mode, decision 0044), else
#   /usr/bin/chromium with a notice. The shell draws text with full font hinting unless told
#   otherwise: whole-pixel glyph advances, so a line of text is up to a pixel or two wider than in
#   Chromium, which follows fontconfig (Debian's default is slight hinting, fractional advances),
#   and a title that fits its line by less than a pixel wraps. --font-render-hinting=slight gives
#   it Chromium's text: the same advances, the same lines, the same pixels where a page is the same.
# - SpareRendererForSitePerProcess: a process Chrome starts after each navigation for the next one;
#   every test has a fresh browser context, which cannot use another context's spare, so on this
#   2-core machine it is a renderer started and thrown away per page (about 5 % of a short test's CPU).
# - WebUIOmniboxPopup, WebUIOmniboxAimPopup, WebUIOmniboxFullPopup: since Chromium 15x every browser
#   window (Playwright's headless one per context, so per test) preloads the address bar's popup as
#   web pages (chrome://omnibox-popup.top-chrome/), in a renderer of their own that no page sees and
#   no test can open: about 0.6 s of CPU per context. Measured (session 24, whole process tree):
#   15 fresh contexts loading /agendamento 19.8–22.6 s of CPU with it, 11.2–11.7 s without; the
#   keyboard, a11y, agendamento, inline-edit, preview-pixels and structure specs (66 tests, one worker)
#   about a fifth less (figures in the decision). The pages and their rendering are unchanged.
set -euo pipefail
shell=/usr/lib/chromium/chromium-headless-shell
chromium="${CHROMIUM_PATH:-}"
if [[ -z "$chromium" ]]; then
  if [[ -x "$shell" ]]; then
    chromium=$shell
  else
    chromium=/usr/bin/chromium
    echo "tests/e2e/chromium.sh: no $shell (apt-get install chromium-headless-shell): the full Chromium, slower" >&2
  fi
fi
features=SpareRendererForSitePerProcess,WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features="${arg#--disable-features=},$features" ;;
    *) args+=("$arg") ;;
  esac
done
if [[ "$(basename "$chromium")" == chromium-headless-shell ]]; then args+=(--font-render-hinting=slight); fi
exec "$chromium" "${args[@]}" "--disable-features=$features"
