import torch


def fn(x):
    s = x.sum(0, keepdim=True)
    z = (x / s).cumsum(1)
    return z


def inputs():
    return (torch.rand(512, 256, device=device) + 0.5,)
