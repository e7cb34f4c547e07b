# Residual add with a per-channel learned scale (LayerScale), no dropout; about 8 GiB.
import torch
import torch.nn as nn

TOKENS = 131072
HIDDEN = 4096


class Model(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.gamma = nn.Parameter(torch.full((hidden,), 0.1))

    def forward(self, x, residual):
        return residual + x * self.gamma


def get_init_inputs():
    return [HIDDEN]


def get_inputs():
    return [torch.randn(TOKENS, HIDDEN), torch.randn(TOKENS, HIDDEN)]
