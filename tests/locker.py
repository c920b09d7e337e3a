"""Another program holding the records file: a real process that takes a lock on it and keeps it until told to
let go. Used by the tests of issue 16 (#5, #9, #12) and by bench.store.

How it holds:
- "write": a write transaction (BEGIN EXCLUSIVE, which on a WAL file still lets others read), as a database
  browser or a backup tool with a transaction open does;
- "all": SQLite's exclusive locking mode as well, which keeps out readers too.
"""

import contextlib
import subprocess
import sys

HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
if sys.argv[2] == "all":
    db.execute("PRAGMA locking_mode = EXCLUSIVE")
db.execute("BEGIN EXCLUSIVE")
db.execute("CREATE TABLE IF NOT EXISTS held_by_another_program (x)")  # a write: the lock is taken now
print("holding", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
db.close()
"""


class Holder:
    """A process holding a lock on `path` (see the module's docstring) until `release()`."""

    def __init__(self, path, how="write"):
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path), how],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = self.proc.stdout.readline()
        assert line == "holding\n", self.proc.stderr.read()

    def release(self):
        if self.proc.poll() is None:
            self.proc.stdin.write("go\n")
            self.proc.stdin.flush()
            _, err = self.proc.communicate(timeout=30)
            assert self.proc.returncode == 0, err


@contextlib.contextmanager
def held(path, how="write"):
    holder = Holder(path, how)
    try:
        yield holder
    finally:
        holder.release()
