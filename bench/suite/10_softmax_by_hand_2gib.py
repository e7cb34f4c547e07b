# Numerically stable softmax written out (max, subtract, exp, sum, divide); about 8 GiB.
import torch
import torch.nn as nn

ROWS = 65536
COLS = 8192


class Model(nn.Module):
    def forward(self, x):
        shifted = x - x.amax(dim=-1, keepdim=True)
        e = torch.exp(shifted)
        return e / e.sum(dim=-1, keepdim=True)


def get_init_inputs():
    return []


def get_inputs():
    return [torch.randn(ROWS, COLS)]
