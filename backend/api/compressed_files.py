"""Static files, gzipped for browsers that accept it.

plotly.js alone is 4.8 MB and 1.5 MB gzipped: on a first visit the page's figures wait for
it. Each file is compressed once (kept in memory, keyed by its path, size and mtime, so an
edited file is compressed again) and in a worker thread, never on the event loop.

The gzipped body carries the file's ETag made weak (`W/`): RFC 9110 gives a strong tag to
one exact byte sequence, and the two encodings differ. Starlette's revalidation compares
tags weakly, so If-None-Match with either tag still answers 304. Both encodings say
`Vary: Accept-Encoding`, so a cache never hands the gzipped bytes to a client that did not
ask for them.
"""

from __future__ import annotations

import functools
import gzip
import os

import anyio
from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

# Text compresses; images and archives are compressed already.
_COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
_MIN_BYTES = 1024  # below this the gzip header and a round of inflate cost more than they save


class CompressedStaticFiles(StaticFiles):
    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Vary"] = "Accept-Encoding"
        if not _worth_gzipping(response, scope):
            return response
        assert isinstance(response, FileResponse) and response.stat_result is not None
        stat = response.stat_result
        body = await anyio.to_thread.run_sync(
            gzipped, str(response.path), stat.st_size, stat.st_mtime_ns
        )
        headers = dict(response.headers)
        headers.pop("content-length")
        headers["content-encoding"] = "gzip"
        headers["etag"] = "W/" + headers["etag"]
        return Response(body, headers=headers)


def _worth_gzipping(response: Response, scope: Scope) -> bool:
    if not isinstance(response, FileResponse) or response.status_code != 200:
        return False  # a 304, a 404 page
    if response.stat_result is None or response.stat_result.st_size < _MIN_BYTES:
        return False
    media_type = response.headers.get("content-type", "")
    accepts = Headers(scope=scope).get("accept-encoding", "")
    return media_type.startswith(_COMPRESSIBLE) and "gzip" in accepts.lower()


@functools.lru_cache(maxsize=64)
def gzipped(path: str, size: int, mtime_ns: int) -> bytes:
    """The file's bytes gzipped; `size` and `mtime_ns` are the cache key (a changed file
    is compressed anew), mtime 0 in the header so equal files give equal bytes."""
    del size, mtime_ns
    with open(path, "rb") as file:
        return gzip.compress(file.read(), compresslevel=9, mtime=0)


def serve_one(path: os.PathLike[str] | str) -> CompressedStaticFiles:
    """A static-files app for the directory of `path`, to serve that one file by name."""
    return CompressedStaticFiles(directory=os.path.dirname(path))
