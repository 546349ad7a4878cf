#!/usr/bin/env bash
# Install Debian's redis-server and nats-server (the message buses of `ion serve --bus`) where missing.
#
# - Both installed: does nothing.
# - Root (or passwordless sudo): `apt-get update` then `apt-get install` of the missing ones
#   (scripts/apt.sh). The cluster tests use a server already listening on 127.0.0.1:6379 / :4222,
#   else start their own from these binaries on a free port (tests/cluster/conftest.py).
# - Neither: says so and exits 0; the cluster tests then skip with that reason (or fail under CI=true).
set -euo pipefail
source "$(dirname "$0")/apt.sh"

missing=()
if ! command -v redis-server >/dev/null 2>&1 && [ ! -x /usr/bin/redis-server ]; then
  missing+=(redis-server)
fi
if ! command -v nats-server >/dev/null 2>&1 && [ ! -x /usr/sbin/nats-server ] && [ ! -x /usr/bin/nats-server ]; then
  missing+=(nats-server)
fi
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
apt_install install-bus "the cluster tests will be skipped" "${missing[@]}" || exit 0
