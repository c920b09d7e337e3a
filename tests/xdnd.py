"""Drop a file on a real X window as a file manager does: a small XDND source (the drag-and-drop protocol of X11)
over libX11 with ctypes, no other package. xdotool can move and click but cannot drag a file; this sends the
same messages a file manager sends (enter, position, drop), hands the file's URI over when the window asks for
it, and waits for the window to say it has finished.

Run: DISPLAY=:1 python -m tests.xdnd WINDOW_ID X Y FILE   (X and Y on the screen; WINDOW_ID as xdotool gives it)
"""

from __future__ import annotations

import ctypes
import sys
import time
from pathlib import Path
from urllib.parse import quote

from tests.x11 import libx11, take_error

Window = Atom = Time = ctypes.c_ulong
XDND_VERSION = 5
CLIENT_MESSAGE, SELECTION_REQUEST, SELECTION_NOTIFY = 33, 30, 31
PROP_MODE_REPLACE = 0


class ClientMessage(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", Window),
        ("message_type", Atom),
        ("format", ctypes.c_int),
        ("l", ctypes.c_long * 5),
    ]


class SelectionRequest(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("owner", Window),
        ("requestor", Window),
        ("selection", Atom),
        ("target", Atom),
        ("property", Atom),
        ("time", Time),
    ]


class SelectionNotify(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("requestor", Window),
        ("selection", Atom),
        ("target", Atom),
        ("property", Atom),
        ("time", Time),
    ]


class Event(ctypes.Union):
    _fields_ = [
        ("type", ctypes.c_int),
        ("client", ClientMessage),
        ("request", SelectionRequest),
        ("notify", SelectionNotify),
        ("pad", ctypes.c_long * 24),
    ]


def _x11() -> ctypes.CDLL:
    x = libx11()
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = Window
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XCreateSimpleWindow.restype = Window
    x.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, Window, *[ctypes.c_int] * 2, *[ctypes.c_uint] * 3]
    x.XCreateSimpleWindow.argtypes += [ctypes.c_ulong, ctypes.c_ulong]
    x.XInternAtom.restype = Atom
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XSetSelectionOwner.argtypes = [ctypes.c_void_p, Atom, Window, Time]
    x.XSendEvent.argtypes = [ctypes.c_void_p, Window, ctypes.c_int, ctypes.c_long, ctypes.POINTER(Event)]
    x.XPending.argtypes = [ctypes.c_void_p]
    x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(Event)]
    x.XFlush.argtypes = [ctypes.c_void_p]
    x.XChangeProperty.argtypes = [ctypes.c_void_p, Window, Atom, Atom, ctypes.c_int, ctypes.c_int]
    x.XChangeProperty.argtypes += [ctypes.c_char_p, ctypes.c_int]
    x.XDestroyWindow.argtypes = [ctypes.c_void_p, Window]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]
    x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    return x


def drop(window: int, x: int, y: int, path: Path, timeout: float = 10.0) -> str:
    """Drag `path` onto `window` and drop it at screen point (x, y). Returns what happened: "finished" when the
    window took the file and said so, else where it stopped."""
    lib = _x11()
    display = lib.XOpenDisplay(None)
    if not display:
        raise OSError("no X display")
    atoms = {
        name: lib.XInternAtom(display, name.encode(), 0)
        for name in ("XdndSelection", "XdndEnter", "XdndPosition", "XdndStatus", "XdndDrop", "XdndFinished")
        + ("XdndLeave", "XdndActionCopy", "text/uri-list")
    }
    source = lib.XCreateSimpleWindow(display, lib.XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
    lib.XSetSelectionOwner(display, atoms["XdndSelection"], source, 0)
    uri = ("file://" + quote(str(Path(path).resolve())) + "\r\n").encode()

    def send(kind: str, *data: int) -> None:
        event = Event()
        message = event.client
        message.type, message.window, message.format = CLIENT_MESSAGE, window, 32
        message.message_type = atoms[kind]
        message.l[:] = [*data, *[0] * (5 - len(data))]
        lib.XSendEvent(display, window, 0, 0, ctypes.byref(event))
        lib.XSync(display, 0)  # the server's answer now: an error shows before the drop waits for the window
        if error := take_error():
            raise OSError(f"{kind} not sent: {error}")

    def wait_for(kind: str) -> Event | None:
        """Answer the window's request for the file's URI on the way; the event asked for, or None."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not lib.XPending(display):
                time.sleep(0.01)
                continue
            event = Event()
            lib.XNextEvent(display, ctypes.byref(event))
            if event.type == SELECTION_REQUEST:
                hand_over(event.request)
            elif event.type == CLIENT_MESSAGE and event.client.message_type == atoms[kind]:
                return event
        return None

    def hand_over(request: SelectionRequest) -> None:
        answer = Event()
        notify = answer.notify
        notify.type, notify.requestor, notify.selection = SELECTION_NOTIFY, request.requestor, request.selection
        notify.target, notify.time, notify.property = request.target, request.time, 0
        if request.target == atoms["text/uri-list"]:
            lib.XChangeProperty(
                display, request.requestor, request.property, request.target, 8, PROP_MODE_REPLACE, uri, len(uri)
            )
            notify.property = request.property
        lib.XSendEvent(display, request.requestor, 0, 0, ctypes.byref(answer))
        lib.XFlush(display)

    take_error()
    try:
        send("XdndEnter", source, XDND_VERSION << 24, atoms["text/uri-list"])
        send("XdndPosition", source, 0, (x << 16) | y, 0, atoms["XdndActionCopy"])
        status = wait_for("XdndStatus")
        if status is None:
            return "no status: the window did not answer the drag"
        if not status.client.l[1] & 1:
            send("XdndLeave", source)
            return "refused: the window does not take this drop"
        send("XdndDrop", source, 0, 0)
        return "finished" if wait_for("XdndFinished") is not None else "no finish: the drop was not taken"
    except OSError as error:
        return str(error)
    finally:
        lib.XDestroyWindow(display, source)
        lib.XCloseDisplay(display)


if __name__ == "__main__":
    target, at_x, at_y, file = sys.argv[1:5]
    print(drop(int(target), int(at_x), int(at_y), Path(file)))
