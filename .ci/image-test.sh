#!/usr/bin/env bash
# The container image test (docs/deploy.md): builds the image on a local Node.js base made from this host's Debian
# packages (.ci/node-base.sh; no registry image is pulled), starts it with the chart's mounts (/config holding the
# chart's probe script, /secrets and /mp-includes/config empty) and runs the probe the chart runs until it passes.
# Checks the image runs as a non-root user that can read the chart's PostgreSQL root certificate mount
# (/root/.postgresql/root.crt) and holds the import-mp command. Then the third way to run the portal:
# docker-compose.yml as it is, on the image just built (tagged with the name the file uses, so nothing is built
# again) and a PostgreSQL 15 image made from this host's Debian packages (.ci/postgres-image.sh): the stack starts
# with one command, answers the health probe over HTTP, admin signs in with the password the environment gave, the
# import-mp command runs inside the portal's container against ManagementPortal's schema and dev data loaded into the
# same database, and the stack is taken down with its volumes. Compose: the `docker compose` plugin where there is
# one, else Debian's Compose v1 (`docker-compose`, installed with apt-get when missing; bookworm has no v2 package).
# Needs a running Docker engine; exits 0 with "passed", 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
tag=radar-portal:ci
name=radar-portal-image-test-$$
project=radarportalimagetest$$
mounts=$(mktemp -d)
compose=()
cleanup() {
  docker rm -f "$name" >/dev/null 2>&1
  [ ${#compose[@]} -eq 0 ] || "${compose[@]}" -p "$project" down -v --remove-orphans >/dev/null 2>&1
  rm -rf "$mounts"
}
trap cleanup EXIT

base=$(bash .ci/node-base.sh) || { echo "image test: could not build the local Node.js base"; exit 1; }
DOCKER_BUILDKIT=0 docker build -q --build-arg NODE_BASE="$base" -t "$tag" . >/tmp/mp-ci-image-build.log 2>&1 \
  || { tail -30 /tmp/mp-ci-image-build.log; echo "image test: build failed"; exit 1; }

user=$(docker inspect -f '{{.Config.User}}' "$tag")
case "$user" in ""|0|0:*|root|root:*) echo "image test: the image runs as root ($user)"; exit 1 ;; esac

mkdir -p "$mounts/config" "$mounts/secrets" "$mounts/mp-includes"
cp test/fixtures/chart/healthcheck.sh "$mounts/config/healthcheck.sh"
# The chart's PostgreSQL root certificate mount (postgres.ssl), a file of mode 0644 as a Kubernetes secret's.
echo 'image-test root certificate' > "$mounts/root.crt"
chmod 644 "$mounts/root.crt"
docker run -d --name "$name" -e ADMIN_PASSWORD=image-test-admin \
  -v "$mounts/config:/config:ro" -v "$mounts/secrets:/secrets:ro" -v "$mounts/mp-includes:/mp-includes/config:ro" \
  -v "$mounts/root.crt:/root/.postgresql/root.crt:ro" \
  "$tag" >/dev/null || { echo "image test: the container did not start"; exit 1; }

probed=false
for _ in $(seq 1 60); do
  if docker exec "$name" /bin/sh /config/healthcheck.sh >/dev/null 2>&1; then
    # The probe must fail when the health answer does not say UP: check it is not passing vacuously.
    if docker exec "$name" /bin/sh -c 'curl -s -m 1 localhost:8080/managementportal/management/health' | grep -Fq 'db":{"status":"UP'; then
      probed=true
      break
    fi
  fi
  [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || break
  sleep 1
done
if ! $probed; then
  docker logs "$name" 2>&1 | tail -30
  echo "image test: the chart's probe did not pass"
  exit 1
fi
# The import command is on the image's PATH; without a source or a PostgreSQL database it says what it needs (exit 1).
docker exec "$name" import-mp >/tmp/mp-ci-image-import.log 2>&1
status=$?
if [ "$status" -ne 1 ] || ! grep -q 'MP_DATABASE_URL' /tmp/mp-ci-image-import.log; then
  cat /tmp/mp-ci-image-import.log
  echo "image test: import-mp in the container answered $status, not its usage (1)"
  exit 1
fi
# The image's user reads the root certificate where the chart mounts it (docs/deploy.md, "PostgreSQL over TLS").
if ! docker exec "$name" cat /root/.postgresql/root.crt 2>&1 | grep -q 'image-test root certificate'; then
  echo "image test: the image's user cannot read /root/.postgresql/root.crt"
  exit 1
fi
# The image's postgres.js is the mended one (scripts/patch-postgres.mjs, run by the Dockerfile).
# (The image has no coreutils beyond /bin/sh: node reads the file.)
if ! docker exec "$name" node -e "process.exit(require('fs').readFileSync('node_modules/postgres/src/index.js', 'utf8').includes('radar-portal: reserve mended') ? 0 : 1)"; then
  echo "image test: the image's postgres.js is not mended (scripts/patch-postgres.mjs did not run in the build)"
  exit 1
fi
docker rm -f "$name" >/dev/null 2>&1
echo "image test: the image passed (user $user, probe /bin/sh /config/healthcheck.sh, import-mp present, /root/.postgresql/root.crt readable, postgres.js mended)"

# --- docker compose: docker-compose.yml unchanged, on the image above (docs/deploy.md, "docker-compose").
compose_started=$(date +%s)
phases=""
lap=$compose_started
phase() { local now; now=$(date +%s); phases="$phases $1 $((now - lap)) s,"; lap=$now; }
fail() { [ ${#compose[@]} -eq 0 ] || "${compose[@]}" -p "$project" logs --no-color --tail=30 2>&1; echo "image test: compose: $*"; exit 1; }
if docker compose version >/dev/null 2>&1; then compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then compose=(docker-compose)
elif (apt-get install -y -qq docker-compose || (apt-get update -qq && apt-get install -y -qq docker-compose)) >/tmp/mp-ci-apt-compose.log 2>&1; then
  compose=(docker-compose)
else
  tail -5 /tmp/mp-ci-apt-compose.log; echo "image test: compose: neither the compose plugin nor docker-compose, and its install failed"; exit 1
fi
# postgres:15 from a registry where one was pulled; otherwise built from Debian's PostgreSQL 15.
docker image inspect postgres:15 >/dev/null 2>&1 || bash .ci/postgres-image.sh postgres:15 >/dev/null || fail "could not build the PostgreSQL image"
image=$(sed -n 's/^ *image: *\(radar-portal:[^ ]*\) *$/\1/p' docker-compose.yml)
docker tag "$tag" "${image:-radar-portal:local}"
phase "compose and postgres:15 ready"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export PORTAL_PORT=$port ADMIN_PASSWORD=compose-test-admin FRONTEND_CLIENT_SECRET=compose-test-secret POSTGRES_PASSWORD=compose-test-db
"${compose[@]}" -p "$project" up -d >/tmp/mp-ci-compose-up.log 2>&1 || { cat /tmp/mp-ci-compose-up.log; fail "up failed"; }
url=http://127.0.0.1:$port/managementportal
up=false
for _ in $(seq 1 90); do
  if curl -fsm 2 "$url/management/health" 2>/dev/null | grep -Fq 'db":{"status":"UP'; then up=true; break; fi
  sleep 1
done
$up || fail "the health probe did not pass on $url/management/health"
phase "up and healthy"
# admin signs in with the password of the environment (the password grant of the portal's own client).
token=$(curl -fsm 10 -u "ManagementPortalapp:$FRONTEND_CLIENT_SECRET" -d grant_type=password -d username=admin \
  --data-urlencode "password=$ADMIN_PASSWORD" "$url/oauth/token" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
[ -n "$token" ] || fail "admin could not sign in"
curl -fsm 10 -H "Authorization: Bearer $token" "$url/api/account" | grep -q '"login":"admin"' || fail "api/account did not answer admin's account"
# import-mp inside the container: ManagementPortal's schema and dev data in public of the compose database, the
# portal's tables in its own schema; a dry run reads them and reports every dev subject as to be created.
db=$("${compose[@]}" -p "$project" ps -q postgres)
cat test/fixtures/mp-3.0/schema.sql test/fixtures/mp-3.0/dev-data.sql \
  | docker exec -i "$db" psql -q -v ON_ERROR_STOP=1 -U managementportal -d managementportal >/tmp/mp-ci-compose-mp.log 2>&1 \
  || { tail -5 /tmp/mp-ci-compose-mp.log; fail "could not load ManagementPortal's schema"; }
phase "signed in, MP's schema and data loaded"
"${compose[@]}" -p "$project" exec -T portal import-mp --dry-run >/tmp/mp-ci-compose-import.log 2>&1
status=$?
if [ "$status" -ne 0 ] || ! grep -Eq '^subjects +51 +51 ' /tmp/mp-ci-compose-import.log || ! grep -q '^dry run: nothing was written' /tmp/mp-ci-compose-import.log; then
  cat /tmp/mp-ci-compose-import.log; fail "import-mp --dry-run in the portal's container answered $status"
fi
phase "import-mp --dry-run"
"${compose[@]}" -p "$project" down -v --remove-orphans >/tmp/mp-ci-compose-down.log 2>&1 || { cat /tmp/mp-ci-compose-down.log; fail "down failed"; }
phase "down"
compose_name="${compose[*]}"
compose=()
echo "image test: compose passed ($compose_name: up, health, admin signed in, import-mp --dry-run, down) in $(( $(date +%s) - compose_started )) s:${phases%,}"
echo "image test: passed"
