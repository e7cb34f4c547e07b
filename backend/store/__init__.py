"""Kernelscope's storage layer: SQLite tables, content-addressed blobs, and the `Store` API.

The rest of the app imports `Store` (and `RunSummary`, `ArtifactInfo`) from
`backend.store.repository` and nothing else from this package.
"""
