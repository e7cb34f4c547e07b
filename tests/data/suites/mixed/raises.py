# A bad problem: its function raises.
import torch


def fn(a):
    raise ValueError("this problem is broken on purpose")


def inputs():
    return [torch.ones(8, device=device)]
