#!/usr/bin/env bash
# Serves dist/ at http://127.0.0.1:8080 (build it first with web/build.sh), as a static host
# should: the precompressed .br or .gz copy when the browser accepts it, with Content-Encoding
# and the file's own Content-Type (web/serve.py).
#   web/serve.sh [port]
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 web/serve.py dist "${1:-8080}"
