# syntax=docker/dockerfile:1
# Multi-stage build. Targets:
#   web  - Next.js standalone server (small): `node server.js`
#   app  - full app with node_modules, for the worker and the one-shot migrate service
FROM node:20-bookworm-slim AS base
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
WORKDIR /app

FROM base AS deps
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The Prisma client is generated offline (schema engine stubbed, see scripts/prisma-generate.mjs).
RUN node scripts/prisma-generate.mjs && NEXT_OUTPUT=standalone node node_modules/next/dist/bin/next build

FROM base AS app
ENV NODE_ENV=production
COPY --from=build /app /app
USER node
# Default: one worker (node --import tsx: one process, so signals reach the worker itself).
CMD ["node", "--import", "tsx", "workers/index.ts"]

FROM base AS web
ENV NODE_ENV=production PORT=3000 HOSTNAME=0.0.0.0
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
