"""The net of a training run (argument: its net.bin) against greedy and random over 400
two-player Kariba games (seats rotated, sim's 95% Wilson intervals)."""
import sys

from savanna.train import evaluate, netfile
from savanna.train.gamesetup import GameSetup

player = evaluate.net_player(GameSetup("kariba"))
player.net = netfile.NumpyNet.load(sys.argv[1])
for opponent in ["greedy", "random"]:
    print(opponent, evaluate.measure("kariba(players=2)", evaluate.NET_AGENT, opponent, 400, 77))
