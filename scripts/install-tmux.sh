#!/usr/bin/env bash
# Install Debian's tmux (the terminal the full-screen `ion play` smoke test runs in) where it is missing.
#
# - Already installed: does nothing.
# - Root (or passwordless sudo): `apt-get update` then `apt-get install tmux` (scripts/apt.sh).
# - Neither: says so and exits 0; the tmux test then skips with that reason (or fails under CI=true).
set -euo pipefail
source "$(dirname "$0")/apt.sh"

if command -v tmux >/dev/null 2>&1; then
  exit 0
fi
apt_install install-tmux "the terminal smoke test will be skipped" tmux || exit 0
