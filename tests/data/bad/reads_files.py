# Looks for what a snippet must never see: system secrets, the server's home and database
# files, and tokens or keys in its environment; prints what it found.
import glob
import os


def fn(a):
    found = {}
    patterns = ["/etc/shadow", "/root/*", os.path.expanduser("~/*"), "**/*.db", "**/*.sqlite*"]
    for pattern in patterns:
        for path in glob.glob(pattern, recursive=True)[:20]:
            try:
                with open(path, "rb") as f:
                    found[path] = f.read(64)
            except OSError:
                pass
    print(sorted(found))
    print({k: v for k, v in os.environ.items() if any(w in k for w in ("TOKEN", "SECRET", "KEY"))})
    return a


def inputs():
    return (1,)
