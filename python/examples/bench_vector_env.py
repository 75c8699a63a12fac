"""Steps per CPU second of savanna.VectorEnv with observations and masks, the figure docs/python.md
reports beside `savanna bench`'s playout rate.

    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/bench_vector_env.py \
        --game 'kariba(players=2)' --envs 1024 --seconds 5

Actions are chosen in numpy from the masks (the first legal action after a random offset), so the
figure includes what a learner's loop must do at least: read the masks and write actions.
"""

import argparse
import time

import numpy as np

import savanna


def masked_random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    # The legal action with the largest random key: uniform over the legal actions.
    keys = rng.random(masks.shape, dtype=np.float32)
    keys[~masks] = -1.0
    return keys.argmax(axis=1).astype(np.int32)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="kariba(players=2)")
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    env = savanna.VectorEnv(args.game, num_envs=args.envs, seed=1, threads=args.threads)
    rng = np.random.default_rng(1)
    obs, masks, *_ = env.reset()
    # CPU time of this process (one thread): on a shared machine wall time counts others' work.
    steps, choose = 0, 0.0
    start = time.process_time()
    while time.process_time() - start < args.seconds:
        t = time.process_time()
        actions = masked_random_actions(masks, rng)
        choose += time.process_time() - t
        obs, masks, to_play, rewards, dones = env.step(actions)
        steps += args.envs
    elapsed = time.process_time() - start
    print(f"{args.game}: {args.envs} envs, {args.threads} thread(s): {steps / elapsed / 1e6:.2f} M "
          f"steps/s with observations and masks ({steps / (elapsed - choose) / 1e6:.2f} M/s "
          f"in env.step alone), {env.games_finished} games finished")


if __name__ == "__main__":
    main()
