#!/bin/bash
# Kariba with two players: which labels and value targets make a net that plays (README.md).
# From the repository's root with a release build; about 1.5 hours of one core for the data,
# half an hour for the fits and an hour for the measurements on an idle machine.
# VALUE_ONLY=path/to/savanna built from the tag nets-value-only adds the value-only search.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
S=build/release/savanna
export PYTHONPATH=build/release/python
here=experiments/2026-11-28-kariba-net-labels
out=${OUT:-build/net-labels}
mkdir -p "$out"
G='kariba(players=2)'
M='playout=policy,eps=-1,cutoff=-1,expand=1,widen=1,reopen=true'  # medium's search
PY="nice -n 5 /usr/bin/python3"
py() { $PY "$@"; }
sim() { nice -n 5 $S sim "$G" --seed "${SEED:-11}" --threads 2 "$@"; }

# 1. Self-play positions: greedy (5% random moves), medium's search at 200 iterations (its
#    choice), and at 400 iterations through savanna.label (its choice, visits and root value).
py $here/gen.py "$G" greedy 40000 11 "$out/greedy.npz" 0.05
py $here/gen.py "$G" "ismcts(iters=200,$M)" 20000 12 "$out/s200.npz" 0.03
for k in 1 2 3 4; do
  py $here/gen.py "$G" "label:ismcts(iters=400,$M)" 8000 2$k "$out/l400-$k.npz" 0.03
done
L2="$out/l400-1.npz $out/l400-2.npz"
ALL="$L2 $out/l400-3.npz $out/l400-4.npz $out/s200.npz"

# 2. Fits (train.py; every net's held-out figures go to its log).
fit() { local name=$1; shift; env "$@" > "$out/$name.log" 2>&1; }
fit g64 $PY $here/train.py "$out/g64.bin" 4 64,64 "$out/greedy.npz"
fit s64 $PY $here/train.py "$out/s64.bin" 6 64,64 "$out/s200.npz"
fit s128 $PY $here/train.py "$out/s128.bin" 6 128,128 "$out/s200.npz"
for q in 0 0.5 1; do fit l64q$q Q=$q PI=1 $PY $here/train.py "$out/l64q$q.bin" 6 64,64 $L2; done
fit l64c Q=0.5 PI=0 $PY $here/train.py "$out/l64c.bin" 6 64,64 $L2
for w in 64 128; do fit a$w Q=0.5 $PY $here/train.py "$out/a$w.bin" 6 $w,$w $ALL; done
fit a256 Q=0.5 $PY $here/train.py "$out/a256.bin" 8 256,256 $ALL

# 3. Measurements: medium with each net against medium at equal CPU time; policy against greedy.
for n in g64 s64 s128 l64q0 l64q0.5 l64q1; do
  sim --agents "medium(clock=cpu,net=$out/$n.bin),medium(clock=cpu)" --games 200 --json > "$out/medium_$n.json"
done
SEED=12 sim --agents "medium(clock=cpu,net=$out/l64q0.5.bin),medium(clock=cpu)" --games 200 --json > "$out/medium_l64q0.5_seed12.json"
sim --agents "medium(clock=cpu,net=$out/a64.bin),medium(clock=cpu)" --games 400 --json > "$out/medium_a64.json"
for s in 11 12; do
  SEED=$s sim --agents "medium(clock=cpu,net=$out/a128.bin),medium(clock=cpu)" --games 200 --json > "$out/medium_a128_seed$s.json"
done
for c in 0.4 1.0 1.5; do
  sim --agents "ismcts(time=0.02,clock=cpu,reopen=true,net=$out/s64.bin,c=$c),medium(clock=cpu)" --games 200 --json > "$out/c$c.json"
done
sim --agents "ismcts(iters=200,net=$out/s64.bin),ismcts(iters=200,$M)" --games 200 --json > "$out/iters200.json"
for n in g64 s64 s128 l64q0.5 l64q1 l64c a64 a128 a256; do
  sim --agents "policy(net=$out/$n.bin),greedy" --games 400 --json > "$out/policy_$n.json"
done
for n in a128 a256; do
  sim --agents "policy(net=$out/$n.bin),medium(clock=cpu)" --games 400 --json > "$out/policy_${n}_medium.json"
done
SEED=3 sim --agents "ismcts(iters=200,$M),greedy" --games 200 --json > "$out/teacher200_greedy.json"
if [[ -n ${VALUE_ONLY:-} ]]; then
  nice -n 5 "$VALUE_ONLY" sim "$G" --seed 11 --threads 2 --games 200 --json \
    --agents "ismcts(time=0.02,clock=cpu,$M,net=$out/s64.bin,prior=false),medium(clock=cpu)" > "$out/value_only.json"
fi
# 4. Deep Monte-Carlo (dmc.py), stopped after four iterations here.
py $here/dmc.py "$out/dmc" 4 20000 0.1 > "$out/dmc.log"

# 5. More data and a stronger teacher for the widest net: two more files at 400 iterations, two
#    at 800, all fitted at 256x256.
for k in 5 6; do py $here/gen.py "$G" "label:ismcts(iters=400,$M)" 8000 2$k "$out/l400-$k.npz" 0.03; done
for k in 1 2; do py $here/gen.py "$G" "label:ismcts(iters=800,$M)" 5000 3$k "$out/l800-$k.npz" 0.03; done
fit b256 Q=0.5 $PY $here/train.py "$out/b256.bin" 8 256,256 $ALL $out/l400-5.npz $out/l400-6.npz $out/l800-1.npz $out/l800-2.npz
for o in greedy "medium(clock=cpu)"; do
  sim --agents "policy(net=$out/b256.bin),$o" --games 400 --json > "$out/policy_b256_${o%%(*}.json"
done

# 6. The same recipe in two-player Kalimambo: medium's search at 200 iterations, its choices.
K='kalimambo(players=2)'
for k in 1 2 3; do py $here/gen.py "$K" "ismcts(iters=200,$M)" 25000 4$k "$out/km-$k.npz" 0.03; done
fit k256 GAME=kalimambo $PY $here/train.py "$out/k256.bin" 8 256,256 $out/km-1.npz $out/km-2.npz $out/km-3.npz
for o in greedy "medium(clock=cpu)"; do
  nice -n 5 $S sim "$K" --seed 11 --threads 2 --games 400 --json \
    --agents "policy(net=$out/k256.bin),$o" > "$out/kalimambo_policy_k256_${o%%(*}.json"
done
nice -n 5 $S sim "$K" --seed 3 --threads 2 --games 100 --json \
  --agents "ismcts(iters=200,$M),greedy" > "$out/kalimambo_teacher200_greedy.json"
