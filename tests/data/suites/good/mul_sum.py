# A good problem: an element-wise op feeding a reduction.
import torch


def fn(a):
    return (a * 2).sum()


def inputs():
    return [torch.randn(100_000, device=device)]
