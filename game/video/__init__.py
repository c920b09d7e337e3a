"""Speed-runners' videos: a game's mouse events on its board, the figures they are judged by, and EVF files.
Pure Python: no pygame here, and ms-toollib only ever in a child process (see `foreign`)."""

import importlib
from typing import TYPE_CHECKING, Any

from .events import Event, Mouse, Video, VideoError, board_point

if TYPE_CHECKING:
    from .evf import decode as decode_evf
    from .evf import encode as encode_evf
    from .figures import Figures, figures_of

# EVF and the figures load when first asked for (after a game, on export), not when a game starts recording.
_LATER = {
    "decode_evf": (".evf", "decode"),
    "encode_evf": (".evf", "encode"),
    "Figures": (".figures", "Figures"),
    "figures_of": (".figures", "figures_of"),
}


def __getattr__(name: str) -> Any:
    if name in _LATER:
        module, attribute = _LATER[name]
        return getattr(importlib.import_module(module, __name__), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Event", "Figures", "Mouse", "Video", "VideoError", "board_point", "decode_evf", "encode_evf", "figures_of"]
