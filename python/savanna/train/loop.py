"""Expert iteration for one game: self-play labelled by the teacher, a fit of the net to the
replay buffer, an export, a measurement; repeated, with a checkpoint after every iteration.

Everything an iteration draws (deals, the teacher's seeds, minibatches, the measurements'
deals) follows from the master seed and the iteration's number, and torch runs deterministic on
one thread, so a run resumed from its checkpoint ends with the same weights as one that never
stopped, and `--iterations K` reproduces a run that stopped after K iterations.
"""

import datetime
import json
import math
import os
import shlex
import sys
import time

import numpy as np
import torch

import savanna
from savanna.train import chart, evaluate, model, netfile
from savanna.train.buffer import ReplayBuffer
from savanna.train.gamesetup import GameSetup
from savanna.train.progress import Progress
from savanna.train.selfplay import (AgentTeacher, SearchTeacher, SelfPlay, derive_seed,
                                    engine_labels)

# The options a checkpoint is bound to: resuming with another value would make a different run.
FIXED = ("game", "seed", "players", "trunk", "positions", "teacher", "policy_target", "guide_from",
         "sample_moves", "random_moves", "margin", "batch", "lr", "weight_decay", "reuse",
         "value_weight", "buffer", "buffer_mb")


NET_LABEL = "net (no search)"


def describe(results: dict) -> str:
    text = ""
    for agent, by_opponent in results.items():
        for opp, r in by_opponent.items():
            lo, hi = r["ci95"]
            text += f"; {agent} vs {opp} {100 * r['win_rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
    return text


def with_net(spec: str) -> str:
    """The agent spec with the parameter net={net} added: 'ismcts(iters=5)' -> 'ismcts(iters=5,
    net={net})', 'medium' -> 'medium(net={net})'."""
    spec = spec.strip()
    if spec.endswith(")"):
        inside = spec[spec.index("(") + 1:-1].strip()
        return f"{spec[:spec.index('(')]}({inside + ',' if inside else ''}net={{net}})"
    return f"{spec}(net={{net}})"


def log(message: str):
    print(message, file=sys.stderr, flush=True)


def atomic_write(path, text: str):
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


