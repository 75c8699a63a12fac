"""Trains a small masked policy with PPO in self-play on savanna.VectorEnv (Debian's
python3-torch), then measures it with savanna.sim against `random` and `flat_mc`.

    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/train_policy.py
    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/train_policy.py --smoke

One network (an MLP with a policy head over the game's distinct actions and a value head) plays
every seat. Illegal actions get a logit of -inf from the mask, so the policy only ever samples
legal ones. Rewards are the engine's returns at the end of a game (1 win, 1/k for a k-way tie,
0 loss); each decision's target is its player's return in that game (gamma 1), or the value of
that player's latest observation when the game is still running at the end of a rollout.
The trained policy then becomes an engine agent (savanna.register_agent: it sees a
determinization for its player, so it can read nothing its seat may not know) and plays
savanna.sim matches, whose win rates come with 95% intervals. The last line printed is a JSON
summary of the run.
"""

import argparse
import json
import time

import numpy as np
import torch
from torch import nn

import savanna


class PolicyNet(nn.Module):
    """Observation -> (masked action logits, value of the player to act)."""

    def __init__(self, obs_size: int, num_actions: int, hidden: int):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh(),
                                  nn.Linear(hidden, hidden), nn.Tanh())
        self.policy = nn.Linear(hidden, num_actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor):
        h = self.body(obs)
        logits = self.policy(h).masked_fill(~mask, float("-inf"))
        return logits, self.value(h).squeeze(-1)


def collect(env, net, obs, masks, to_play, steps: int):
    """Plays `steps` steps of every game of env with the sampling policy. Returns the rollout
    (arrays [steps, N, ...]) and the env's arrays after the last step."""
    n = env.num_envs
    roll = {
        "obs": np.empty((steps, n, env.observation_size), np.float32),
        "mask": np.empty((steps, n, env.num_actions), bool),
        "player": np.empty((steps, n), np.int64),
        "action": np.empty((steps, n), np.int64),
        "logp": np.empty((steps, n), np.float32),
        "value": np.empty((steps, n), np.float32),
        "reward": np.empty((steps, n, env.num_players), np.float32),
        "done": np.empty((steps, n), bool),
    }
    for t in range(steps):
        roll["obs"][t], roll["mask"][t], roll["player"][t] = obs, masks, to_play
        with torch.no_grad():
            logits, value = net(torch.from_numpy(roll["obs"][t]), torch.from_numpy(roll["mask"][t]))
            dist = torch.distributions.Categorical(logits=logits)
            action = dist.sample()
        roll["action"][t] = action.numpy()
        roll["logp"][t] = dist.log_prob(action).numpy()
        roll["value"][t] = value.numpy()
        obs, masks, to_play, rewards, dones = env.step(action.numpy().astype(np.int32))
        roll["reward"][t], roll["done"][t] = rewards, dones
    return roll, (obs, masks, to_play)


def targets(roll, last_value: np.ndarray, last_player: np.ndarray) -> np.ndarray:
    """Each decision's return target: its player's return in its game, found walking back from
    the end of the rollout; for a game still running, the latest value estimate of that player."""
    steps, n = roll["player"].shape
    rows = np.arange(n)
    ret = np.full((n, roll["reward"].shape[2]), np.nan, np.float32)
    ret[rows, last_player] = last_value
    out = np.empty((steps, n), np.float32)
    for t in reversed(range(steps)):
        done = roll["done"][t]
        ret[done] = roll["reward"][t][done]  # the game that step t ended: its final returns
        mine = ret[rows, roll["player"][t]]
        unknown = np.isnan(mine)
        out[t] = np.where(unknown, roll["value"][t], mine)
        ret[rows[unknown], roll["player"][t][unknown]] = roll["value"][t][unknown]
    return out


