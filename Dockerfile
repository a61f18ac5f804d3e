# The portal as a container that takes ManagementPortal's place (docs/deploy.md): listens on 8080 under
# /managementportal, runs as a non-root user, and has /bin/sh and curl for the `management-portal` Helm chart's
# probes (`/bin/sh /config/healthcheck.sh` curls localhost:8080/managementportal/management/health). Nothing of the
# app lives under /config, /secrets or /mp-includes/config, which the chart mounts over.
#
#   docker build -t radar-portal .                                   # on node:20-bookworm-slim
#   docker build --build-arg NODE_BASE=my-registry/node:20-slim -t radar-portal .
#
# NODE_BASE: any Debian-like image with Node.js 20+ (npm in the build stage, /bin/sh in both); curl is installed
# with apt-get only when the base lacks it. .ci/node-base.sh builds such a base from the host's Debian packages
# where no registry can be reached.
ARG NODE_BASE=node:20-bookworm-slim

FROM ${NODE_BASE} AS build
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY build.mjs tsconfig.json ./
COPY scripts scripts
# package.json's postinstall, which --ignore-scripts skipped: the mended postgres.js pool (scripts/patch-postgres.mjs).
RUN node scripts/patch-postgres.mjs
COPY static static
COPY src src
RUN node build.mjs --quiet && npm prune --omit=dev --no-audit --no-fund --ignore-scripts

FROM ${NODE_BASE}
RUN command -v curl >/dev/null || (apt-get update && apt-get install -y --no-install-recommends curl ca-certificates \
      && rm -rf /var/lib/apt/lists/*)
# A user of our own (no useradd needed, so any base with /bin/sh works); uid 10001 owns nothing but the data directory.
RUN echo 'portal:x:10001:10001:RADAR portal:/app:/usr/sbin/nologin' >> /etc/passwd \
 && echo 'portal:x:10001:' >> /etc/group \
 && mkdir -p /data && chown 10001:10001 /data
# `import-mp` (npm run import-mp of a checkout) on the PATH: `docker exec <container> import-mp --dry-run`. /root may
# be passed through (0711, not listed) so our user reads the PostgreSQL root certificate the chart mounts at
# /root/.postgresql/root.crt, where ManagementPortal's JDBC driver, running as root, looked for it. Done with node,
# which every base has (chmod may be missing).
RUN node -e "const fs = require('node:fs'); fs.mkdirSync('/usr/local/bin', { recursive: true }); \
      fs.writeFileSync('/usr/local/bin/import-mp', '#!/bin/sh\\nexec node /app/dist/server/import-mp.js \"\$@\"\\n', { mode: 0o755 }); \
      fs.mkdirSync('/root', { recursive: true }); fs.chmodSync('/root', 0o711)"
WORKDIR /app
COPY --from=build /build/package.json ./
COPY --from=build /build/node_modules node_modules
COPY --from=build /build/dist dist
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    BASE_PATH=/managementportal \
    DATA_DIR=/data
# The embedded database and the mail outbox, used only without DATABASE_URL / SMTP_URL; a volume keeps them.
VOLUME /data
EXPOSE 8080
USER 10001:10001
# The same check as the chart's probe, for docker and compose.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD curl -fsm 4 "http://localhost:${PORT}${BASE_PATH}/management/health" | grep -Fq 'db":{"status":"UP' || exit 1
CMD ["node", "dist/server/main.js"]
