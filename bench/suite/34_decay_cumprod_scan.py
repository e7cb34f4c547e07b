# A gated linear recurrence's decay: cumprod of sigmoid gates along time, times the values;
# 1 GiB float32 each; about 4 GiB.
import torch
import torch.nn as nn

BATCH = 64
CHANNELS = 1024
STEPS = 4096


class Model(nn.Module):
    def forward(self, gate_logits, values):
        decay = torch.cumprod(torch.sigmoid(gate_logits), dim=-1)
        return decay * values


def get_init_inputs():
    return []


def get_inputs():
    shape = (BATCH, CHANNELS, STEPS)
    return [torch.randn(shape), torch.randn(shape)]
