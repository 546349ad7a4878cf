#!/usr/bin/env bash
# Install what the browser tests drive: Debian's `chromium`, and Playwright for Python.
#
#   scripts/install-browser.sh [PYTHON]     # PYTHON: the project's interpreter (default .venv/bin/python)
#
# - chromium: already on PATH -> nothing to do. Root (or passwordless sudo): `apt-get update`, then
#   `apt-get install chromium` (waiting for another apt run's lock rather than failing). Neither:
#   says so and exits 0; the browser tests then skip with that reason (or fail under CI=true).
# - Playwright: the Python package from PyPI (`pip install playwright`, also in the `test` extra).
#   Never `playwright install`: the tests launch Debian's chromium with `executable_path`, and the
#   machine's network does not reach Playwright's own browser downloads.
set -euo pipefail

PYTHON="${1:-.venv/bin/python}"

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "install-browser: chromium is missing and this user cannot run apt-get (not root, no sudo);" \
         "the browser tests will be skipped" >&2
    SUDO="none"
  fi
  if [ "$SUDO" != "none" ]; then
    APT=(-o DPkg::Lock::Timeout=600 -qq)
    echo "install-browser: installing Debian's chromium with apt-get" >&2
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get "${APT[@]}" update
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get "${APT[@]}" install -y --no-install-recommends \
      chromium fonts-dejavu-core >/dev/null
  fi
fi

if [ -x "$PYTHON" ] && ! "$PYTHON" -c "import playwright" >/dev/null 2>&1; then
  echo "install-browser: installing Playwright for Python with pip" >&2
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 "$PYTHON" -m pip install --quiet "playwright>=1.44" \
    || echo "install-browser: pip could not install playwright; the browser tests will be skipped" >&2
fi
exit 0
