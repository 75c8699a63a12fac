#!/bin/bash
# Kariba with two players: how good is the teacher, how flat are its labels, how well do the nets
# imitate it, and does the search gain from them (README.md). From the repository's root with a
# release build; under nice -n 19; about 2.5 hours of one core on an idle machine, the training
# included.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
S=build/release/savanna
export PYTHONPATH=build/release/python
out=${OUT:-build/imitation}
mkdir -p "$out"
T="ismcts(iters=800,playout=policy,eps=-1,cutoff=-1,expand=1,widen=1,reopen=true)"
M="ismcts(time=0.02,clock=cpu,playout=policy,eps=-1,cutoff=-1,expand=1,widen=1,reopen=true"
OLD=${OLD_NET:?the net of experiments/2026-11-27-kariba-net-in-play (its run.sh makes it)}
sim() { nice -n 19 $S sim 'kariba(players=2)' --seed 11 --threads 1 "$@"; }

# 1. The teacher against greedy.
sim --agents "$T,greedy" --games 200 --out "$out/teacher_greedy.json"
# 2. The old net in medium's search with fast evaluations, and as the prior only (leaf=playout:
#    the tag nets30c-leaf-playout).
sim --agents "medium(clock=cpu,net=$OLD),medium(clock=cpu)" --games 200 --out "$out/medium_old.json"
sim --agents "$M,net=$OLD,leaf=playout),medium(clock=cpu)" --games 200 --out "$out/prior_old.json"
# 3. Seven iterations (47 minutes here) of training on two players only, the unguided teacher's visits.
nice -n 19 python3 -m savanna.train kariba --players 2 --hours 0.95 --seed 28 --iterations 7 --policy-target visits \
  --dir "$out/train2p" --out "$out/net2p.bin" --fresh --guide-from 0 --workers 2 \
  --positions 60000 --eval-games 100 --eval-opponents random,greedy --eval-search none
sim --agents "policy(net=$out/net2p.bin),greedy" --games 400 --out "$out/policy2p_greedy.json"
# (Step 1 of the README: the pipeline's checks on that net and its buffer.)
nice -n 19 python3 "$root/experiments/2026-11-28-kariba-net-imitation/pipeline.py" "$out/net2p.bin" \
  "$out/train2p/buffer-7.npz" | tee "$out/pipeline.txt"
# 4. Agreement with the teacher's choice, and a fresh net fitted to the same buffer for more
#    epochs with the teacher's choices as one-hot targets.
nice -n 19 python3 "$root/experiments/2026-11-28-kariba-net-imitation/agree.py" "$out/net2p.bin" "$OLD" \
  > "$out/agree.json"
nice -n 19 python3 "$root/experiments/2026-11-28-kariba-net-imitation/fit_export.py" \
  "$out/train2p/buffer-7.npz" "$out/net2p_fit.bin" onehot 5 | tee "$out/fit.log"
for e in 1 2 3 4 5; do
  sim --agents "policy(net=$out/net2p_fit-epoch$e.bin),greedy" --games 400 \
    --out "$out/policyfit${e}_greedy.json"
done
# (The README's policy-head fits (step 6) ran on the buffer after iteration 5; the
#  one after iteration 7 holds the same rows and two iterations more.)
nice -n 19 python3 "$root/experiments/2026-11-28-kariba-net-imitation/fit.py" \
  "$out/train2p/buffer-7.npz" onehot 128,128 6 | tee "$out/fit_policy.log"
