"""libX11 over ctypes, for the real-window tests' own X clients (tests/xdnd.py, tests/xgrab.py), with an error
handler of ours. libX11's own handler of a protocol error (a message to a window that has gone, a window read
past its edge) prints the error and ends the whole process with exit code 1: pytest's run with it, without a word
of which test (a CI run once ended so, in the middle of tests/test_real_window_drop.py, which uses both). Ours
notes the error; the helper that made the request then raises it as an OSError, and the test fails with it."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache


class ErrorEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("resourceid", ctypes.c_ulong),
        ("serial", ctypes.c_ulong),
        ("error_code", ctypes.c_ubyte),
        ("request_code", ctypes.c_ubyte),
        ("minor_code", ctypes.c_ubyte),
    ]


ErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ErrorEvent))
_errors: list[str] = []


@ErrorHandler
def _note(_display, error):
    e = error.contents
    _errors.append(f"X error {e.error_code} (request {e.request_code}) on resource {e.resourceid:#x}")
    return 0


@cache
def libx11() -> ctypes.CDLL:
    """libX11, its error handler ours (one for the whole process, as libX11 has)."""
    lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    lib.XSetErrorHandler.restype = ctypes.c_void_p
    lib.XSetErrorHandler.argtypes = [ErrorHandler]
    lib.XSetErrorHandler(_note)
    return lib


def take_error() -> str | None:
    """The last X error noted since the last call, if any (and forget them)."""
    last = _errors[-1] if _errors else None
    _errors.clear()
    return last
