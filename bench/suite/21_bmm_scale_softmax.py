# Batched q @ k^T scaled by 1/sqrt(d), then softmax: 128 x 2048 x 2048 fp32 scores; about 4.5 GiB.
import math

import torch
import torch.nn as nn

BATCH = 128
SEQ = 2048
HEAD_DIM = 128


class Model(nn.Module):
    def forward(self, q, k):
        scores = torch.bmm(q, k.transpose(1, 2)) * (1.0 / math.sqrt(q.size(-1)))
        return torch.softmax(scores, dim=-1)


def get_init_inputs():
    return []


def get_inputs():
    return [torch.randn(BATCH, SEQ, HEAD_DIM), torch.randn(BATCH, SEQ, HEAD_DIM)]
