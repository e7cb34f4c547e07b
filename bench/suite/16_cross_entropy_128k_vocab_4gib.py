# Cross entropy over 8192 tokens and a 131072-word vocabulary (4 GiB of logits); about 8 GiB.
import torch
import torch.nn as nn
import torch.nn.functional as F

TOKENS = 8192
VOCAB = 131072


class Model(nn.Module):
    def forward(self, logits, targets):
        return F.cross_entropy(logits, targets)


def get_init_inputs():
    return []


def get_inputs():
    return [torch.randn(TOKENS, VOCAB), torch.randint(0, VOCAB, (TOKENS,))]
