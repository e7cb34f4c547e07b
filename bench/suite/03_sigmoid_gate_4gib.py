# GLU-style gating: split a 4 GiB float32 tensor in halves, value * sigmoid(gate); about 8 GiB.
import torch
import torch.nn as nn

TOKENS = 131072
HIDDEN = 4096


class Model(nn.Module):
    def forward(self, x):
        value, gate = x.chunk(2, dim=-1)
        return value * torch.sigmoid(gate)


def get_init_inputs():
    return []


def get_inputs():
    return [torch.randn(TOKENS, 2 * HIDDEN)]
