# A bad problem: it does not parse.
import torch


def fn(a:
    return a
