"""`python3 -m savanna play SPEC --seats ...`: the terminal game of `savanna play`, with seats that
may be Python callables, written `python:MODULE:FUNCTION` (MODULE importable from the current
directory, or a path to a .py file). FUNCTION(state, player) returns an action, as for
savanna.register_agent. Example:

    python3 -m savanna play 'kariba(players=2)' --seats human,python:mybot.py:choose
"""

import argparse
import importlib
import importlib.util
import pathlib
import re
import sys

import savanna


def split_seats(text: str) -> list:
    """Splits a seat list on the commas outside parentheses: 'human,ismcts(iters=5,c=1)'."""
    seats, depth, current = [], 0, ""
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            seats.append(current.strip())
            current = ""
        else:
            current += ch
    seats.append(current.strip())
    return seats


def load_callable(module_name: str, function: str):
    if module_name.endswith(".py"):
        path = pathlib.Path(module_name)
        if not path.is_file():
            raise SystemExit(f"savanna: --seats: no Python file '{module_name}'")
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    else:
        sys.path.insert(0, "")
        try:
            module = importlib.import_module(module_name)
        except ImportError as e:
            raise SystemExit(f"savanna: --seats: cannot import '{module_name}': {e}")
    fn = getattr(module, function, None)
    if not callable(fn):
        raise SystemExit(f"savanna: --seats: '{module_name}' has no callable '{function}'")
    return fn


def resolve_seat(seat: str) -> str:
    """A `python:MODULE:FUNCTION` seat becomes a registered agent; other seats stay as they are."""
    if not seat.startswith("python:"):
        return seat
    parts = seat.split(":")
    if len(parts) != 3 or not parts[1] or not parts[2]:
        raise SystemExit(f"savanna: --seats: '{seat}' is not python:MODULE:FUNCTION")
    name = "python_" + re.sub(r"\W", "_", pathlib.Path(parts[1]).stem + "_" + parts[2])
    savanna.register_agent(name, load_callable(parts[1], parts[2]))
    return name


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m savanna", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="Play in the terminal against agents (Python ones too)")
    play.add_argument("spec", metavar="SPEC", help="game spec, e.g. 'kariba(players=3)'")
    play.add_argument("--seats", required=True,
                      help="one entry per seat: 'human', an agent spec or python:MODULE:FUNCTION")
    play.add_argument("--seed", type=int, help="seed of the deal (default: the clock, printed)")
    play.add_argument("--record", default="", help="save the game record (JSON) here")
    play.add_argument("--hints", action="store_true", help="show the AI's estimates each turn")
    play.add_argument("--hint-agent", default="expert", help="the agent that estimates")
    args = ap.parse_args(argv)
    seats = [resolve_seat(s) for s in split_seats(args.seats)]
    try:
        savanna.play(args.spec, seats, seed=args.seed, record=args.record, hints=args.hints,
                     hint_agent=args.hint_agent)
    except savanna.SavannaError as e:
        print(f"savanna: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
