#!/usr/bin/env bash
# Install Debian's irssi (the IRC client the IRC tests drive in tmux with its default settings, to
# see that a player's turn line reaches them) where it is missing.
#
# - Already installed: does nothing.
# - Root (or passwordless sudo): `apt-get update` then `apt-get install irssi` (scripts/apt.sh).
# - Neither: says so and exits 0; the irssi test then skips with that reason (or fails under CI=true).
set -euo pipefail
source "$(dirname "$0")/apt.sh"

if command -v irssi >/dev/null 2>&1; then
  exit 0
fi
apt_install install-irssi "the irssi test will be skipped" irssi || exit 0
