"""How numbers read everywhere in the game: one format for times."""


def format_time(ms: int | None, precise: bool = False) -> str:
    """A game's time: "42.3 s", "2:50.3", "1:02:50.3"; to the millisecond when `precise` ("42.312 s")."""
    if ms is None:
        return "-"
    digits, unit = (3, 1) if precise else (1, 100)
    ms = round(max(0, int(ms)) / unit) * unit  # rounded first, so 59.96 s reads 1:00.0, not 60.0 s
    if ms < 60_000:
        return f"{ms / 1000:.{digits}f} s"
    minutes, rest = divmod(ms, 60_000)
    hours, minutes = divmod(minutes, 60)
    seconds = f"{rest / 1000:0{3 + digits}.{digits}f}"
    return f"{hours}:{minutes:02d}:{seconds}" if hours else f"{minutes}:{seconds}"


def format_seconds(seconds: float, precise: bool = False) -> str:
    return format_time(round(seconds * 1000), precise)
