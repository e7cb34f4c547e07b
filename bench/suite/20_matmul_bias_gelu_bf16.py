# x @ W + b then GELU, all bfloat16, 32768 x 8192 by 8192 x 8192 (4.4 TFLOP); about 1.7 GiB.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 32768
IN_FEATURES = 8192
OUT_FEATURES = 8192


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        weight = torch.randn(in_features, out_features) / math.sqrt(in_features)
        self.weight = nn.Parameter(weight.to(torch.bfloat16))
        self.bias = nn.Parameter(torch.zeros(out_features, dtype=torch.bfloat16))

    def forward(self, x):
        return F.gelu(x @ self.weight + self.bias)


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]


def get_inputs():
    return [torch.randn(ROWS, IN_FEATURES, dtype=torch.bfloat16)]
