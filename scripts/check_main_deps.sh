#!/usr/bin/env bash
# Checks that the main job's package list (scripts/packages/main.txt) suffices for what a build of
# the main preset used: every system file that the `savanna` program's compilations read (the
# compiler's dependency files), that its link named, that it loads at run time (ldd), and that the
# configure step found (the CMake cache's files and package folders) must belong to a package of
# that list, to one they depend on, or to the base system (Debian's required packages). So a
# test-only dependency (GoogleTest, Google Benchmark, pybind11, Open MPI...) cannot creep into the
# main job unnoticed on a machine where every list is installed. Run by ./scripts/test.sh right
# after a fresh configure and build of the main preset. Usage: scripts/check_main_deps.sh [BUILD]
# (default build/release).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
program=$build/savanna
[ -x "$program" ] || { echo "check_main_deps: $program is not built" >&2; exit 1; }

# The packages the main job may rely on: main.txt, everything it depends on, the base system.
mapfile -t main < <(sed 's/#.*//' scripts/packages/main.txt | tr -s ' \t' '\n' | sed '/^$/d')
allowed=$(
  {
    # (A package of the list that is not installed, such as nodejs beside another Node.js, is
    # left out by apt-cache.)
    { apt-cache depends --installed --recurse --no-recommends --no-suggests --no-conflicts \
        --no-breaks --no-replaces --no-enhances "${main[@]}" 2>/dev/null || true; } |
      grep -v '^ ' | tr -d '<>'
    dpkg-query -W -f='${Package} ${Priority} ${Essential}\n' | awk '$2 == "required" || $3 == "yes" { print $1 }'
  } | sort -u)

# What the build used. The dependency files of the program's own objects and of the libraries it
# links, as their targets' DependInfo.cmake name them for this configuration (never those of tests,
# or of sources another preset compiled, left in the tree).
link=$build/src/cli/CMakeFiles/savanna.dir/link.txt
infos=("$build/src/cli/CMakeFiles/savanna.dir/DependInfo.cmake")
for lib in $(grep -o 'lib[A-Za-z0-9_]*\.a' "$link" | sort -u); do
  target=${lib#lib}
  target=${target%.a}
  mapfile -t found < <(find "$build" -path "*/CMakeFiles/$target.dir/DependInfo.cmake")
  infos+=("${found[@]}")
done
mapfile -t depfiles < <(grep -ho '"[^"]*\.o\.d"' "${infos[@]}" | tr -d '"' | sed "s|^|$build/|")
used=$(
  {
    cat "${depfiles[@]}" | tr ' \\' '\n\n' | grep '^/usr/'
    tr ' ' '\n' < "$link" | grep '^/'
    ldd "$program" | grep -o '/[^ ]*'
    # The configure step's programs, libraries, headers and package folders.
    grep -E '^[^:#]+(:FILEPATH=/|_DIR:PATH=/)' "$build/CMakeCache.txt" |
      sed 's/^[^=]*=//'
  } | grep -v "^$PWD/" | sort -u)

# Each path as written and resolved, with and without /usr: under the merged /usr dpkg may know a
# library under /lib while the compiler named it under /usr/lib, or the other way round.
mapfile -t paths <<<"$used"
mapfile -t resolved < <(realpath -m "${paths[@]}")
forms() {
  printf '%s\n' "$1" "$2" "${1#/usr}" "${2#/usr}" "/usr$1" "/usr$2"
}
declare -A owners=()
while IFS= read -r line; do
  pkgs=${line%%: /*}
  owners[${line#*: }]+=" ${pkgs//,/ }"
done < <(for i in "${!paths[@]}"; do forms "${paths[$i]}" "${resolved[$i]}"; done | sort -u |
           xargs -r dpkg-query -S 2>/dev/null | grep -v '^diversion by ' || true)
declare -A is_allowed=()
for pkg in $allowed; do is_allowed[$pkg]=1; done

bad=0
unowned=0
checked=0
for i in "${!paths[@]}"; do
  pkgs=""
  for f in $(forms "${paths[$i]}" "${resolved[$i]}"); do pkgs+=${owners[$f]:-}; done
  if [ -z "$pkgs" ]; then
    unowned=$((unowned + 1))
    continue
  fi
  checked=$((checked + 1))
  ok=0
  for pkg in $pkgs; do
    if [ -n "${is_allowed[${pkg%%:*}]:-}" ]; then ok=1; break; fi
  done
  if [ $ok -eq 0 ]; then
    pkgs=$(tr ' ' '\n' <<<"$pkgs" | sed '/^$/d; s/:.*//' | sort -u | tr '\n' ' ')
    echo "check_main_deps: the main build used ${paths[$i]} (from ${pkgs% }), which no package of scripts/packages/main.txt brings" >&2
    bad=1
  fi
done
if [ $bad -ne 0 ]; then
  echo "check_main_deps: FAILED: add the package to scripts/packages/main.txt, or keep its use out of the savanna program and the web UI" >&2
  exit 1
fi
echo "check_main_deps: the main build used $checked files of Debian packages, each brought by scripts/packages/main.txt or the base system ($unowned files of no package)"
