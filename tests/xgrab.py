"""A screenshot of a real X window as the X server has it (XGetImage over libX11 with ctypes): what the player
sees, for the real-window tests to compare and save, with no screenshot program installed."""

from __future__ import annotations

import ctypes

from tests.x11 import libx11, take_error

ALL_PLANES = ctypes.c_ulong(~0 & 0xFFFFFFFFFFFFFFFF)
Z_PIXMAP = 2


class XImage(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.POINTER(ctypes.c_char)),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
    ]


def grab(window: int, width: int, height: int):
    """The window's pixels as a pygame Surface (24-bit colour on a 32-bit TrueColor screen, as Xvfb makes)."""
    lib = libx11()
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    lib.XGetImage.restype = ctypes.POINTER(XImage)
    lib.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint]
    lib.XGetImage.argtypes += [ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    lib.XFree.argtypes = [ctypes.c_void_p]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = lib.XOpenDisplay(None)
    if not display:
        raise OSError("no X display")
    try:
        take_error()
        image = lib.XGetImage(display, window, 0, 0, width, height, ALL_PLANES, Z_PIXMAP)
        if not image:
            raise OSError(f"the window could not be read ({take_error()})")
        info = image.contents
        if info.bits_per_pixel != 32:
            raise OSError(f"{info.bits_per_pixel} bits a pixel: only 32 is read here")
        data = ctypes.string_at(info.data, info.bytes_per_line * info.height)
        lib.XFree(info.data)
        lib.XFree(image)
    finally:
        lib.XCloseDisplay(display)
    return _surface(data, width, height, info.bytes_per_line)


def grab_when_readable(window: int, width: int, height: int):
    """The window's pixels, or None while the X server cannot read them all: XGetImage wants the window mapped
    and wholly on the screen, which a window just made larger and moved may not yet be (BadMatch: once in 25
    runs of tests/test_real_window_drop.py, right after Replay's window took its size)."""
    try:
        return grab(window, width, height)
    except OSError:
        return None


def _surface(data: bytes, width: int, height: int, pitch: int):
    import pygame

    rows = bytearray(b"".join(data[y * pitch : y * pitch + width * 4] for y in range(height)))
    rows[3::4] = b"\xff" * (width * height)  # the unused byte of each pixel, made opaque
    return pygame.image.frombuffer(bytes(rows), (width, height), "BGRA").copy()
