# syntax=docker/dockerfile:1
# The site as a container (docs/deploy.md, "In a container"): built once in the first stage, run compiled with plain
# node in the second — the start `npm start` makes after its build, without the build tools.

FROM node:20-slim AS build
WORKDIR /app
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (browser and server-rendering bundles) and the server compiled to apps/server/dist.
RUN npm run build

FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Production dependencies only: no TypeScript, Vite or esbuild in the image.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY packages packages
COPY apps/server/migrations apps/server/migrations
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
# DATA_DIR holds the embedded database, the generated keys (secrets.json) and local photos: a volume, owned by the
# unprivileged user the server runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as the container's main process: SIGTERM reaches the server, which stops gracefully. The heap limits are
# package.json's `start` script's (docs/deploy.md, "Memory").
CMD ["node", "--max-semi-space-size=2", "--max-old-space-size=256", "apps/server/dist/server.js"]
