#!/usr/bin/env bash
# Installs the Debian packages of the uses named on the command line, each use's packages listed
# once in scripts/packages/USE.txt, then the web UI's npm packages (scripts/web_deps.sh).
#   ./scripts/setup.sh main        # what ./scripts/main.sh needs: the program, the server, the UI
#   ./scripts/setup.sh python      # the main list and the Python module's (any uses may be named)
#   ./scripts/setup.sh             # every list: what ./scripts/test.sh needs (the same as `all`)
# Uses: main, tests, postgresql, browser, python, training (implies python), fuzz, mpi, static,
# all. The main list is always installed: every use builds the program. Idempotent and quick when
# everything is there (one dpkg query). Runs apt-get as root, or through sudo otherwise.
set -euo pipefail
lists="$(cd "$(dirname "$0")" && pwd)/packages"
all_uses=(main tests postgresql browser python training fuzz mpi static)

uses=(main)
for use in "${@:-all}"; do
  case $use in
    all) uses+=("${all_uses[@]}") ;;
    training) uses+=(python training) ;;
    *)
      if [ ! -f "$lists/$use.txt" ]; then
        echo "setup: unknown use '$use' (one of: ${all_uses[*]} all)" >&2
        exit 1
      fi
      uses+=("$use") ;;
  esac
done
# Each use once, in the order of all_uses.
wanted=()
for use in "${all_uses[@]}"; do
  for u in "${uses[@]}"; do
    if [ "$u" = "$use" ]; then wanted+=("$use"); break; fi
  done
done

packages=()
for use in "${wanted[@]}"; do
  while read -r -a words; do
    for w in "${words[@]}"; do
      [ "${w:0:1}" = "#" ] && break
      packages+=("$w")
    done
  done < "$lists/$use.txt"
done

# The web UI's packages (Vite 8) need Node.js 20.19 or newer, and npm. Any such Node.js on the
# PATH will do (Debian 12's own nodejs package is 18), so then the nodejs package is not asked for.
node_ok() {
  command -v node >/dev/null && command -v npm >/dev/null &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)'
}
need_node="Node.js >= 20.19 with npm (for instance the nodejs 20 package of NodeSource's Debian repository; Debian 12's own is 18)"
if node_ok; then
  kept=()
  for p in "${packages[@]}"; do [ "$p" = nodejs ] || kept+=("$p"); done
  packages=("${kept[@]}")
fi

# One query for every package: the installed ones print "ii".
installed=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "${packages[@]}" 2>/dev/null |
  awk '$1 == "ii" { print $2 }' || true)
missing=()
for p in "${packages[@]}"; do
  grep -qx -- "$p" <<<"$installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    sudo=()
  elif command -v sudo >/dev/null; then
    sudo=(sudo)
  else
    echo "setup: missing packages (${missing[*]}) and neither root nor sudo to install them" >&2
    exit 1
  fi
  echo "setup (${wanted[*]}): installing ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  # A nodejs package older than 20.19 would be installed for nothing: say what is needed first.
  if [[ " ${missing[*]} " == *" nodejs "* ]]; then
    candidate=$(apt-cache policy nodejs | awk '/Candidate:/ { print $2 }')
    if ! dpkg --compare-versions "${candidate:-0}" ge 20.19; then
      echo "setup: the web UI needs $need_node; apt offers nodejs ${candidate:-(none)}. Install it and run this again." >&2
      exit 1
    fi
  fi
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
else
  echo "setup (${wanted[*]}): all ${#packages[@]} packages are installed"
fi

if ! node_ok; then
  echo "setup: the web UI needs $need_node (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi
"$(dirname "$0")/web_deps.sh"
