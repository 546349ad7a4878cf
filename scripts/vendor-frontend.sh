#!/usr/bin/env bash
# Refresh the vendored front-end files from the npm registry (a maintainer's step; users never run it).
#   scripts/vendor-frontend.sh [preact-version] [htm-version]
# Then update src/ionarena/web/static/vendor/README.md (versions, integrity, SHA-256).
set -euo pipefail
PREACT="${1:-11.2.0}"
HTM="${2:-3.1.1}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/src/ionarena/web/static/vendor"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
npm pack --silent "preact@$PREACT" "htm@$HTM" >/dev/null
mkdir p h
tar xzf "preact-$PREACT.tgz" -C p
tar xzf "htm-$HTM.tgz" -C h
mkdir -p "$DEST/preact" "$DEST/htm"
cp p/package/dist/preact.mjs p/package/hooks/dist/hooks.mjs p/package/LICENSE "$DEST/preact/"
cp h/package/dist/htm.mjs h/package/LICENSE "$DEST/htm/"
npm view "preact@$PREACT" dist.integrity
npm view "htm@$HTM" dist.integrity
(cd "$DEST" && sha256sum preact/preact.mjs preact/hooks.mjs htm/htm.mjs)
