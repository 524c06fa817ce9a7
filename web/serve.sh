#!/usr/bin/env bash
# Serves dist/ at http://127.0.0.1:8080 (build it first with web/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 -m http.server --bind 127.0.0.1 --directory dist "${1:-8080}"
