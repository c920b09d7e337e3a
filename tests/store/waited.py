"""A store whose writes are waited for: for tests about what the records keep rather than about when the
writer writes it. Each write returns its answer (the value of the store's Pending) once it is made."""

from game.store import Store

WRITES = {
    "set_settings",
    "set_learnt",
    "record_game",
    "save_resume",
    "reset_statistics",
    "clear_resume",
    "discard_resume",
    "claim_resume",
    "abandon_resume",
}


class Waited:
    def __init__(self, store):
        self.store = store

    def __getattr__(self, name):
        attr = getattr(self.store, name)
        if name not in WRITES:
            return attr

        def write(*args, **kwargs):
            return attr(*args, **kwargs).result()

        return write

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.store.close()


def open_waited(home=None, **kwargs):
    return Waited(Store.open(home, **kwargs))


def writer_failed(store, timeout=30):
    """Wait until the store's writer has failed a try (the file held, the disk full): a signal, not a time."""
    return store._writer.wait(lambda writer: writer.trouble is not None, timeout)
