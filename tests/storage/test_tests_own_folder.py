"""The tests never write where a family keeps its games: every test has a data folder of its own
(tests/conftest.py), the menu's long-save test included, which once wrote into the real one."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from scenes.storage import in_progress, paths


def test_a_test_that_asks_for_no_folder_saves_into_its_own(tmp_path: Path) -> None:
    real = Path(platformdirs.user_data_dir(paths.APP_NAME, appauthor=False))
    assert paths.data_dir() == tmp_path / "data"
    assert in_progress.path_of("borealis-long.json").is_relative_to(tmp_path)
    assert not paths.data_dir().is_relative_to(real)
