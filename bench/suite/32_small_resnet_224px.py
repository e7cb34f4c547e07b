# A cut-down ResNet: 7x7 stem, max pool, three basic residual blocks (one downsampling),
# average pool and a 1000-way head, batch 64 at 224x224 (eval); about 0.5 GiB.
import torch
import torch.nn as nn

BATCH = 64
SIZE = 224
CLASSES = 1000


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = nn.Identity()
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride=stride, bias=False), nn.BatchNorm2d(cout)
            )

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(self.bn2(self.conv2(y)) + self.shortcut(x))


class Model(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(),
            nn.MaxPool2d(3, stride=2, padding=1),
        )
        self.blocks = nn.Sequential(
            BasicBlock(64, 64, 1), BasicBlock(64, 64, 1), BasicBlock(64, 128, 2)
        )
        self.fc = nn.Linear(128, classes)

    def forward(self, x):
        x = self.blocks(self.stem(x))
        return self.fc(torch.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


def get_init_inputs():
    return [CLASSES]


def get_inputs():
    return [torch.randn(BATCH, 3, SIZE, SIZE)]
