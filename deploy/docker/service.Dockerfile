# syntax=docker/dockerfile:1
# One recipe for every service's image; the build context is the repository root.
#   docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=identity --build-arg PORT=8081 -t mia/identity .
#   docker build -f deploy/docker/service.Dockerfile --target gateway \
#     --build-arg SERVICE=gateway --build-arg PORT=8080 -t mia/gateway .
# The default target (`service`, last below) is a domain service with its migrations; `gateway`
# adds the built web app instead. BuildKit builds only the stages a target needs, so a domain
# service never builds the web app.

# The current Node LTS (20 reached its end of life in April 2026); package.json `engines` and
# .nvmrc name the same major.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG SERVICE=
ARG PORT=

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Just the lockfile and every workspace's package.json, so the install layers below are reused
# until a manifest changes (an edit to a source file does not reinstall anything).
FROM base AS manifests
COPY . /src
RUN cd /src \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /app/ \; \
 && cp package-lock.json /app/

# Everything needed to compile: root tooling (typescript, prisma, tsx), the libs, the service.
# Install scripts stay off: native parts arrive as optional dependencies (dbmate, rolldown).
FROM base AS build
ARG SERVICE
RUN test -n "${SERVICE}" || { echo 'build arg SERVICE is required' >&2; exit 1; }
COPY --from=manifests /app/ ./
RUN npm ci --ignore-scripts --include-workspace-root \
      --workspace libs/contracts --workspace libs/catalog --workspace libs/service-kit \
      --workspace "services/${SERVICE}"
COPY . .
RUN if [ -f "services/${SERVICE}/prisma/schema.prisma" ]; then npm run generate; fi \
 && npx tsc -b libs/contracts libs/catalog libs/service-kit "services/${SERVICE}"

# The browser app, for the gateway only.
FROM base AS web
COPY --from=manifests /app/ ./
RUN npm ci --ignore-scripts --workspace web
COPY . .
RUN npm run build -w web

# The local Stripe sandbox for development without Stripe keys (docker compose runs it; billing
# and the browser talk to it as they would to Stripe). Never a production image: it refuses
# MIA_ENV=production (and so runs only with MIA_ENV=development or test).
FROM base AS stripe-sandbox
COPY --from=manifests /app/ ./
RUN npm ci --ignore-scripts --include-workspace-root --workspace libs/stripe-sandbox
COPY tsconfig.base.json ./
COPY libs/stripe-sandbox libs/stripe-sandbox
RUN npx tsc -b libs/stripe-sandbox
ENV MIA_ENV=development SANDBOX_HOST=0.0.0.0 SANDBOX_PORT=12111
USER node
EXPOSE 12111
ENTRYPOINT ["node", "libs/stripe-sandbox/dist/main.js"]

# The acceptance suite (tests/acceptance) and Debian's Chromium, run against a deployment at
# BASE_URL: `docker compose --profile test up --exit-code-from acceptance`. It carries vitest and
# playwright-core at the lockfile's versions and nothing of the product. Never a production image.
# Root: compose bind-mounts the results folder, which Docker creates root-owned when missing.
FROM base AS acceptance
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json /tmp/repo/
COPY deploy/docker/acceptance-package.mjs /tmp/repo/
RUN node /tmp/repo/acceptance-package.mjs /tmp/repo > package.json \
 && cp /tmp/repo/package-lock.json ./ \
 && npm install --ignore-scripts \
 && rm -rf /tmp/repo /root/.npm
COPY vitest.config.ts ./
COPY tests/acceptance tests/acceptance
ENV CHROMIUM_PATH=/usr/bin/chromium ACCEPTANCE_RESULTS_DIR=/app/acceptance-results
CMD ["npm", "run", "test:acceptance"]

# Production dependencies only: what `node dist/main.js` loads, nothing to build with.
FROM base AS prod-deps
ARG SERVICE
COPY --from=manifests /app/ ./
RUN npm ci --omit=dev --ignore-scripts \
      --workspace libs/contracts --workspace libs/catalog --workspace libs/service-kit \
      --workspace "services/${SERVICE}"

FROM base AS runtime
ARG SERVICE
ARG PORT
RUN test -n "${PORT}" || { echo 'build arg PORT is required' >&2; exit 1; }
# MIA_ENV=production is also what an unset MIA_ENV means; said here so nobody wonders. NODE_ENV
# is for the libraries (Express), and refuses a MIA_ENV=development given to this image.
ENV NODE_ENV=production MIA_ENV=production MIA_SERVICE=${SERVICE} PORT=${PORT}
# Memory (bench/results/memory.md, `npm run bench:memory -w bench`): V8's young generation grows to
# 2 x 16 MB under load and stays committed; 2 MB semi-spaces keep each process ~30 MB smaller
# idle at no measured cost in throughput. Two malloc arenas instead of 8 per core keep the
# threads' freed native memory from piling up. Each service also sets --liftoff-only itself.
ENV NODE_OPTIONS="--max-semi-space-size=2" MALLOC_ARENA_MAX=2
COPY --from=prod-deps /app/ ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/catalog/dist libs/catalog/dist
COPY --from=build /app/libs/catalog/images libs/catalog/images
COPY --from=build /app/libs/service-kit/dist libs/service-kit/dist
COPY --from=build /app/services/${SERVICE}/dist services/${SERVICE}/dist
COPY deploy/docker/probe.mjs /app/probe.mjs
# The code stays root-owned and read-only; the only place the process writes is .data (identity's
# mail folder when no SMTP server is configured, as on a developer machine).
RUN mkdir /app/.data && chown node:node /app/.data
USER node
WORKDIR /app/services/${SERVICE}
EXPOSE ${PORT}
# Liveness only: readiness (PostgreSQL, NATS, upstreams) is for orchestrators to gate traffic on.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "/app/probe.mjs", "/healthz"]
# `docker run <image> replay` rebuilds the projections instead of serving.
ENTRYPOINT ["node", "dist/main.js"]

FROM runtime AS gateway
COPY --from=web /app/web/dist /app/web/dist

# Default target: a domain service, which applies the kit's migrations and its own at start.
FROM runtime AS service
COPY --from=build /app/libs/service-kit/migrations /app/libs/service-kit/migrations
COPY --from=build /app/services/${MIA_SERVICE}/migrations /app/services/${MIA_SERVICE}/migrations
