"""The net in torch: a ReLU trunk, a policy head (logits over the game's distinct actions) and a
value head (tanh, one value per seat, the viewer first), trained with a fixed per-input scale
that the export folds into the first layer (the file's net reads the raw observation)."""

import numpy as np
import torch
from torch import nn

from savanna.train import netfile


class Net(nn.Module):
    def __init__(self, inputs: int, trunk, actions: int, seats: int):
        super().__init__()
        layers, width = [], inputs
        for hidden in trunk:
            layers.append(nn.Linear(width, hidden))
            width = hidden
        self.trunk = nn.ModuleList(layers)
        self.policy = nn.Linear(width, actions)
        self.value = nn.Linear(width, seats)
        # Inputs are multiplied by this before the first layer (counts of up to ~100 otherwise
        # dominate); set once from the first data and folded into the exported weights.
        self.register_buffer("input_scale", torch.ones(inputs))

    def forward(self, x: torch.Tensor):
        h = x * self.input_scale
        for layer in self.trunk:
            h = torch.relu(layer(h))
        return self.policy(h), torch.tanh(self.value(h))

    def set_input_scale(self, rows: np.ndarray):
        """1 / the largest magnitude each input takes in `rows` (1 where it is always 0)."""
        peak = np.abs(rows).max(axis=0) if len(rows) else np.zeros(self.input_scale.shape[0])
        scale = np.where(peak > 0, 1.0 / np.maximum(peak, 1e-12), 1.0).astype(np.float32)
        self.input_scale.copy_(torch.from_numpy(scale))

    def layers(self) -> list:
        """[(W, b), ...] in the file's order, float64, the input scale folded into the first."""
        out = []
        for k, layer in enumerate([*self.trunk, self.policy, self.value]):
            w = layer.weight.detach().double().numpy().copy()
            b = layer.bias.detach().double().numpy().copy()
            if k == 0:
                w *= self.input_scale.double().numpy()[None, :]
            out.append((w, b))
        return out


def masked_log_softmax(logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """log softmax over the legal actions (mask True); illegal entries are 0, not -inf, so that
    they add nothing when multiplied by a zero target."""
    masked = logits.masked_fill(~mask, float("-inf"))
    return torch.log_softmax(masked, dim=-1).masked_fill(~mask, 0.0)


def losses(net: Net, x, mask, pi, z, seats_mask):
    """(policy cross-entropy, value MSE) of a batch. pi: target distribution over the legal
    actions; z: target values [batch, seats] in [-1, 1], counted where seats_mask is True."""
    logits, v = net(x)
    policy = -(pi * masked_log_softmax(logits, mask)).sum(-1).mean()
    err = ((v - z) ** 2) * seats_mask
    value = err.sum() / seats_mask.sum().clamp(min=1)
    return policy, value


def export(net: Net, setup, path, provenance: dict) -> bytes:
    """Writes `net` as the game's net file; returns the bytes."""
    header = setup.header([layer.out_features for layer in net.trunk])
    return netfile.write(path, header, net.layers(), provenance)
