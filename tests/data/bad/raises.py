# A shape error in the user's own line: (3, 4, 5) @ (3, 4, 5) multiplies 5 by 4.
import torch


def fn(a):
    return a @ a


def inputs():
    return (torch.randn(3, 4, 5, device=device),)
