# A VGG/ResNet-style stem: three convolution + batch norm + ReLU stages and a max pool.
import torch
import torch.nn as nn


def stage(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(stage(3, 64), stage(64, 64), stage(64, 128), nn.MaxPool2d(2))

    def forward(self, x):
        return self.body(x)


def get_init_inputs():
    return []


def get_inputs():
    return [torch.randn(32, 3, 224, 224, device=device)]
