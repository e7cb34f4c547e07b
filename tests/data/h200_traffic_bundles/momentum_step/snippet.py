# An SGD-with-momentum step written in place: the snippet modifies its inputs, so they are
# rebuilt before every call; the rebuilds are not the snippet's kernels.
import torch


def fn(param, buf, grad):
    buf.mul_(0.9).add_(grad)
    param.add_(buf, alpha=-0.01)
    return param


def inputs(size=2**26):
    return (
        torch.randn(size, device=device),
        torch.randn(size, device=device),
        torch.randn(size, device=device),
    )
