"""Kernelscope: what torch.compile did to your kernels and their memory traffic."""

__version__ = "0.1.0"
