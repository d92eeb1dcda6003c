#!/usr/bin/env bash
# Installs what the app needs (npm ci from the lock file), builds the server and the renderer and
# starts the compiled server with demo data on the embedded database (PORT, default 8080; data in
# DATA_DIR, default ./data). With DATABASE_URL set it runs on PostgreSQL instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run -s build
# the demo database prepared once for these fixtures (dist/demo; skipped when up to date)
npm run -s build:demo || echo "The demo snapshot could not be prepared: the demo data is loaded at the first start instead."
exec node scripts/start.js
