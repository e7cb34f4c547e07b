# Running mean along each row: cumsum divided by the position, 2 GiB float32; about 6 GiB.
import torch

ROWS = 131072
COLS = 4096


def fn(x):
    positions = torch.arange(1, x.size(-1) + 1, device=x.device, dtype=x.dtype)
    return torch.cumsum(x, dim=-1) / positions


def get_inputs():
    return [torch.randn(ROWS, COLS)]
