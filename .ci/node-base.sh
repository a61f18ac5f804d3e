#!/usr/bin/env bash
# Builds a local Node.js base image (default tag radar-portal-node-base:local) for the Dockerfile's NODE_BASE where
# no registry image can be pulled: a root file system made of this Debian host's installed packages (Node.js with npm,
# dash as /bin/sh, curl, the few coreutils the Dockerfile runs, CA certificates) and the libraries they link,
# loaded with `docker import`. Prints the tag.
set -euo pipefail
tag=${1:-radar-portal-node-base:local}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

bins=(/usr/bin/node /usr/bin/dash /usr/bin/curl /usr/bin/mkdir /usr/bin/chown /usr/bin/cat /usr/bin/env /usr/bin/grep /usr/bin/rm)
copy() { mkdir -p "$root$(dirname "$1")"; cp -aL "$1" "$root$1"; }
for b in "${bins[@]}"; do
  copy "$b"
  ldd "$b" | awk '/=>/ { print $3 } $1 ~ /^\// { print $1 }' | while read -r lib; do [ -e "$lib" ] && copy "$lib"; done
done
# npm as Node's installation ships it, and the command names the image's users expect.
mkdir -p "$root/usr/lib/node_modules" "$root/bin" "$root/tmp" "$root/etc/ssl" "$root/usr/sbin"
cp -a /usr/lib/node_modules/npm "$root/usr/lib/node_modules/"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/bin/npx"
ln -s /usr/bin/dash "$root/bin/sh"
for b in mkdir chown cat env grep rm; do ln -s "/usr/bin/$b" "$root/bin/$b"; done
chmod 1777 "$root/tmp"
# The host's certificate authorities, so the image trusts what the host trusts (a registry mirror or proxy with a CA
# of its own included): Node.js and npm are pointed at the bundle, as npm on the host is.
cp -aL /etc/ssl/certs "$root/etc/ssl/"
mkdir -p "$root/usr/etc"
echo 'cafile=/etc/ssl/certs/ca-certificates.crt' > "$root/usr/etc/npmrc"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' > "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"
printf 'hosts: files dns\n' > "$root/etc/nsswitch.conf"
mkdir -p "$root/root"
tar -C "$root" -c . | docker import \
  --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' --change 'CMD ["node"]' - "$tag" >/dev/null
echo "$tag"
