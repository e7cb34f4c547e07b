"""What the worker knows of its host, shared by the sandbox and the processes it starts."""

from __future__ import annotations

# the PATH for system tools (mount, bwrap, prlimit) and a sandboxed run's own PATH
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
