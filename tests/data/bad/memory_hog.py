# Takes host memory 256 MiB at a time until something stops it.
import torch


def fn(a):
    kept = []
    while True:
        kept.append(bytearray(256 * 1024 * 1024))


def inputs():
    return (torch.ones(4, device=device),)
