#!/usr/bin/env bash
# Installs what the app needs, builds the renderer and starts the app with demo data on the
# embedded database (PORT, default 8080; data in DATA_DIR, default ./data). With DATABASE_URL set
# it runs on PostgreSQL instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm install, not npm ci: npm 11's ci wrongly rejects this lock file for oxlint's optional
  # per-platform packages; install follows the lock file just the same
  npm install --no-audit --no-fund
fi
npm run -s build
exec npx tsx server/src/main.ts
