# A small VGG-style classifier: four conv-bn-relu-pool stages and a linear head, batch 256 at
# 64x64 (eval); about 0.5 GiB.
import itertools

import torch
import torch.nn as nn

BATCH = 256
SIZE = 64
CLASSES = 100


def conv_bn_relu(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


class Model(nn.Module):
    def __init__(self, classes):
        super().__init__()
        widths = [3, 64, 128, 256, 512]
        stages = [
            nn.Sequential(conv_bn_relu(cin, cout), nn.MaxPool2d(2))
            for cin, cout in itertools.pairwise(widths)
        ]
        self.features = nn.Sequential(*stages)
        self.head = nn.Linear(widths[-1], classes)

    def forward(self, x):
        x = self.features(x)
        return self.head(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


def get_init_inputs():
    return [CLASSES]


def get_inputs():
    return [torch.randn(BATCH, 3, SIZE, SIZE)]
