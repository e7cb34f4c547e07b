# A ShuffleNet-style unit: grouped 1x1 convolution, batch norm, ReLU, a channel shuffle
# (view, transpose, contiguous copy), a depthwise 3x3 and a residual ReLU.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, channels=240, groups=3):
        super().__init__()
        self.groups = groups
        self.conv1 = nn.Conv2d(channels, channels, 1, groups=groups, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.depthwise = nn.Conv2d(channels, channels, 3, padding=1, groups=channels, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 1, groups=groups, bias=False)
        self.bn3 = nn.BatchNorm2d(channels)

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        b, c, h, w = out.shape
        out = out.view(b, self.groups, c // self.groups, h, w).transpose(1, 2).contiguous()
        out = out.view(b, c, h, w)
        out = self.bn2(self.depthwise(out))
        out = self.bn3(self.conv2(out))
        return F.relu(out + x)


def get_init_inputs():
    return []


def get_inputs():
    return [torch.randn(64, 240, 28, 28, device=device)]
