"""`python3 -m savanna.train GAME`: trains the game's net by expert iteration (self-play labelled
by the engine's search, the net fitted to the labels, repeated) and writes it in the net file
format (docs/nets.md). Examples:

    python3 -m savanna.train kariba --hours 2 --out data/kariba/net.bin --seed 1
    python3 -m savanna.train kariba --iterations 3 --positions 2000    # a short run

A checkpoint directory (--dir) keeps the replay buffer, the optimizer and the iteration after
every iteration; running the same command again resumes from it. The learning curve is written
there (curve.json, curve.svg) after every iteration.
"""

import argparse
import importlib.util
import json
import re
import sys

DEFAULT_TEACHER = "ismcts(iters=800,playout=policy,eps=-1,cutoff=-1,expand=1,widen=1,reopen=true)"


def int_list(text: str) -> list:
    try:
        values = [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a comma-separated list of integers")
    if not values or any(v <= 0 for v in values):
        raise argparse.ArgumentTypeError(f"'{text}' must list positive integers")
    return values


def spec_list(text: str) -> list:
    """Agent specs separated by commas outside parentheses: 'random,medium(clock=cpu)'."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def opponent_list(text: str) -> list:
    """[(spec, every)] from 'random,greedy,medium(clock=cpu)@5' (every: 1 without @K)."""
    out = []
    for item in spec_list(text):
        spec, at, every = item.rpartition("@")
        if not at or not every.isdigit():
            spec, every = item, "1"
        if not spec or int(every) <= 0:
            raise argparse.ArgumentTypeError(f"'{item}' is not SPEC or SPEC@K (K > 0)")
        out.append((spec, int(every)))
    return out


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python3 -m savanna.train",
                                 description=__doc__.split("\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("game", help="registered game name (every player count in one net)")
    ap.add_argument("--out", default="", help="also write the net here (e.g. data/GAME/net.bin)")
    ap.add_argument("--dir", default="", help="checkpoint directory (default build/train/GAME-seedS)")
    ap.add_argument("--seed", type=int, default=1, help="master seed: deals, teacher, batches")
    ap.add_argument("--hours", type=float, help="wall-time budget of the whole run, resumes "
                    "included: no iteration starts that the last one's time says would overrun")
    ap.add_argument("--iterations", type=int, help="stop after this many iterations")
    ap.add_argument("--workers", type=int, default=1,
                    help="processes that play self-play games (and sim threads of the "
                         "measurements); the result does not depend on it")
    ap.add_argument("--fresh", action="store_true", help="replace an existing checkpoint")
    g = ap.add_argument_group("self-play")
    g.add_argument("--players", type=int_list, help="player counts (default: all the game's)")
    g.add_argument("--positions", type=int, default=50000,
                   help="positions labelled per iteration (whole games: a few more)")
    g.add_argument("--teacher", default=DEFAULT_TEACHER,
                   help="the search that labels positions (its choice or its visits: "
                        "--policy-target; without savanna.label in the engine, its choices)")
    g.add_argument("--policy-target", choices=("choice", "visits"), default="choice",
                   help="the policy's label: the teacher's choice (its most visited action, "
                        "one-hot) or its root's visit distribution")
    g.add_argument("--guide-from", type=int, default=2,
                   help="the teacher searches guided by the current net from this iteration on "
                        "(0: never)")
    g.add_argument("--sample-moves", type=int, default=8,
                   help="decisions of a game played by drawing from the visits, not the most "
                        "visited")
    g.add_argument("--random-moves", type=float, default=0.03,
                   help="share of moves played uniformly at random (still labelled)")
    g.add_argument("--margin", type=float, default=0.5,
                   help="weight of the score margin in the value targets, as in the search")
    g = ap.add_argument_group("the net and its fit")
    g.add_argument("--trunk", type=int_list, default=[128, 128], help="hidden widths")
    g.add_argument("--batch", type=int, default=256)
    g.add_argument("--lr", type=float, default=1e-3)
    g.add_argument("--weight-decay", type=float, default=1e-4)
    g.add_argument("--reuse", type=float, default=4.0,
                   help="training samples per new position (sets the steps per iteration)")
    g.add_argument("--value-weight", type=float, default=1.0)
    g.add_argument("--buffer", type=int, default=0,
                   help="replay buffer size in positions (0: as many as --buffer-mb holds)")
    g.add_argument("--buffer-mb", type=int, default=1024,
                   help="replay buffer memory when --buffer is 0 (at least one iteration)")
    g = ap.add_argument_group("the learning curve")
    g.add_argument("--eval-games", type=int, default=100, help="games per measurement (0: none)")
    g.add_argument("--eval-players", type=int, default=2, help="player count of the measurements")
    g.add_argument("--eval-opponents", type=opponent_list, default=opponent_list(
        "random,greedy,medium(clock=cpu)@5"),
        help="fixed opponents; SPEC@K: measured every K iterations (and at the first and last)")
    g.add_argument("--eval-search", default="auto",
                   help="also measure this search with the net ({net}: the current net file); "
                        "auto: the teacher's search with net={net} where the engine searches "
                        "with nets, else none; none: never")
    return ap


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(argv)
    if not args.dir:
        name = re.sub(r"[^\w=.-]+", "_", args.game).strip("_")
        args.dir = f"build/train/{name}-seed{args.seed}"
    if args.hours is None and args.iterations is None:
        parser().error("give --hours or --iterations (or both)")
    if importlib.util.find_spec("torch") is None:
        raise SystemExit("savanna.train needs torch: Debian's python3-torch "
                         "(./scripts/setup.sh python training)")
    from savanna.train import loop
    summary = loop.run(args, argv)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
