#!/usr/bin/env bash
# Kariba's net trained for 52 minutes with the engine's labels (savanna.label: the search's
# visit distributions, the search guided by the net from iteration 2), then played at equal CPU
# time in two-player games. From the repository's root with a release build (the Python module,
# Debian's python3-torch); SAVANNA names the program. Under nice -n 19.
set -euo pipefail
SAVANNA=${SAVANNA:-build/release/savanna}
DIR=build/train/kariba-in-play
NET=$DIR/net.bin
# The run had --hours 0.9, which ended after 11 iterations; --iterations 11 gives its net again.
PYTHONPATH=build/release/python nice -n 19 /usr/bin/python3 -m savanna.train kariba --iterations 11 --policy-target visits \
  --seed 7 --dir "$DIR" --fresh --positions 25000 --eval-games 100 \
  --eval-opponents random,greedy --eval-search none
sim() { nice -n 19 "$SAVANNA" sim 'kariba(players=2)' --agents "$1" --games "$2" --seed 11 \
  --threads 2; }
sim "policy(net=$NET),greedy" 400
sim "policy(net=$NET),random" 200
sim "policy(net=$NET),medium(clock=cpu)" 200
sim "medium(clock=cpu,net=$NET),medium(clock=cpu)" 200
sim "strong(clock=cpu,net=$NET),strong(clock=cpu)" 100
# Search iterations a second with and without the net (medium's search; alternate them).
for i in 1 2; do
  "$SAVANNA" bench 'kariba(players=2)' --seconds 0.3 --net "$NET" \
    --search 'ismcts(iters=1000,playout=policy,eps=-1,cutoff=-1,expand=1,widen=1,reopen=true)'
  "$SAVANNA" bench 'kariba(players=2)' --seconds 0.3 --net "$NET" \
    --search "ismcts(iters=1000,reopen=true,net=$NET)"
done
