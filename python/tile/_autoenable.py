"""Imported at interpreter start by tile-triton.pth when TILE_TRITON is set:
enables tile as Triton's compiler in this process (Inductor's compile
workers are processes of their own). A failure is reported, not raised: a
broken interpreter start would take every Python program down with it."""

import os
import sys


def _enable() -> None:
    if os.environ.get("TILE_TRITON", "") in ("", "0"):
        return
    try:
        import tile.triton
        tile.triton.enable()
    except Exception as exc:  # noqa: BLE001 - see the module docstring
        print(f"tile: TILE_TRITON is set but tile could not be enabled: {exc}",
              file=sys.stderr)


_enable()
