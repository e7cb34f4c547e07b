# A DenseNet-style dense block: each layer is batch norm, ReLU and a convolution whose output
# is concatenated onto everything before it (the concatenations are copies through memory).
import torch
import torch.nn as nn


class DenseLayer(nn.Module):
    def __init__(self, channels, growth):
        super().__init__()
        self.norm = nn.BatchNorm2d(channels)
        self.relu = nn.ReLU(inplace=True)
        self.conv = nn.Conv2d(channels, growth, 3, padding=1, bias=False)

    def forward(self, x):
        return torch.cat([x, self.conv(self.relu(self.norm(x)))], 1)


class Model(nn.Module):
    def __init__(self, channels=64, growth=32, layers=4):
        super().__init__()
        self.layers = nn.Sequential(
            *[DenseLayer(channels + i * growth, growth) for i in range(layers)]
        )

    def forward(self, x):
        return self.layers(x)


def get_init_inputs():
    return []


def get_inputs():
    return [torch.randn(32, 64, 56, 56, device=device)]
