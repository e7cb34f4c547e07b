# One ReLU over a 6 GiB float32 tensor: past 2**31 bytes, eager ATen splits the op into
# several launches (32-bit indexing); each launch moves its share of the tensor.
import torch


def fn(x):
    return torch.relu(x * 2)


def inputs(size=3 * 2**29):
    return (torch.randn(size, device=device),)
