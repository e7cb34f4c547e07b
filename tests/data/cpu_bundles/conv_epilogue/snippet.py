# A convolution followed by two activations: the epilogue fuses, the conv stays a library call.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(16, 32, 3)

    def forward(self, x):
        x = self.conv(x)
        return F.hardswish(F.silu(x) - 0.5)


def get_init_inputs():
    return []


def get_inputs():
    return [torch.randn(2, 16, 32, 32, device=device)]
