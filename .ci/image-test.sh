#!/usr/bin/env bash
# The container image test (docs/deploy.md): builds the image on a local Node.js base made from this host's Debian
# packages (.ci/node-base.sh; no registry image is pulled), starts it with the chart's mounts (/config holding the
# chart's probe script, /secrets and /mp-includes/config empty) and runs the probe the chart runs until it passes.
# Checks the image runs as a non-root user. Needs a running Docker engine; exits 0 with "passed", 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
tag=radar-portal:ci
name=radar-portal-image-test-$$
mounts=$(mktemp -d)
cleanup() { docker rm -f "$name" >/dev/null 2>&1; rm -rf "$mounts"; }
trap cleanup EXIT

base=$(bash .ci/node-base.sh) || { echo "image test: could not build the local Node.js base"; exit 1; }
DOCKER_BUILDKIT=0 docker build -q --build-arg NODE_BASE="$base" -t "$tag" . >/tmp/mp-ci-image-build.log 2>&1 \
  || { tail -30 /tmp/mp-ci-image-build.log; echo "image test: build failed"; exit 1; }

user=$(docker inspect -f '{{.Config.User}}' "$tag")
case "$user" in ""|0|0:*|root|root:*) echo "image test: the image runs as root ($user)"; exit 1 ;; esac

mkdir -p "$mounts/config" "$mounts/secrets" "$mounts/mp-includes"
cp test/fixtures/chart/healthcheck.sh "$mounts/config/healthcheck.sh"
docker run -d --name "$name" -e ADMIN_PASSWORD=image-test-admin \
  -v "$mounts/config:/config:ro" -v "$mounts/secrets:/secrets:ro" -v "$mounts/mp-includes:/mp-includes/config:ro" \
  "$tag" >/dev/null || { echo "image test: the container did not start"; exit 1; }

for _ in $(seq 1 60); do
  if docker exec "$name" /bin/sh /config/healthcheck.sh >/dev/null 2>&1; then
    # The probe must fail when the health answer does not say UP: check it is not passing vacuously.
    if docker exec "$name" /bin/sh -c 'curl -s -m 1 localhost:8080/managementportal/management/health' | grep -Fq 'db":{"status":"UP'; then
      echo "image test: passed (user $user, probe /bin/sh /config/healthcheck.sh)"
      exit 0
    fi
  fi
  [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || break
  sleep 1
done
docker logs "$name" 2>&1 | tail -30
echo "image test: the chart's probe did not pass"
exit 1
