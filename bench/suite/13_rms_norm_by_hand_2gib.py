# RMSNorm as LLaMA-style code writes it: pow, mean, rsqrt, two multiplies; about 6 GiB.
import torch
import torch.nn as nn

BATCH = 16
SEQ = 8192
HIDDEN = 4096


class Model(nn.Module):
    def __init__(self, hidden, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.rand(hidden) + 0.5)

    def forward(self, x):
        variance = x.pow(2).mean(dim=-1, keepdim=True)
        return x * torch.rsqrt(variance + self.eps) * self.weight


def get_init_inputs():
    return [HIDDEN]


def get_inputs():
    return [torch.randn(BATCH, SEQ, HIDDEN)]
