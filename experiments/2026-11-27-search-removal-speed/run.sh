#!/usr/bin/env bash
# Search speed before and after the removal of the unused search features: the tag's program
# (OLD) against a later one (NEW), every run alternating between the two so that both see the
# same load. Build the tag first, e.g.
#   git worktree add ../savanna-2026-11 search-experiments-2026-11
#   (cd ../savanna-2026-11 && cmake --preset release && cmake --build --preset release --target savanna)
#   OLD=../savanna-2026-11/build/release/savanna NEW=build/release/savanna \
#     experiments/2026-11-27-search-removal-speed/run.sh
set -euo pipefail
: "${OLD:?names the program of the tag}" "${NEW:?names the program to compare}"
OUT=${OUT:-build/search-removal-speed}
mkdir -p "$OUT/levels" "$OUT/fixed"
SPECS=('kariba(players=3)' 'kilimanjaro(players=3)' 'kap_kairo(players=3)' 'kalimambo(players=4)' 'kitara(players=2)')
EASY='ismcts(iters=1000,reopen=1)'                                                    # easy's search
POLICY='ismcts(iters=1000,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reopen=1)'  # medium, strong, expert

# 1. The levels as named (timed decisions), and today's ISMCTS: savanna bench --search, 5 rounds.
for round in 1 2 3 4 5; do
  for level in easy medium strong expert 'ismcts(iters=1000)'; do
    if (( round % 2 )); then order="OLD NEW"; else order="NEW OLD"; fi
    for b in $order; do
      "${!b}" bench "${SPECS[@]}" --seconds 0.5 --search "$level" --json > "$OUT/levels/$b.$level.$round.json"
    done
  done
done

# 2. The levels' searches at a fixed iteration budget (no timed-decision variance), 5 rounds.
for round in 1 2 3 4 5; do
  for name in EASY POLICY; do
    if (( round % 2 )); then order="OLD NEW"; else order="NEW OLD"; fi
    for b in $order; do
      "${!b}" bench "${SPECS[@]}" --seconds 1 --search "${!name}" --json > "$OUT/fixed/$b.$name.$round.json"
    done
  done
done

# 3. User CPU seconds of the same self-play games with each level's search at a fixed budget
#    (both programs play the same games, so the ratio of CPU times is the inverse ratio of
#    iterations per CPU second), 7 rounds; 48 games of Kariba in a second run.
games_of() { case "$1" in kariba*|kalimambo*) echo 12 ;; kilimanjaro*) echo 4 ;; *) echo 2 ;; esac; }
for round in 1 2 3 4 5 6 7; do
  for spec in "${SPECS[@]}" 'kariba(players=3)@48'; do
    games=$(games_of "$spec"); [[ $spec == *@48 ]] && games=48; spec=${spec%@48}
    for name in EASY POLICY; do
      if (( round % 2 )); then order="OLD NEW"; else order="NEW OLD"; fi
      for b in $order; do
        /usr/bin/time -a -o "$OUT/cpu.txt" -f "$spec $games $name $b %U" \
            "${!b}" sim "$spec" --agents "${!name}" --games "$games" --threads 1 --seed 1 \
            --bootstrap 0 > /dev/null 2>&1
      done
    done
  done
done

# 4. Instructions executed (valgrind's callgrind: the same count on any load) by one self-play
#    game of each search at 500 iterations a decision, less a game of random agents (start-up).
for spec in "${SPECS[@]}"; do
  for search in random 'ismcts(iters=500,reopen=1)' \
      'ismcts(iters=500,playout=policy,cutoff=-1,eps=-1,expand=1,widen=1,reopen=1)' 'ismcts(iters=500)'; do
    for b in OLD NEW; do
      ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "${!b}" sim "$spec" --agents "$search" \
             --games 1 --threads 1 --seed 1 --bootstrap 0 2>&1 | sed -n 's/.*Collected : //p')
      echo "$spec $search $b $ir"
    done
  done
done | tee "$OUT/instructions.txt"
