# Forks until the sandbox's process limit refuses (at most 5000 times), then returns; the
# children sleep, so a missing limit would leave thousands of processes behind.
import os
import time


def fn(a):
    pids = []
    for _ in range(5000):
        pid = os.fork()
        if pid == 0:
            time.sleep(30)
            os._exit(0)
        pids.append(pid)
    return a


def inputs():
    return (1,)
