# Causal attention in bfloat16: scores masked above the diagonal, softmax, @ v; about 2.5 GiB.
import math

import torch
import torch.nn as nn

BATCH = 8
HEADS = 16
SEQ = 2048
HEAD_DIM = 128


class Model(nn.Module):
    def __init__(self, max_len):
        super().__init__()
        future = torch.ones(max_len, max_len, dtype=torch.bool).triu(diagonal=1)
        self.register_buffer("future", future)

    def forward(self, q, k, v):
        t = q.size(-2)
        scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(q.size(-1)))
        scores = scores.masked_fill(self.future[:t, :t], float("-inf"))
        return torch.softmax(scores, dim=-1) @ v


def get_init_inputs():
    return [SEQ]


def get_inputs():
    shape = (BATCH, HEADS, SEQ, HEAD_DIM)
    return [torch.randn(shape, dtype=torch.bfloat16) for _ in range(3)]
