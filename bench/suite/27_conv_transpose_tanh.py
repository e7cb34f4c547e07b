# Generator-style upsampling: ConvTranspose2d 128 -> 64, stride 2, then tanh; about 0.7 GiB.
import torch
import torch.nn as nn

BATCH = 64
IN_CHANNELS = 128
OUT_CHANNELS = 64
SIZE = 64


class Model(nn.Module):
    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.up = nn.ConvTranspose2d(in_channels, out_channels, 4, stride=2, padding=1)

    def forward(self, x):
        return torch.tanh(self.up(x))


def get_init_inputs():
    return [IN_CHANNELS, OUT_CHANNELS]


def get_inputs():
    return [torch.randn(BATCH, IN_CHANNELS, SIZE, SIZE)]
