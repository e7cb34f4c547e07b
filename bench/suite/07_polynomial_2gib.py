# A cubic evaluated by Horner's rule over a 2 GiB float32 vector: six eager ops; about 6 GiB.
import torch

N = 2**29


def fn(x):
    return 0.5 + x * (-1.25 + x * (0.75 + x * 0.125))


def get_inputs():
    return [torch.randn(N)]
