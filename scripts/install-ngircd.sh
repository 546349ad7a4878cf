#!/usr/bin/env bash
# Install Debian's ngircd (the IRC server the IRC tests start on loopback) where it is missing.
#
# - Already installed: does nothing.
# - Root (or passwordless sudo): `apt-get update` then `apt-get install ngircd` (scripts/apt.sh).
#   Debian's package starts a system-wide daemon on port 6667; the tests never use it (they start
#   their own servers on free ports), so it is stopped and disabled where the package started it.
# - Neither: says so and exits 0; the IRC tests then skip with that reason (or fail under CI=true).
set -euo pipefail
source "$(dirname "$0")/apt.sh"

if command -v ngircd >/dev/null 2>&1 || [ -x /usr/sbin/ngircd ]; then
  exit 0
fi
apt_install install-ngircd "the IRC tests will be skipped" ngircd || exit 0
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  $SUDO systemctl disable --now ngircd >/dev/null 2>&1 || true
elif [ -x /etc/init.d/ngircd ]; then
  $SUDO /etc/init.d/ngircd stop >/dev/null 2>&1 || true
fi
