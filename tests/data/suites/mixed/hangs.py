# A bad problem: building its inputs never ends (the run's time limit stops it).
import time

import torch


def fn(a):
    return a + 1


def inputs():
    time.sleep(10_000)
    return [torch.ones(8, device=device)]

# Its own time limit, below the server's: a problem known to hang need not cost the limit
# every good problem of the suite needs.
kernelscope_timeout_s = 10
