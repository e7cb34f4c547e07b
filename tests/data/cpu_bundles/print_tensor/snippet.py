# Printing a tensor inside the function splits the graph, and formatting it runs ops.
import torch


def fn(x):
    y = x * 2
    print(y)
    return (y + 1).relu()


def inputs(size=4096):
    return (torch.randn(size),)
