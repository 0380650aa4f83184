#!/bin/sh
# Starts Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium) for the browser tests, with the
# features below switched off as well as Playwright's. Chromium reads only the last
# --disable-features it is given, and Playwright passes its own list (third-party storage
# partitioning, HTTPS upgrades, …): every list given here is joined into one.
#
# Chromium 156 makes the address bar's two suggestion popups (chrome://omnibox-popup.top-chrome/),
# in a renderer each, for every window, so for every context a test opens, though a headless window
# has no address bar. Measured on the project's 2-core machine: 10 contexts opened, loaded and
# closed took 6.4 s with them and 4.3 s without; product.spec.ts took 2.3 min and 1.5 min.
disabled="WebUIOmniboxPopup,WebUIOmniboxAimPopup"
for arg do
  shift
  case "$arg" in
    --disable-features=*) disabled="$disabled,${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@" "--disable-features=$disabled"