class Run:
    def __init__(self, args, argv):
        self.args = args
        self.command = "python3 -m savanna.train " + shlex.join(argv)
        self.setup = GameSetup(args.game, args.players)
        if args.eval_games and args.eval_players not in self.setup.players:
            raise SystemExit(f"savanna.train: --eval-players {args.eval_players} is not among "
                             f"the player counts {self.setup.players}")
        self.dir = args.dir
        os.makedirs(self.dir, exist_ok=True)
        self.config = {k: getattr(args, k) for k in FIXED}
        self.config["players"] = list(self.setup.players)
        torch.manual_seed(args.seed)
        s = self.setup
        self.net = model.Net(s.input, args.trunk, s.actions, s.seats)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=args.lr,
                                    weight_decay=args.weight_decay)
        row = ReplayBuffer.row_bytes(s.input, s.actions, s.seats)
        self.capacity = args.buffer or max(args.positions, int(args.buffer_mb * 2**20 // row))
        self.buffer = ReplayBuffer(self.capacity, s.input, s.actions, s.seats)
        self.iteration = 0
        self.elapsed = 0.0
        self.curve = {"game": s.name, "seed": args.seed, "players": s.players,
                      "eval_players": args.eval_players, "command": self.command,
                      "teacher": args.teacher, "iterations": []}

    # ---- checkpoint -----------------------------------------------------------------------
    @property
    def checkpoint_path(self):
        return os.path.join(self.dir, "checkpoint.pt")

    def resume(self) -> bool:
        if self.args.fresh or not os.path.exists(self.checkpoint_path):
            return False
        ck = torch.load(self.checkpoint_path)
        diff = [f"{k}: {ck['config'].get(k)!r} there, {v!r} here"
                for k, v in self.config.items() if ck["config"].get(k) != v]
        if diff:
            raise SystemExit(f"savanna.train: {self.dir} holds another run ("
                             + "; ".join(diff) + "); use another --dir, or --fresh to replace it")
        self.net.load_state_dict(ck["model"])
        self.opt.load_state_dict(ck["optimizer"])
        self.iteration, self.elapsed, self.curve = ck["iteration"], ck["elapsed"], ck["curve"]
        self.curve["command"] = self.command
        s = self.setup
        if ck["buffer"]:
            self.buffer = ReplayBuffer.load(os.path.join(self.dir, ck["buffer"]), self.capacity,
                                            s.input, s.actions, s.seats)
        log(f"resumed {self.dir} after iteration {self.iteration} "
            f"({self.buffer.size} positions in the buffer, {self.elapsed / 60:.1f} min so far)")
        return True

    def save(self):
        name = f"buffer-{self.iteration}.npz" if self.buffer.size else ""
        if name:
            self.buffer.save(os.path.join(self.dir, name))
        tmp = self.checkpoint_path + ".tmp"
        torch.save({"config": self.config, "model": self.net.state_dict(),
                    "optimizer": self.opt.state_dict(), "iteration": self.iteration,
                    "elapsed": self.elapsed, "curve": self.curve, "buffer": name}, tmp)
        os.replace(tmp, self.checkpoint_path)  # the commit point
        for f in os.listdir(self.dir):
            if f.startswith("buffer-") and f.endswith(".npz") and f != name:
                os.remove(os.path.join(self.dir, f))
        atomic_write(os.path.join(self.dir, "curve.json"), json.dumps(self.curve, indent=1) + "\n")
        atomic_write(os.path.join(self.dir, "curve.svg"), chart.render(self.curve))

    # ---- the phases -----------------------------------------------------------------------
    def provenance(self) -> dict:
        done = self.curve["iterations"]
        return {"seed": self.args.seed, "iterations": self.iteration,
                "positions": sum(it["positions"] for it in done),
                "games": sum(it["games"] for it in done), "teacher": self.args.teacher,
                "trainer": "savanna.train (expert iteration)", "command": self.command,
                "seconds": round(self.elapsed, 1),
                "time": datetime.datetime.now(datetime.timezone.utc).strftime(
                    "%Y-%m-%dT%H:%M:%SZ")}

    def export(self):
        path = os.path.join(self.dir, "net.bin")
        data = model.export(self.net, self.setup, path, self.provenance())
        if self.args.out:
            os.makedirs(os.path.dirname(os.path.abspath(self.args.out)), exist_ok=True)
            tmp = self.args.out + ".tmp"
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, self.args.out)
        return data

    def teacher(self):
        """The search that labels this iteration's positions: guided by the current net from
        iteration --guide-from on, where the engine can (savanna.label)."""
        a = self.args
        if not engine_labels():
            return AgentTeacher(a.teacher)
        net = None
        if a.guide_from and self.iteration + 1 >= a.guide_from:
            net = savanna.Net.load(os.path.join(self.dir, "net.bin"))
        return SearchTeacher(a.teacher, net, a.sample_moves, a.policy_target)

    def selfplay(self) -> tuple:
        a = self.args
        teacher = self.teacher()
        play = SelfPlay(self.setup, teacher, a.margin, a.random_moves)
        progress = Progress(f"iteration {self.iteration + 1}: self-play positions", a.positions)
        return play.run(a.positions, a.seed, self.iteration + 1, progress, a.workers)

    def train(self, new_positions: int) -> dict:
        a = self.args
        steps = max(1, math.ceil(a.reuse * new_positions / a.batch))
        gen = torch.Generator().manual_seed(derive_seed(a.seed, self.iteration + 1, 3))
        progress = Progress(f"iteration {self.iteration + 1}: training steps", steps)
        start = time.perf_counter()
        sums = np.zeros(2)
        self.net.train()
        for step in range(steps):
            idx = torch.randint(self.buffer.size, (a.batch,), generator=gen).numpy()
            b = self.buffer.batch(idx)
            seats = torch.arange(self.setup.seats)[None, :] < torch.from_numpy(
                b["players"].astype(np.int64))[:, None]
            policy, value = model.losses(self.net, torch.from_numpy(b["x"]),
                                         torch.from_numpy(b["mask"]), torch.from_numpy(b["pi"]),
                                         torch.from_numpy(b["z"]), seats.float())
            loss = policy + a.value_weight * value
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            sums += [policy.item(), value.item()]
            if (step + 1) % 20 == 0 or step + 1 == steps:
                progress.update(step + 1, f"policy {sums[0] / (step + 1):.3f}, "
                                          f"value {sums[1] / (step + 1):.3f}")
        self.net.eval()
        return {"steps": steps, "train_seconds": time.perf_counter() - start,
                "policy_loss": sums[0] / steps, "value_loss": sums[1] / steps}

    def eval_search(self) -> str:
        """The search with the net that the curve measures ('' for none)."""
        spec = self.args.eval_search
        if spec == "auto":
            spec = with_net(self.args.teacher) if engine_labels() else ""
        if spec in ("", "none"):
            return ""
        return spec.replace("{net}", os.path.join(self.dir, "net.bin"))

    def measure(self, data: bytes, final: bool = False, have: dict = None) -> dict:
        """The measurements due at this iteration (every opponent whose cadence divides it; all
        of them at iteration 0 and at the end), as {agent: {opponent: result}}. `have`: those
        already taken at this iteration (not taken again)."""
        a = self.args
        if not a.eval_games:
            return dict(have or {})
        player = evaluate.net_player(self.setup)
        player.net = netfile.NumpyNet(*netfile.decode(data))
        spec = self.setup.specs[a.eval_players]
        agents = [(NET_LABEL, evaluate.NET_AGENT)]
        search = self.eval_search()
        if search:
            agents.append((search, search))
        jobs = []
        for label, agent in agents:
            for opp, every in a.eval_opponents:
                due = final or self.iteration == 0 or self.iteration % every == 0
                if due and opp not in (have or {}).get(label, {}):
                    jobs.append((label, agent, opp))
        out = {label: dict(results) for label, results in (have or {}).items()}
        progress = Progress(f"iteration {self.iteration}: measuring", len(jobs), every=0)
        for k, (label, agent, opp) in enumerate(jobs):
            # The same deals at every iteration (common random numbers): the curve's steps are
            # the net's, not the cards'.
            seed = derive_seed(a.seed, 4)
            r = evaluate.measure(spec, agent, opp, a.eval_games, seed, a.workers)
            out.setdefault(label, {})[opp] = r
            progress.update(k + 1, f"{label} vs {opp}: {100 * r['win_rate']:.0f}%")
        return out

    # ---- the loop -------------------------------------------------------------------------
    def record_start(self):
        """Iteration 0: the untrained net, exported and measured (the curve's first point)."""
        start = time.perf_counter()
        data = self.export()
        entry = {"iteration": 0, "games": 0, "positions": 0, "eval": self.measure(data)}
        entry["measure_seconds"] = round(time.perf_counter() - start, 1)
        self.elapsed += time.perf_counter() - start
        entry["elapsed_seconds"] = round(self.elapsed, 1)
        self.curve["iterations"].append(entry)
        self.save()
        log("iteration 0 (the untrained net)" + describe(entry["eval"]))

    def step(self):
        a = self.args
        start = time.perf_counter()
        rows, stats = self.selfplay()
        stats["labels"] = "visits" if engine_labels() and a.policy_target == "visits" else "choices"
        stats["guided"] = bool(engine_labels() and a.guide_from
                               and self.iteration + 1 >= a.guide_from)
        if self.iteration == 0:
            with torch.no_grad():
                self.net.set_input_scale(rows["x"])
        self.buffer.add(rows)
        fit = self.train(stats["positions"])
        self.iteration += 1
        data = self.export()
        entry = {"iteration": self.iteration, **stats, **fit, "buffer": self.buffer.size}
        entry["eval"] = self.measure(data)
        self.elapsed += time.perf_counter() - start
        entry["iteration_seconds"] = round(time.perf_counter() - start, 1)
        entry["elapsed_seconds"] = round(self.elapsed, 1)
        for key in ("selfplay_seconds", "train_seconds", "positions_per_second", "policy_loss",
                    "value_loss"):
            entry[key] = round(entry[key], 4)
        self.curve["iterations"].append(entry)
        self.save()
        line = (f"iteration {self.iteration}: {stats['games']} games, {stats['positions']} "
                f"positions at {stats['positions_per_second']:.0f}/s; {fit['steps']} steps, "
                f"policy {fit['policy_loss']:.3f}, value {fit['value_loss']:.3f}")
        log(line + describe(entry["eval"]) + f"; {self.elapsed / 60:.1f} min")

    def finish(self):
        """Exports, and measures at the last iteration whatever its cadence skipped."""
        data = self.export()
        last = self.curve["iterations"][-1]
        start = time.perf_counter()
        full = self.measure(data, final=True, have=last.get("eval", {}))
        if full != last.get("eval", {}):
            last["eval"] = full
            self.elapsed += time.perf_counter() - start
            last["elapsed_seconds"] = round(self.elapsed, 1)
            self.save()
            log(f"iteration {self.iteration} (the last), every opponent" + describe(full))
        return data

    def done(self) -> bool:
        a = self.args
        if a.iterations is not None and self.iteration >= a.iterations:
            return True
        if a.hours is not None:
            # The next iteration is estimated to take as long as the last, and the measurement
            # of every opponent at the end as long as the one of iteration 0.
            its = self.curve["iterations"]
            last = its[-1].get("iteration_seconds", 0) if its else 0
            final = its[0].get("measure_seconds", 0) if its else 0
            return self.elapsed + last + final > a.hours * 3600
        return False


def run(args, argv) -> dict:
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    r = Run(args, argv)
    if not r.resume():
        r.record_start()
    while not r.done():
        r.step()
    data = r.finish()
    header, _ = netfile.decode(data)
    its = r.curve["iterations"][1:]
    positions = sum(it["positions"] for it in its)
    seconds = sum(it["selfplay_seconds"] for it in its)
    summary = {"game": args.game, "iterations": r.iteration, "positions": positions,
               "positions_per_second": round(positions / seconds, 1) if seconds else 0.0,
               "minutes": round(r.elapsed / 60, 2), "net": args.out or os.path.join(r.dir, "net.bin"),
               "checksum": header["checksum"], "curve": os.path.join(r.dir, "curve.svg")}
    log(f"done: {r.iteration} iterations, {positions} positions labelled at "
        f"{summary['positions_per_second']}/s of self-play, {summary['minutes']} min; "
        f"net {summary['net']}, curve {summary['curve']}")
    return summary
