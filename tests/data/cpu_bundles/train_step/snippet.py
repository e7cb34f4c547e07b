# One training step in one function: forward, loss, backward. The backward call
# is a graph break; the backward kernels still run and fuse.
import torch
import torch.nn.functional as F


def fn(x, w, b, target):
    y = F.gelu(x @ w + b)
    loss = F.mse_loss(y, target)
    loss.backward()
    return loss


def inputs(size=256):
    x = torch.randn(size, 256, device=device)
    w = (torch.randn(256, 256, device=device) * 0.02).requires_grad_()
    b = torch.zeros(256, device=device, requires_grad=True)
    return x, w, b, torch.randn(size, 256, device=device)
