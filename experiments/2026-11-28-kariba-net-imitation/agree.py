"""How often others choose what the teacher's search chooses: positions of 12 two-player Kariba
games whose moves are drawn from the teacher's visits, each labelled twice by the teacher
(different seeds), by `greedy`, and by each net given (its policy's most probable legal action);
every third position also by a search of four times the teacher's iterations.
Usage: agree.py [NET.bin ...]; prints one JSON object."""

import json
import sys

import numpy as np

import savanna

TEACHER = "ismcts(iters=800,playout=policy,eps=-1,cutoff=-1,expand=1,widen=1,reopen=true)"
BIGGER = TEACHER.replace("iters=800", "iters=3200")

game = savanna.load_game("kariba(players=2)")
nets = {path: savanna.Net.load(path) for path in sys.argv[1:]}
greedy = savanna.make_agent("greedy", seed=1)
rng = np.random.default_rng(0)
names = ["teacher, another seed", "greedy", *nets]
same = dict.fromkeys(names, 0)
same_bigger = dict.fromkeys(["teacher", *names], 0)
positions = positions_bigger = 0
for g in range(12):
    state = game.new_initial_state(1000 + g)
    k = 0
    while not state.is_terminal():
        p = state.players_to_act[0]
        legal = np.flatnonzero(state.legal_mask(p))
        if len(legal) == 1:
            state.apply(p, int(legal[0]))
            continue
        pi, _ = savanna.label(state, p, search=TEACHER, seed=2 * k + 1)
        again, _ = savanna.label(state, p, search=TEACHER, seed=2 * k + 2)
        choices = {"teacher": int(np.argmax(pi)), "teacher, another seed": int(np.argmax(again)),
                   "greedy": int(greedy.choose(state, p))}
        for path, net in nets.items():
            choices[path] = int(np.argmax(net.evaluate(state, p)[0]))
        positions += 1
        for name in names:
            same[name] += choices[name] == choices["teacher"]
        if k % 3 == 0:
            big, _ = savanna.label(state, p, search=BIGGER, seed=7 * k + 3)
            positions_bigger += 1
            for name in same_bigger:
                same_bigger[name] += choices[name] == int(np.argmax(big))
        k += 1
        q = np.asarray(pi, np.float64)
        state.apply(p, int(rng.choice(len(q), p=q / q.sum())))
print(json.dumps({"positions": positions,
                  "agree_with_teacher": {n: round(v / positions, 3) for n, v in same.items()},
                  "positions_bigger": positions_bigger,
                  "agree_with_4x_search": {n: round(v / positions_bigger, 3)
                                           for n, v in same_bigger.items()}}))
