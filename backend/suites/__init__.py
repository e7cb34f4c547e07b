"""A suite: several problems run as one and read as one table.

`files.py` finds the problems on disk, `run.py` runs them here through warm processes,
`client.py` sends them to a server and follows them there, `table.py` makes the rows and
totals from their run heads (pure), `report.py` prints them (pure). The `kernelscope run`
command that drives them is `backend/cli/`'s; the API's suite routes are `backend/api/`'s.
"""
