# syntax=docker/dockerfile:1
# PixPay: build stage compiles TypeScript; the runtime stage holds only the built app and
# its production dependencies, and runs as the unprivileged `node` user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm workspaces: the SDK's manifest must be there for `npm ci` to match the lock file.
COPY packages/client/package.json ./packages/client/
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npx tsc -p tsconfig.build.json && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist/src ./dist/src
# The embedded database (used only without DATABASE_URL) writes under DATA_DIR.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness only: readiness (/health/ready) is for the orchestrator's routing.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node runs as PID 1 and handles SIGTERM itself: it drains before exiting (docs/operate/graceful-shutdown.md).
STOPSIGNAL SIGTERM
# The node options of `npm start` (none today: see docs/operate/deployment.md).
CMD ["node", "dist/src/main.js"]
