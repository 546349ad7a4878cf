#!/usr/bin/env bash
# Install Debian's ngircd (the IRC server the IRC tests start on loopback) where it is missing.
#
# - Already installed: does nothing.
# - Root (or passwordless sudo): `apt-get update` then `apt-get install ngircd`, waiting for
#   another apt run's lock rather than failing. Debian's package starts a system-wide daemon on
#   port 6667; the tests never use it (they start their own servers on free ports), so it is
#   stopped and disabled where the package started it.
# - Neither: says so and exits 0; the IRC tests then skip with that reason (or fail under CI=true).
set -euo pipefail

if command -v ngircd >/dev/null 2>&1 || [ -x /usr/sbin/ngircd ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  echo "install-ngircd: ngircd is missing and this user cannot run apt-get (not root, no sudo);" \
       "the IRC tests will be skipped" >&2
  exit 0
fi

APT=(-o DPkg::Lock::Timeout=600 -qq)
echo "install-ngircd: installing Debian's ngircd with apt-get" >&2
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get "${APT[@]}" update
# policy-rc.d keeps the package from starting its own daemon where invoke-rc.d honours it.
$SUDO env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get "${APT[@]}" install -y --no-install-recommends ngircd >/dev/null
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  $SUDO systemctl disable --now ngircd >/dev/null 2>&1 || true
elif [ -x /etc/init.d/ngircd ]; then
  $SUDO /etc/init.d/ngircd stop >/dev/null 2>&1 || true
fi
