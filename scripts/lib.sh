# Shared by scripts/start, scripts/test and scripts/build. Source it; it defines ensure_bun and ensure_deps.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The Bun version the lockfile was made with (package.json pins the same in devDependencies).
BUN_VERSION="$(node -p "require('$ROOT/package.json').devDependencies.bun" 2>/dev/null || echo 1.4.5)"

# Bun from PATH when there is one; otherwise from the npm registry into .tools/bun (no root needed).
ensure_bun() {
  if command -v bun >/dev/null 2>&1; then
    return 0
  fi
  local local_bin="$ROOT/.tools/bun/node_modules/.bin"
  if [ ! -x "$local_bin/bun" ]; then
    echo "==> Installing Bun $BUN_VERSION from npm (into .tools/bun)"
    # A folder of its own with a package.json, rather than --prefix, which would also move npm's global
    # config (and with it a configured CA file) to .tools/bun/etc/npmrc.
    mkdir -p "$ROOT/.tools/bun"
    [ -f "$ROOT/.tools/bun/package.json" ] || echo '{"private":true}' >"$ROOT/.tools/bun/package.json"
    (cd "$ROOT/.tools/bun" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "bun@$BUN_VERSION" >/dev/null)
  fi
  export PATH="$local_bin:$PATH"
  bun --version >/dev/null
}

# Bun honours NODE_EXTRA_CA_CERTS; pass on the CA file npm is configured with, where there is one.
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ]; then
  npm_cafile="$(npm config get cafile 2>/dev/null || true)"
  if [ -n "$npm_cafile" ] && [ -f "$npm_cafile" ]; then export NODE_EXTRA_CA_CERTS="$npm_cafile"; fi
fi

# Dependencies exactly as bun.lock says.
ensure_deps() {
  echo "==> Installing dependencies from bun.lock"
  (cd "$ROOT" && bun install --frozen-lockfile --silent)
}
