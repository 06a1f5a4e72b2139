# syntax=docker/dockerfile:1
# The site and its API in one image (docs/deploy.md). The server and its packages run as the JavaScript
# `npm run build` makes of them (ADR 0030), beside the built web app. Build: docker build -t pool-platform .
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# --- build: every dependency, then the server and its packages (*/build) and the web app (apps/web/build) ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The whole tree (less .dockerignore): npm ci needs every workspace's manifest, and their list changes.
# The download cache outlives the layer, so a rebuild after a source change installs from disk.
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
RUN npm run build

# --- runtime dependencies only (no Vite, TypeScript tooling, test tools) -------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY . .
# sharp and argon2 come with prebuilt binaries for linux-x64/arm64 glibc (sharp's libvips included):
# nothing is compiled, and the slim image needs no build tools.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund
# What the server runs, and nothing else: the workspaces (manifests and migrations; the JavaScript the
# server runs comes from the build stage), the dependencies (a workspace's own node_modules too, where npm
# put one), the migrate step.
RUN mkdir -p /out/apps/web /out/scripts \
 && cp -a package.json package-lock.json node_modules packages /out/ \
 && cp -a apps/server /out/apps/ \
 && cp -a apps/web/package.json /out/apps/web/ \
 && if [ -d apps/web/node_modules ]; then cp -a apps/web/node_modules /out/apps/web/; fi \
 && cp -a scripts/migrate.ts /out/scripts/

# --- production ------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS production
# jemalloc in place of glibc's malloc (ADR 0031), at one path whatever the architecture.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2
# V8's heap and the allocator kept near what is live (apps/server/src/runtime.ts; ADR 0024, Memory; ADR 0031).
ENV NODE_ENV=production \
    NODE_OPTIONS="--conditions=pool-build --max-semi-space-size=16 --max-old-space-size=512" \
    MALLOC_ARENA_MAX=2 \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Everything belongs to root and is read-only to the app's user; it writes only to DATA_DIR (the
# embedded database and local uploads of a one-container setup; nothing with PostgreSQL and S3).
COPY --from=deps /out ./
COPY --from=build /app/apps/web/build ./apps/web/build
COPY --from=build /app/apps/server/build ./apps/server/build
COPY --from=build /app/packages/contracts/build ./packages/contracts/build
COPY --from=build /app/packages/i18n/build ./packages/i18n/build
COPY --from=build /app/packages/db/build ./packages/db/build
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready = the database answers (apps/server/src/modules/health/routes.ts); the slim image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as the main process (not npm): SIGTERM reaches the server, which drains and exits.
CMD ["node", "apps/server/build/main.js"]
