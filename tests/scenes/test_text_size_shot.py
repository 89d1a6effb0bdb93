"""`polar-table shot --text-size PERCENT`: any table pictured at any text size Settings offers; any
other size is refused with a sentence naming those it takes."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.tools import cli  # noqa: E402


def test_shot_pictures_a_table_at_a_text_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "borealis-150.png"
    assert cli.main(["shot", "borealis", "--players", "4", "--actions", "6", "--size", "1280x720",
                     "--text-size", "150", "--out", str(out)]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 720)
    assert cli.main(["shot", "borealis", "--text-size", "130%", "--size", "1280x720",
                     "--out", str(tmp_path / "130.png")]) == 0


@pytest.mark.parametrize("size", ["120", "1.5", "big", "0"])
def test_shot_refuses_a_text_size_settings_do_not_offer(size: str, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["shot", "borealis", "--text-size", size, "--out", str(tmp_path / "a.png")]) == 2
    err = capsys.readouterr().err
    assert "80, 90, 100, 115, 130, 150" in err and repr(size) in err
    assert "Traceback" not in err and not (tmp_path / "a.png").exists()
