# Source this (". scripts/ensure-node.sh"): when the Node on PATH is older than package.json's "engines" (these
# machines ship Node 20), Node 24 LTS from the npm registry's node-linux-<arch> package goes into .tools/node of
# this checkout and first on PATH, for this shell and what it starts. Nothing is installed system-wide.
_cofounder_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
if ! node "$_cofounder_root/scripts/node-version.mjs" 2>/dev/null; then
  case "$(uname -m)" in
    x86_64) _cofounder_arch=x64 ;;
    aarch64 | arm64) _cofounder_arch=arm64 ;;
    *) _cofounder_arch="$(uname -m)" ;;
  esac
  _cofounder_bin="$_cofounder_root/.tools/node/node_modules/node-linux-$_cofounder_arch/bin"
  if [ ! -x "$_cofounder_bin/node" ]; then
    echo "Installing Node 24 into .tools/node (the Node on PATH is $(node --version 2>/dev/null || echo missing))"
    mkdir -p "$_cofounder_root/.tools/node"
    npm install --prefix "$_cofounder_root/.tools/node" --no-save --no-audit --no-fund --loglevel=error \
      "node-linux-$_cofounder_arch@24" >/dev/null
  fi
  export PATH="$_cofounder_bin:$PATH"
  unset _cofounder_arch _cofounder_bin
fi
unset _cofounder_root
echo "Node $(node --version)"
