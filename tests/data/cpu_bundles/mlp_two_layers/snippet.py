# Two linear layers with a GELU between them: the first's bias add goes into a library
# addmm, and the GELU's output must be in memory for the second matmul to read.
import torch
import torch.nn.functional as F


def fn(x, w1, b1, w2, b2):
    h = F.gelu(x @ w1 + b1)
    return h @ w2 + b2


def inputs(size=256):
    return (torch.randn(size, 128), torch.randn(128, 256), torch.randn(256),
            torch.randn(256, 128), torch.randn(128))
