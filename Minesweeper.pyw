"""Windows launcher: double-click to play without a console window (pythonw runs .pyw files)."""

import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).resolve().parent / "main.py"), run_name="__main__")
