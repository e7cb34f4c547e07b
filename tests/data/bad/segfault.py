# Reads address 0: the process dies of SIGSEGV at import time.
import ctypes

ctypes.string_at(0)
