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
    npm install --prefix "$ROOT/.tools/bun" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "bun@$BUN_VERSION" >/dev/null
  fi
  export PATH="$local_bin:$PATH"
  bun --version >/dev/null
}

# Dependencies exactly as bun.lock says.
ensure_deps() {
  echo "==> Installing dependencies from bun.lock"
  (cd "$ROOT" && bun install --frozen-lockfile --silent)
}
