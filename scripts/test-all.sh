#!/usr/bin/env bash
# Installs what the tests need (npm packages, Debian's Chromium) and runs every test:
# generated-types and docs/actions.md checks, typecheck, lint, the unit and HTTP suites on PGlite AND on PostgreSQL,
# the build and a smoke test of two compiled server processes behind nginx, and the end-to-end
# suite in real Chromium against the real server. The benchmarks are not tests (figures, judged in
# docs/performance.md): `npm run bench -- --quick` runs their short form (decision 0201).
#
#   npm test                      (PostgreSQL at TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
#   QUICK=1 npm test              (skip the end-to-end suite)
set -euo pipefail
cd "$(dirname "$0")/.."
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
step() { printf '\n==== %s ====\n' "$*"; }

step "npm packages"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  echo "node_modules up to date"
fi

step "Chromium, poppler-utils and nginx (Debian packages: browser tests, PDF text checks, the proxy of the two-process smoke test)"
if ! [ -x /usr/bin/chromium ] || ! command -v pdftotext >/dev/null 2>&1 || ! [ -x /usr/sbin/nginx ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium poppler-utils nginx >/dev/null
fi
chromium --version 2>/dev/null | head -1 || /usr/bin/chromium --version | head -1

step "PostgreSQL"
if ! node -e "const c=new (require('pg').Client)({connectionString:process.env.TEST_DATABASE_URL});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" 2>/dev/null; then
  echo "PostgreSQL not reachable at $TEST_DATABASE_URL; trying to start the local cluster"
  if command -v pg_ctlcluster >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    sleep 2
  fi
  node -e "const c=new (require('pg').Client)({connectionString:process.env.TEST_DATABASE_URL});c.connect().then(()=>c.end()).catch(e=>{console.error('PostgreSQL is required for the test suite: '+e.message);process.exit(1)})"
fi
echo "PostgreSQL reachable"

step "generated metadata types are current"
npx tsx engine/scripts/gen-types.ts --check
step "generated docs/actions.md is current"
npx tsx engine/scripts/gen-actions.ts --check
step "typecheck"
npm run -s typecheck
step "lint"
npm run -s lint

step "renderer unit tests (happy-dom)"
npx vitest run --project renderer
step "unit and HTTP suites on PGlite"
TEST_DB=pglite npx vitest run --project unit
step "unit and HTTP suites on PostgreSQL"
TEST_DB=postgres npx vitest run --project unit

if [ "${QUICK:-0}" != "1" ]; then
  step "build (compiled server and renderer)"
  npm run -s build
  step "two compiled server processes over one PostgreSQL behind compose.yaml's nginx (npm run smoke)"
  npm run -s smoke
  step "end-to-end in Chromium (PGlite): shell, approvals, all 174 routes"
  TEST_DB=pglite npx vitest run --project e2e
  # on PostgreSQL the flows whose server work differs with a real pool of connections (workflow
  # locks, stock postings, the procurement chain, due computations, MRO); the shell, form validation
  # and lifecycle screens are the same UI over the HTTP paths the PostgreSQL unit suite covers
  step "end-to-end in Chromium (PostgreSQL): approvals, stores, procurement, airworthiness, MRO"
  TEST_DB=postgres npx vitest run --project e2e test/e2e/approvals.test.ts \
    test/e2e/stores.test.ts test/e2e/procurement.test.ts test/e2e/airworthiness.test.ts test/e2e/mro.test.ts
  step "reliability suite, short form (isolation matrix, concurrency, hostile input, faults)"
  TEST_DB=postgres RELIABILITY_QUICK=1 npx vitest run --project reliability
fi
step "all tests passed"
