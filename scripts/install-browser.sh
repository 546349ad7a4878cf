#!/usr/bin/env bash
# Install what the browser tests drive: Debian's `chromium`, and Playwright for Python.
#
#   scripts/install-browser.sh [PYTHON]     # PYTHON: the project's interpreter (default .venv/bin/python)
#
# - chromium: already on PATH -> nothing to do. Root (or passwordless sudo): `apt-get update`, then
#   `apt-get install chromium` (scripts/apt.sh). Neither:
#   says so and exits 0; the browser tests then skip with that reason (or fail under CI=true).
# - Playwright: the Python package from PyPI (`pip install playwright`, also in the `test` extra).
#   Never `playwright install`: the tests launch Debian's chromium with `executable_path`, and the
#   machine's network does not reach Playwright's own browser downloads.
set -euo pipefail

source "$(dirname "$0")/apt.sh"

PYTHON="${1:-.venv/bin/python}"

if ! command -v chromium >/dev/null 2>&1; then
  apt_install install-browser "the browser tests will be skipped" chromium fonts-dejavu-core || true
fi

if [ -x "$PYTHON" ] && ! "$PYTHON" -c "import playwright" >/dev/null 2>&1; then
  echo "install-browser: installing Playwright for Python with pip" >&2
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 "$PYTHON" -m pip install --quiet "playwright>=1.44" \
    || echo "install-browser: pip could not install playwright; the browser tests will be skipped" >&2
fi
exit 0
