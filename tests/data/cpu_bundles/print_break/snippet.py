# A print inside the function splits the graph: Dynamo cannot trace the builtin.
import torch


def fn(x):
    y = x * 2
    print("halfway")
    return (y + 1).relu()


def inputs(size=4096):
    return (torch.randn(size),)
