# Smooth L1 (Huber-like) loss with beta 0.5 between two 2 GiB float32 tensors; about 6 GiB.
import torch
import torch.nn as nn

ROWS = 131072
COLS = 4096


class Model(nn.Module):
    def __init__(self, beta=0.5):
        super().__init__()
        self.loss = nn.SmoothL1Loss(beta=beta)

    def forward(self, prediction, target):
        return self.loss(prediction, target)


def get_init_inputs():
    return [0.5]


def get_inputs():
    return [torch.randn(ROWS, COLS), torch.randn(ROWS, COLS)]
