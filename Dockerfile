# AeroERP server image: the compiled server (plain node, no tsx), the built renderer, the metadata
# it reads at run time, production packages only, and Debian's chromium for PDF prints.
#
#   docker build -t aeroerp .
#   docker run --rm -p 8080:8080 -v aeroerp-data:/data aeroerp                  (embedded database in /data)
#   docker run --rm -p 8080:8080 -e DATABASE_URL=postgres://… -e JWT_SECRET=… aeroerp
#
# compose.yaml runs two of these behind nginx over one PostgreSQL (README: "More than one machine").
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. build: every package (TypeScript, Vite, React…), then npm run build → dist/
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY engine ./engine
COPY server ./server
COPY plugins ./plugins
COPY renderer ./renderer
RUN npm run build

# 2. production packages only (npm ci --omit=dev)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. run: node, tini (reaps chromium's children), chromium and fonts for prints; a non-root user
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-liberation tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json package-lock.json ./
COPY scripts/start.js ./scripts/start.js
COPY engine/core-metadata ./engine/core-metadata
COPY metadata ./metadata
COPY fixtures ./fixtures
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "scripts/start.js"]
