#!/bin/sh
# The web workspace's end-to-end tests (test/web/) drive Debian's Chromium through playwright-core;
# no browser is ever downloaded. Install it with apt when it is absent and we may, else stop with
# the one line to run: the tests are never skipped silently.
set -eu
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Instalando Chromium (apt-get) para las pruebas del espacio de trabajo web..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null || true
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Falta Chromium para las pruebas web. Ejecute: sudo apt-get update && sudo apt-get install -y chromium" >&2
exit 1
