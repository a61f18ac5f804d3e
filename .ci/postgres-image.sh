#!/usr/bin/env bash
# Builds a local PostgreSQL 15 image (default tag postgres:15, the name docker-compose.yml uses) where no registry
# image can be pulled: a root file system made of this Debian host's PostgreSQL 15 packages (the server, initdb,
# pg_isready, psql, the extension libraries but LLVM's JIT, the share files and time zones) and the libraries they
# link, loaded with `docker import`, like .ci/node-base.sh. Its entry point does what the official image's does for
# docker-compose.yml: on an empty data directory ($PGDATA, default /var/lib/postgresql/data) it creates the cluster
# with POSTGRES_USER (default postgres) and POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust) and the database
# POSTGRES_DB (default the user's name), then runs the server on every address with password sign-in from the network.
# /docker-entrypoint-initdb.d is not supported. Installs postgresql-15 with apt-get when the host lacks it. Prints the tag.
set -euo pipefail
tag=${1:-postgres:15}
pg=/usr/lib/postgresql/15
if [ ! -x "$pg/bin/postgres" ]; then
  (apt-get update -qq && apt-get install -y -qq postgresql-15) >/tmp/mp-ci-apt-postgres.log 2>&1 \
    || { tail -5 /tmp/mp-ci-apt-postgres.log >&2; echo "postgres image: postgresql-15 install failed" >&2; exit 1; }
fi
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

copy() { mkdir -p "$root$(dirname "$1")"; cp -aL "$1" "$root$1"; }
# The programs and the extensions (pg_trgm, plpgsql, ...), without LLVM's JIT (the server runs without JIT when it
# cannot load it); then every library any of them links, each copied once.
files=(/usr/bin/dash /usr/bin/locale /usr/bin/mkdir /usr/bin/rm /usr/bin/cat "$pg/bin/postgres" "$pg/bin/initdb" "$pg/bin/pg_ctl" "$pg/bin/pg_isready" "$pg/bin/psql")
for so in "$pg"/lib/*.so; do case "$so" in */llvmjit*) ;; *) files+=("$so") ;; esac; done
for f in "${files[@]}"; do copy "$f"; done
for f in "${files[@]}"; do ldd "$f" 2>/dev/null || true; done | awk '/=>/ { print $3 } $1 ~ /^\// { print $1 }' | sort -u \
  | while read -r lib; do [ -e "$lib" ] && copy "$lib"; done
mkdir -p "$root/usr/share/postgresql" "$root/usr/share"
cp -a /usr/share/postgresql/15 "$root/usr/share/postgresql/"
cp -aL /usr/share/zoneinfo "$root/usr/share/"
# The C.UTF-8 locale the cluster is made with (Debian's glibc reads it from here).
mkdir -p "$root/usr/lib/locale"
cp -a /usr/lib/locale/C.utf8 "$root/usr/lib/locale/"
mkdir -p "$root/bin" "$root/etc" "$root/tmp" "$root/var/run/postgresql" "$root/var/lib/postgresql/data" "$root/docker-entrypoint-initdb.d"
ln -s /usr/bin/dash "$root/bin/sh"
for b in mkdir rm cat; do ln -s "/usr/bin/$b" "$root/bin/$b"; done
chmod 1777 "$root/tmp"
# uid 999, as in the official image, so data directories made by either fit the other.
printf 'root:x:0:0:root:/root:/bin/sh\npostgres:x:999:999:PostgreSQL:/var/lib/postgresql:/bin/sh\n' > "$root/etc/passwd"
printf 'root:x:0:\npostgres:x:999:\n' > "$root/etc/group"
printf 'hosts: files dns\n' > "$root/etc/nsswitch.conf"
# A named volume takes this directory's owner and mode when it is first mounted: the server never needs root.
chown -R 999:999 "$root/var/lib/postgresql" "$root/var/run/postgresql"
chmod 700 "$root/var/lib/postgresql/data"

mkdir -p "$root/usr/local/bin"
cat > "$root/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
# The official image's contract for docker-compose.yml (.ci/postgres-image.sh): a new cluster on an empty $PGDATA.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  if [ "${POSTGRES_HOST_AUTH_METHOD:-}" = trust ]; then
    initdb -D "$PGDATA" -U "$user" -E UTF8 --locale=C.UTF-8 --auth=trust >/dev/null
    auth=trust
  elif [ -n "${POSTGRES_PASSWORD:-}" ]; then
    pwfile=/tmp/.pgpass.$$
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pwfile"
    auth=scram-sha-256
  else
    echo "postgres: set POSTGRES_PASSWORD (or POSTGRES_HOST_AUTH_METHOD=trust)" >&2
    exit 1
  fi
  echo "host all all all $auth" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\"" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "postgres: created the cluster in $PGDATA with user $user and database $db"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
EOF
chmod 755 "$root/usr/local/bin/docker-entrypoint.sh"

tar -C "$root" -c . | docker import \
  --change "ENV PATH=/usr/local/bin:$pg/bin:/usr/bin:/bin" --change 'ENV PGDATA=/var/lib/postgresql/data' \
  --change 'USER 999:999' --change 'VOLUME /var/lib/postgresql/data' --change 'EXPOSE 5432' \
  --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' --change 'CMD []' - "$tag" >/dev/null
echo "$tag"
