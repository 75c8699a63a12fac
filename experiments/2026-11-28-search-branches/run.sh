#!/usr/bin/env bash
# ISMCTS's per-iteration path with at most five branches on options (README.md), run from the
# repository's root:
#   OLD=<savanna before the change> NEW=build/release/savanna [NETS=<folder of tiny nets>] \
#     experiments/2026-11-28-search-branches/run.sh [branches|same|full|cpu|instructions]...
# Without arguments every step runs. `cpu` alternates OLD and NEW run by run, so that both see
# the same load of the shared machine (ROUNDS rounds, default 3). Raw output goes to $OUT.
set -euo pipefail
OUT=${OUT:-build/search-branches}
ROUNDS=${ROUNDS:-3}
mkdir -p "$OUT"
steps=("$@")
[[ ${#steps[@]} -eq 0 ]] && steps=(branches same full cpu instructions)
SPECS=('kariba(players=3)' 'kilimanjaro(players=3)' 'kap_kairo(players=3)' 'kalimambo(players=4)' 'kitara(players=2)')
EASY='ismcts(iters=1000,reopen=1)'                                                    # easy's search
POLICY='ismcts(iters=1000,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reopen=1)'  # medium, strong, expert
BASE='ismcts(iters=1000)'                                                              # today's ISMCTS
order() { if (( $1 % 2 )); then echo "OLD NEW"; else echo "NEW OLD"; fi; }

# The functions every iteration runs (src/agents/ismcts_search.cc), and the names through which a
# condition reads an option: settings_, or what Begin and MakeRoom derive from one (evaluator_ for
# `net`, tree_policy_ for `expand`, widen_base_ for `widen`, steps_ for `net` and `tree_mb`, room_
# and max_bytes for `tree_mb`).
PER_ITERATION='Iterate|Descend|Select|SelectWithPrior|Puct|Expand|PlayOut|EvaluateLeaf|AddPrior|FindPrior|AddEdge|FindJoint|NewNode|JointKey'
OPTIONS='settings_\.|evaluator_ [!=]=|tree_policy_ [!=]=|widen_base_|steps_|room_|max_bytes'

for step in "${steps[@]}"; do
  case $step in
    branches)  # conditions on an option in the functions each iteration runs
      awk -v names="^($PER_ITERATION)\$" '
        /^[A-Za-z].*[ :]([A-Za-z]+)\(/ && !/;$/ {
          match($0, /[A-Za-z]+\(/); name = substr($0, RSTART, RLENGTH - 1); inside = name ~ names }
        inside { printf "%s:%d: %s\n", name, FNR, $0 }
        /^}/ { inside = 0 }' src/agents/ismcts_search.cc |
        grep -E '\b(if|while|for|switch)\b|\?|&&|\|\|' | grep -E "$OPTIONS" |
        tee "$OUT/branches_ismcts_search.txt"
      echo "per-iteration branches on options: $(wc -l < "$OUT/branches_ismcts_search.txt")"
      sed -n '/^void Playout(/,/^}/p;/^PlayerValues SearchReturns(/,/^}/p' src/agents/search_common.cc |
        grep -nE '\b(if|while|for)\b|\?|&&|\|\|' | grep -E 'policy|cutoff|epsilon|margin_weight' |
        tee "$OUT/branches_playout.txt" ;;
    same)  # the same games: records of fixed-budget self-play with OLD and NEW, byte for byte
      : "${OLD:?}" "${NEW:?}"
      : > "$OUT/same.txt"
      i=0
      for spec in 'kariba(players=2)' 'kariba(players=4)' "${SPECS[@]:1}"; do
        agents=("${EASY/1000/300}" "${POLICY/1000/300}" 'ismcts(iters=200)' 'flat_mc(iters=200,threads=2)'
                'ismcts(iters=300,tree_mb=1,threads=2,playout=policy,expand=0.5,widen=0.5)'
                'ismcts(iters=20000,tree_mb=1,threads=2)' greedy)
        [[ -n ${NETS:-} ]] && agents+=("ismcts(iters=300,net=$NETS/${spec%%(*}.bin,tree_mb=1,threads=2)"
                                       "ismcts(iters=3000,net=$NETS/${spec%%(*}.bin,tree_mb=1,threads=2)"
                                       "policy(net=$NETS/${spec%%(*}.bin)")
        n=$(sed 's/.*players=\([0-9]\).*/\1/' <<< "$spec")
        for agent in "${agents[@]}"; do
          i=$((i + 1))
          seats=$(for _ in $(seq "$n"); do echo "$agent"; done | paste -sd,)
          for b in OLD NEW; do
            "${!b}" play "$spec" --seats "$seats" --seed 5 --record "$OUT/same.$b.$i.json" \
              > /dev/null 2>&1 < /dev/null
          done
          # The seats' specs differ by the retired depth=0 alone (OLD prints it, NEW does not).
          if cmp -s <(sed 's/,depth=0,/,/g' "$OUT/same.OLD.$i.json") "$OUT/same.NEW.$i.json"; then
            r=same; else r=DIFFERENT; fi
          echo "$spec ${agent//$NETS/NETS}: $r" | tee -a "$OUT/same.txt"
        done
      done ;;
    full)  # full trees, where records rarely show them: the estimates of a first decision's search
      #     (play --hints) whose tree_mb=1 split among many threads fills each tree, OLD against
      #     NEW, and NEW against the same search unlimited (different: the tree filled)
      : "${OLD:?}" "${NEW:?}" "${NETS:?names a folder of tiny nets}"
      : > "$OUT/full.txt"
      for spec in 'kariba(players=2)' 'kalimambo(players=3)' 'kap_kairo(players=3)' 'kilimanjaro(players=2)'; do
        seats=human$(for _ in $(seq 2 "$(sed 's/.*players=\([0-9]\).*/\1/' <<< "$spec")"); do printf ',random'; done)
        for agent in 'ismcts(iters=20000,tree_mb=MB,threads=64)' "ismcts(iters=3000,net=$NETS/${spec%%(*}.bin,tree_mb=MB,threads=8)" \
                     'ismcts(iters=20000,tree_mb=MB,threads=32,playout=policy,expand=0.5,widen=0.5,reopen=1)'; do
          hints() { "$1" play "$spec" --seats "$seats" --seed 3 --hints --hint-agent "${agent/MB/$2}" \
                      <<< $'hint\nquit' 2>&1 | grep -v 'AI estimate of'; }
          if cmp -s <(hints "$OLD" 1) <(hints "$NEW" 1); then r=same; else r=DIFFERENT; fi
          if cmp -s <(hints "$NEW" 1) <(hints "$NEW" 0); then f='not full'; else f=full; fi
          echo "$spec ${agent//$NETS/NETS}: $r ($f)" | tee -a "$OUT/full.txt"
        done
      done ;;
    cpu)  # user CPU seconds of the same self-play games at fixed budgets, ROUNDS rounds
      : "${OLD:?names the program before}" "${NEW:?names the program after}"
      games_of() { case "$1" in kariba*) echo 24 ;; kalimambo*) echo 12 ;; kilimanjaro*) echo 4 ;; *) echo 2 ;; esac; }
      for round in $(seq "$ROUNDS"); do
        for spec in "${SPECS[@]}"; do
          for name in EASY POLICY BASE; do
            for b in $(order "$round"); do
              /usr/bin/time -a -o "$OUT/cpu.txt" -f "$spec $name $b %U" \
                "${!b}" sim "$spec" --agents "${!name}" --games "$(games_of "$spec")" --threads 1 \
                --seed 1 --bootstrap 0 --out "$OUT/sim.$b.$name.${spec%%(*}.csv" > /dev/null 2>&1
            done
            cmp -s "$OUT/sim.OLD.$name.${spec%%(*}.csv" "$OUT/sim.NEW.$name.${spec%%(*}.csv" ||
              echo "$spec $name: OLD and NEW played different games" | tee -a "$OUT/cpu.txt"
          done
        done
      done ;;
    instructions)  # instructions executed (valgrind's callgrind: the same on any load) by one
      #     self-play game of each search at 500 iterations a decision
      : "${OLD:?}" "${NEW:?}"
      for spec in "${SPECS[@]}"; do
        for name in EASY POLICY BASE; do
          for b in OLD NEW; do
            ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "${!b}" sim "$spec" \
                   --agents "${!name/1000/500}" --games 1 --threads 1 --seed 1 --bootstrap 0 2>&1 |
                   sed -n 's/.*Collected : //p')
            echo "$spec $name $b $ir" | tee -a "$OUT/instructions.txt"
          done
        done
      done ;;
    *) echo "unknown step $step" >&2; exit 2 ;;
  esac
done