def ppo_update(net, optimizer, roll, target: np.ndarray, args) -> dict:
    flat = lambda a: torch.from_numpy(a.reshape(-1, *a.shape[2:]))  # noqa: E731
    obs, mask, action = flat(roll["obs"]), flat(roll["mask"]), flat(roll["action"])
    old_logp, ret = flat(roll["logp"]), torch.from_numpy(target.reshape(-1))
    adv = ret - flat(roll["value"])
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    total = obs.shape[0]
    stats = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0}
    batches = 0
    for _ in range(args.epochs):
        for idx in torch.randperm(total).split(args.minibatch):
            logits, value = net(obs[idx], mask[idx])
            dist = torch.distributions.Categorical(logits=logits)
            ratio = torch.exp(dist.log_prob(action[idx]) - old_logp[idx])
            clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip)
            policy_loss = -torch.min(ratio * adv[idx], clipped * adv[idx]).mean()
            value_loss = ((value - ret[idx]) ** 2).mean()
            # Entropy over legal actions only (masked logits are -inf: their p*log p is 0).
            p = torch.softmax(logits, -1)
            entropy = -(p * torch.log_softmax(logits, -1).masked_fill(~mask[idx], 0)).sum(-1)
            loss = policy_loss + 0.5 * value_loss - args.entropy * entropy.mean()
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            optimizer.step()
            stats["policy_loss"] += policy_loss.item()
            stats["value_loss"] += value_loss.item()
            stats["entropy"] += entropy.mean().item()
            batches += 1
    return {k: v / batches for k, v in stats.items()}


def train(args) -> PolicyNet:
    env = savanna.VectorEnv(args.game, num_envs=args.envs, seed=args.seed)
    net = PolicyNet(env.observation_size, env.num_actions, args.hidden)
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    obs, masks, to_play, _, _ = env.reset()
    start = time.perf_counter()
    for update in range(1, args.updates + 1):
        roll, (obs, masks, to_play) = collect(env, net, obs, masks, to_play, args.rollout)
        with torch.no_grad():
            _, last_value = net(torch.from_numpy(obs.copy()), torch.from_numpy(masks.copy()))
        target = targets(roll, last_value.numpy(), to_play)
        stats = ppo_update(net, optimizer, roll, target, args)
        if update % args.log_every == 0 or update == args.updates:
            print(f"update {update}/{args.updates}: {update * args.rollout * args.envs} steps, "
                  f"{env.games_finished} games, {time.perf_counter() - start:.0f} s, "
                  + ", ".join(f"{k} {v:.4f}" for k, v in stats.items()), flush=True)
    return net


def greedy_agent(net: PolicyNet):
    """The trained policy as an engine agent: the most probable legal action."""

    def choose(state, player):
        obs = torch.from_numpy(state.observation(player))[None]
        mask = torch.from_numpy(state.legal_mask(player))[None]
        with torch.no_grad():
            logits, _ = net(obs, mask)
        return int(logits.argmax())

    return choose


def measure(args, name: str, opponent: str, games: int) -> dict:
    result = savanna.sim(args.game, [name, opponent], games=games, seed=args.seed + 1)
    mine = next(s for s in result["seats"] if s["agent"] == name)
    return {"opponent": opponent, "games": games, "win_rate": mine["win_rate"],
            "ci95": mine["ci95"]}


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="kariba(players=2)")
    ap.add_argument("--envs", type=int, default=256, help="games stepped together")
    ap.add_argument("--rollout", type=int, default=64, help="steps per game between updates")
    ap.add_argument("--updates", type=int, default=300)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatch", type=int, default=2048)
    ap.add_argument("--lr", type=float, default=5e-4)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--eval-games", type=int, default=2000, help="games against random")
    ap.add_argument("--flat-mc", default="flat_mc", help="the flat_mc opponent")
    ap.add_argument("--flat-mc-games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log-every", type=int, default=20)
    ap.add_argument("--smoke", action="store_true",
                    help="a run of seconds: tiny sizes, for the tests")
    args = ap.parse_args(argv)
    if args.smoke:
        args.envs, args.rollout, args.updates, args.epochs = 16, 16, 2, 1
        args.eval_games, args.flat_mc, args.flat_mc_games, args.log_every = 20, "flat_mc(iters=5)", 4, 1
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    start = time.perf_counter()
    name = "ppo_policy"
    savanna.register_agent(name, greedy_agent(train(args)))
    trained = time.perf_counter() - start
    results = [measure(args, name, "random", args.eval_games),
               measure(args, name, args.flat_mc, args.flat_mc_games)]
    summary = {"game": args.game, "train_steps": args.updates * args.rollout * args.envs,
               "train_seconds": round(trained, 1),
               "total_seconds": round(time.perf_counter() - start, 1), "results": results}
    for r in results:
        lo, hi = r["ci95"]
        print(f"{name} vs {r['opponent']}: win rate {r['win_rate']:.3f} "
              f"(95% interval {lo:.3f} to {hi:.3f}) over {r['games']} games")
    print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
