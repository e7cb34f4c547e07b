# A public benchmark problem scaled down for a CPU (KernelBench level 3, the bidirectional
# LSTM: 6 layers, hidden 256, batch 10, sequence 512, input 128 here). oneDNN's fused LSTM
# is turned off so that the CPU runs it as a GPU does without a fused RNN kernel: step by
# step, about 13 small ATen ops per layer, direction and step (80,000 ops a call at 512).
# `size` is the sequence length: tests run a few steps of it.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers):
        super().__init__()
        self.lstm = nn.LSTM(
            input_size, hidden_size, num_layers, batch_first=True, bidirectional=True
        )

    def forward(self, x):
        with torch.backends.mkldnn.flags(enabled=False):
            out, _ = self.lstm(x)
        return out[:, -1, :]


def get_init_inputs():
    return [128, 256, 6]


def get_inputs(size=512):
    return [torch.randn(10, size, 128, device=device)]
