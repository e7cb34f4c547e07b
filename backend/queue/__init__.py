"""Where queued runs wait and who executes them.

`LocalQueue` is the single-host default: the runs table is the job table and worker
threads in the server process execute runs one at a time each.
"""
