# nn.MultiheadAttention self-attention, 1024 wide with 16 heads, 32 x 1024 tokens; about 5 GiB.
import torch
import torch.nn as nn

BATCH = 32
SEQ = 1024
EMBED = 1024
HEADS = 16


class Model(nn.Module):
    def __init__(self, embed, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(embed, heads, batch_first=True)

    def forward(self, x):
        out, _ = self.attn(x, x, x, need_weights=False)
        return out


def get_init_inputs():
    return [EMBED, HEADS]


def get_inputs():
    return [torch.randn(BATCH, SEQ, EMBED)]
