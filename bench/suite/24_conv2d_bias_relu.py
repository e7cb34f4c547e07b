# 3x3 convolution 64 -> 128 channels with bias, then ReLU, batch 128 at 128x128; about 2.5 GiB.
import torch
import torch.nn as nn

BATCH = 128
IN_CHANNELS = 64
OUT_CHANNELS = 128
SIZE = 128


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, padding=1)

    def forward(self, x):
        return torch.relu(self.conv(x))


def get_init_inputs():
    return [IN_CHANNELS, OUT_CHANNELS]


def get_inputs():
    return [torch.randn(BATCH, IN_CHANNELS, SIZE, SIZE)]
