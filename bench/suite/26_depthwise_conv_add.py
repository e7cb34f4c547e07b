# ConvNeXt-style depthwise 7x7 convolution (groups = channels) plus the residual; about 1.5 GiB.
import torch
import torch.nn as nn

BATCH = 128
CHANNELS = 256
SIZE = 64


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.dwconv = nn.Conv2d(channels, channels, 7, padding=3, groups=channels)

    def forward(self, x):
        return x + self.dwconv(x)


def get_init_inputs():
    return [CHANNELS]


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, SIZE, SIZE)]
