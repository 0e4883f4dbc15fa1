#!/bin/sh
# What the tests need from Debian besides npm's packages:
# - Chromium (/usr/bin/chromium): the web workspace's end-to-end tests (test/web/) drive it through
#   playwright-core; no browser is ever downloaded;
# - openpyxl for Debian's own /usr/bin/python3: the results tests read the workbooks back with an
#   independent reader.
# Install what is absent with apt when we may, else stop with the one line to run: the tests are
# never skipped silently, nor left to fail one by one.
set -eu
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
# Sets $missing to the Debian packages still absent, one per word (empty when none is).
find_missing() {
  missing=""
  [ -x "$CHROMIUM" ] || missing=" chromium"
  /usr/bin/python3 -c 'import openpyxl' >/dev/null 2>&1 || missing="$missing python3-openpyxl"
}
find_missing
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Instalando con apt-get lo que necesitan las pruebas:$missing..." >&2
  export DEBIAN_FRONTEND=noninteractive
  # shellcheck disable=SC2086 -- one package name per word
  apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || true
  find_missing
  [ -z "$missing" ] && exit 0
fi
echo "Faltan programas para las pruebas. Ejecute: sudo apt-get update && sudo apt-get install -y$missing" >&2
exit 1
