# syntax=docker/dockerfile:1
# The nanodex GitHub App. Build: docker build -t nanodex-app .
# Run:   docker run -p 3000:3000 -v nanodex-data:/data -e APP_ID -e PRIVATE_KEY -e WEBHOOK_SECRET nanodex-app
# test/app/dockerfile.test.ts keeps the commands below in step with package.json's scripts.

FROM node:24.21-bookworm-slim AS build
WORKDIR /app
# No compiler: better-sqlite3 13 ships its N-API binaries (linux x64/arm64, glibc and musl) inside the package.
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY bench ./bench
COPY skills ./skills
RUN npm run build && npm prune --omit=dev

FROM node:24.21-bookworm-slim
ENV NODE_ENV=production NANODEX_DATA_DIR=/data PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json app.yml ./
COPY skills ./skills
RUN mkdir -p /data && chown node:node /data
# The image's unprivileged user: webhook payloads and repository content are untrusted input.
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/src/app/main.js"]
