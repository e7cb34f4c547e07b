# Pre-norm residual: x + LayerNorm(x) over a 4096-wide hidden dimension, 4 GiB; about 12 GiB.
import torch
import torch.nn as nn

BATCH = 16
SEQ = 16384
HIDDEN = 4096


class Model(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.norm = nn.LayerNorm(hidden)

    def forward(self, x):
        return x + self.norm(x)


def get_init_inputs():
    return [HIDDEN]


def get_inputs():
    return [torch.randn(BATCH, SEQ, HIDDEN)]
