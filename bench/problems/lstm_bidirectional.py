# A public benchmark problem at its own size (KernelBench level 3, the bidirectional LSTM):
# 6 layers, hidden 256, batch 10, sequence 512, input 128. On a GPU nn.LSTM is one cuDNN
# call per layer and direction that launches a few kernels per time step: thousands of
# kernels from a handful of ATen ops. The harness must keep its eager profile bounded here
# (it once stopped at its 240 s limit on an H100).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers):
        super().__init__()
        self.lstm = nn.LSTM(
            input_size, hidden_size, num_layers, batch_first=True, bidirectional=True
        )
        self.fc = nn.Linear(hidden_size * 2, 10)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.fc(out[:, -1, :])


def get_init_inputs():
    return [128, 256, 6]


def get_inputs(size=512):
    return [torch.randn(10, size, 128, device=device)]  # noqa: F821 (the harness gives `device`)
