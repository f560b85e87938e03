# The hosted Estúdio (README "Estúdio hospedado", decision 0018): the same server as
# `npm run studio`, in hosted mode, for people with only a browser.
#
#   docker build -t estudio .
#   docker run -p 8080:8080 -v estudio-dados:/data \
#     -e STUDIO_PUBLIC_URL=https://estudio.fillgas.com.br \
#     -e STUDIO_REPO_URL=git@github.com:fillgas/site.git \
#     -e STUDIO_GIT_SSH_KEY_FILE=/run/secrets/estudio_deploy_key \
#     -v /caminho/da/chave:/run/secrets/estudio_deploy_key:ro estudio
#
# HTTPS is the platform's (or a proxy's) job: the server speaks plain HTTP on 8080 and accepts
# only requests for STUDIO_PUBLIC_URL. /data holds the repository clone (/data/repo) and the
# Estúdio's own state (/data/estudio: contas.json, audit.log); keep it on a volume.
FROM node:20-bookworm-slim

# git publishes (commit, push); ssh for a deploy key; CA certificates for HTTPS remotes and for
# Cloudflare Access's keys; tini forwards signals so a stop closes the server cleanly; Chromium
# photographs the pages a publish changes (decision 0029; without it Publicar lists them, no pictures).
RUN apt-get update \
  && apt-get install -y --no-install-recommends git openssh-client ca-certificates tini chromium \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# The dependencies first: this layer is rebuilt only when the lockfile changes. tsx and vite are
# dev dependencies and the server needs them, so all are installed.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && npm cache clean --force

COPY . .
# The app's production build, made once here (the server would otherwise build it at start).
# Vite's cache folder, the kept builds and validators (node_modules/.cache: the bundled build
# command of every publish check, studio/server/bundled-entry.ts) and /data must be writable by
# the user the server runs as.
RUN npm run studio:build -- /app/.estudio-app \
  && mkdir -p node_modules/.vite node_modules/.cache /data \
  && chown -R node:node node_modules/.vite node_modules/.cache /data

ENV STUDIO_HOSTED=1 \
  PORT=8080 \
  STUDIO_REPO=/data/repo \
  STUDIO_DATA_DIR=/data/estudio \
  STUDIO_APP_DIR=/app/.estudio-app

USER node
VOLUME ["/data"]
EXPOSE 8080

# /saude answers without the Host check (the platform's probe knows no public address).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/saude').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

ENTRYPOINT ["/usr/bin/tini", "--", "/app/studio/server/hosted/docker-entrypoint.sh"]
CMD ["npm", "run", "studio", "--", "--hosted"]
