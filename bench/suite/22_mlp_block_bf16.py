# Transformer MLP in bfloat16: 4096 -> 8192, GELU, 8192 -> 4096, residual (2.2 TFLOP); ~0.8 GiB.
import torch
import torch.nn as nn
import torch.nn.functional as F

TOKENS = 16384
HIDDEN = 4096
INNER = 8192


class Model(nn.Module):
    def __init__(self, hidden, inner):
        super().__init__()
        self.up = nn.Linear(hidden, inner)
        self.down = nn.Linear(inner, hidden)
        self.to(torch.bfloat16)

    def forward(self, x):
        return x + self.down(F.gelu(self.up(x)))


def get_init_inputs():
    return [HIDDEN, INNER]


def get_inputs():
    return [torch.randn(TOKENS, HIDDEN, dtype=torch.bfloat16)]
