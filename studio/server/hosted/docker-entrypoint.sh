#!/bin/sh
# The container's start (Dockerfile, README "Estúdio hospedado"): git's credentials for pushing,
# the repository clone on the volume (cloned from STUDIO_REPO_URL on the first start), then the
# command (npm run studio -- --hosted). Secrets stay in the environment or in mounted files:
# nothing here writes a token or a key to disk.
set -eu

# A deploy key mounted as a secret (read-only, e.g. /run/secrets/estudio_deploy_key).
if [ -n "${STUDIO_GIT_SSH_KEY_FILE:-}" ]; then
  export GIT_SSH_COMMAND="ssh -i ${STUDIO_GIT_SSH_KEY_FILE} -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile=${STUDIO_DATA_DIR}/known_hosts"
fi

# An HTTPS token (GitHub fine-grained token with Contents: read and write, GitLab project token…):
# git asks this helper at each push, and the helper reads the variable; its value is never stored.
if [ -n "${STUDIO_GIT_TOKEN:-}" ]; then
  git config --global credential.helper \
    '!f() { test "$1" = get && echo "username=${STUDIO_GIT_USER:-x-access-token}" && echo "password=${STUDIO_GIT_TOKEN}"; }; f'
fi

mkdir -p "${STUDIO_DATA_DIR}"
chmod 700 "${STUDIO_DATA_DIR}"

if [ ! -d "${STUDIO_REPO}/.git" ]; then
  if [ -n "${STUDIO_REPO_URL:-}" ]; then
    echo "Clonando o repositório em ${STUDIO_REPO}…" >&2
    git clone --quiet "${STUDIO_REPO_URL}" "${STUDIO_REPO}"
  else
    # Not fatal: `npm run studio:conta` runs without a clone; the server says what is missing.
    echo "Não há clone do repositório em ${STUDIO_REPO}: monte um clone nesse caminho ou defina STUDIO_REPO_URL." >&2
  fi
fi

exec "$@"
