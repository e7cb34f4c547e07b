"""Kernelscope's storage layer: SQLite tables, content-addressed blobs, and every query on
them.

The store's face is a set of modules, each a question the rest of the app asks (listed in
`FACE`). `repository.py` is the main one: `Store`, opened on a data directory, with the
run's life and its pages. The others are asked by name, each of one subject: `accounts`
(users, tokens, sessions), `jobs` (the run row as a job, for both queues), `suites`,
`ownership` and `visibility` (who may see and change a run), `quota` (bytes stored per
account), `operations` (what health, metrics and retention ask), `ids` and `holders` (run
ids, who holds a run), `blobs` (the blob directory, for backups), and the types of the
bulk reads, `children` and `round_trips`.

Every other module here (the tables and sessions, the mapping to rows, the queries behind
`Store`'s methods) is the store's own: pyproject.toml's contract "The store's face" keeps
the rest of `backend` out of them, and tests/deploy/test_store_face.py keeps this list
and that contract in step with the files.
"""

FACE = (
    "repository",
    "accounts",
    "blobs",
    "children",
    "holders",
    "ids",
    "jobs",
    "operations",
    "ownership",
    "quota",
    "round_trips",
    "suites",
    "visibility",
)
