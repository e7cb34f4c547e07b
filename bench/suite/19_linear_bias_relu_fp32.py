# nn.Linear 4096 -> 4096 plus ReLU in float32 on 16384 rows (550 GFLOP); about 0.8 GiB.
import torch
import torch.nn as nn

ROWS = 16384
IN_FEATURES = 4096
OUT_FEATURES = 4096


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.relu(self.linear(x))


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]


def get_inputs():
    return [torch.randn(ROWS, IN_FEATURES)]
