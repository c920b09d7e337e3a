"""Speed-runners' videos: a game's mouse events on its board, the figures they are judged by, and EVF files.
Pure Python: no pygame here, and ms-toollib only ever in a child process (see `foreign`)."""

from .events import Event, Mouse, Video, VideoError, board_point
from .evf import decode as decode_evf
from .evf import encode as encode_evf
from .figures import Figures, figures_of

__all__ = ["Event", "Figures", "Mouse", "Video", "VideoError", "board_point", "decode_evf", "encode_evf", "figures_of"]
