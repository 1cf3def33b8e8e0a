#!/usr/bin/env bash
# For hosts that cannot pull from Docker Hub but reach Debian's package archive (DEBIAN_MIRROR): builds local stand-ins for
# the official images the Masar stack uses, tagged masar-offline/*, from a debootstrapped Debian
# bookworm and Debian's packages (see offline/Dockerfile for what each one mimics). Then:
#   source <(deploy/docker/offline-base-images.sh --env)   # points compose at the stand-ins
#   deploy/docker/verify-stack.sh
# Idempotent: an image that already exists is kept (MASAR_OFFLINE_REBUILD=1 rebuilds them all).
# The Debian mirror is DEBIAN_MIRROR, else the one this host's apt uses (`--mirror` prints which).
# Needs root (debootstrap), debootstrap, and this host's Node 20 as `node`/`npm` on PATH.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The Debian mirror: DEBIAN_MIRROR, else the first (not security) one this host's apt is configured with.
host_apt_mirror() {
  {
    sed -n 's/^URIs:[[:space:]]*\([^[:space:]]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null || true
    sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\).*/\2/p' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true
  } | grep -v -- 'security' | head -n 1
}
mirror="${DEBIAN_MIRROR:-$(host_apt_mirror)}"
images=(node:20 nginx:1 postgres:15 redis:7 nats:2)

if [ "${1:-}" = --env ]; then
  # The variables deploy/docker-compose.yml reads; the defaults there are the official images.
  echo "export MASAR_NODE_IMAGE=masar-offline/node:20 MASAR_NGINX_IMAGE=masar-offline/nginx:1"
  echo "export MASAR_POSTGRES_IMAGE=masar-offline/postgres:15 MASAR_REDIS_IMAGE=masar-offline/redis:7"
  echo "export MASAR_NATS_IMAGE=masar-offline/nats:2"
  exit 0
fi

if [ "${1:-}" = --mirror ]; then
  echo "${mirror:-none: set DEBIAN_MIRROR}"
  exit 0
fi
if [ -z "$mirror" ]; then
  echo "No Debian mirror: set DEBIAN_MIRROR (this host's apt names none)" >&2
  exit 1
fi

say() { echo "==> $*" >&2; }
exists() { [ -z "${MASAR_OFFLINE_REBUILD:-}" ] && docker image inspect "$1" >/dev/null 2>&1; }

# 1. The base: a minimal Debian bookworm rootfs imported as an image, with security updates.
if exists masar-offline/debian:bookworm; then
  say "masar-offline/debian:bookworm exists"
else
  rootfs="$(mktemp -d)"
  trap 'rm -rf "$rootfs"' EXIT
  say "debootstrap bookworm from $mirror into $rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >/dev/null
  cat > "$rootfs/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
EOF
  # Like Docker's debian images: no recommends, and no .deb files or apt caches left in a layer.
  cat > "$rootfs/etc/apt/apt.conf.d/docker-clean" <<'APT'
APT::Install-Recommends "false";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";
APT
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  say "docker import -> masar-offline/debian:bookworm"
  tar -C "$rootfs" -c . | docker import --change 'CMD ["bash"]' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - masar-offline/debian:bookworm >/dev/null
fi

# 2. The build context: offline/ plus, for the node stand-in, this host's node, npm and extra CAs.
context="$(mktemp -d)"
trap 'rm -rf "$context" "${rootfs:-}"' EXIT
cp "$here/offline/Dockerfile" "$here/offline/postgres-entrypoint.sh" "$context/"
node_bin="$(readlink -f "$(command -v node)")"
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"   # .../node_modules/npm
case "$("$node_bin" --version)" in v20.*) ;; *) echo "node on PATH must be Node 20" >&2; exit 1 ;; esac
cp "$node_bin" "$context/node"
cp -a "$npm_dir" "$context/npm"
mkdir "$context/extra-ca"
cp /usr/local/share/ca-certificates/*.crt "$context/extra-ca/" 2>/dev/null || true

# 3. One image per target of offline/Dockerfile.
for image in "${images[@]}"; do
  tag="masar-offline/$image"
  if exists "$tag"; then say "$tag exists"; continue; fi
  say "docker build --target ${image%%:*} -> $tag"
  # The classic builder is enough (and what an engine without buildx has); its notice is noise.
  DOCKER_BUILDKIT=0 docker build -q --target "${image%%:*}" -t "$tag" "$context" >/dev/null 2>"$context/log" \
    || { cat "$context/log" >&2; exit 1; }
done
docker image ls --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' | grep '^masar-offline/' >&2
