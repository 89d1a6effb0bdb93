from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenes.storage.settings import Settings, load_settings, save_settings, settings_path


def test_defaults_when_there_is_no_file(data_dir: Path) -> None:
    assert load_settings() == Settings(language="en", palette="standard", volume=0.8, ui_scale=1.0, fullscreen=False)
    assert not settings_path().exists()


def test_round_trip(data_dir: Path) -> None:
    mine = Settings(language="it", palette="high_contrast", volume=0.25, ui_scale=1.5, fullscreen=True, muted=True,
                    bot_speed="fast")
    save_settings(mine)
    assert load_settings() == mine
    assert json.loads(settings_path().read_text())["language"] == "it"


def test_missing_keys_take_defaults_and_unknown_keys_are_ignored(data_dir: Path) -> None:
    settings_path().write_text(json.dumps({"volume": 0.1, "future_option": [1, 2]}))
    assert load_settings() == Settings(volume=0.1)


def test_a_bot_speed_not_known_falls_back_to_normal(data_dir: Path) -> None:
    settings_path().write_text(json.dumps({"bot_speed": "ludicrous", "volume": 0.3}))
    assert load_settings() == Settings(volume=0.3)


def test_a_language_not_shipped_falls_back_to_english(data_dir: Path) -> None:
    settings_path().write_text(json.dumps({"language": "fi", "volume": 0.3}))
    assert load_settings() == Settings(volume=0.3)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"\xff\xfe\x00",
        b"[]",
        b"null",
        b'{"volume": "loud"}',
        b'{"volume": 7}',
        b'{"volume": NaN}',
        b'{"ui_scale": 1e999}',
        b'{"ui_scale": true}',
        b'{"fullscreen": "yes"}',
        b'{"muted": 1}',
        b'{"language": 3}',
        b'{"palette": "../../etc"}',
        b"[" * 50_000,
        b"x" * 100_000,
    ],
)
def test_corrupt_settings_give_defaults_and_are_moved_aside(data_dir: Path, content: bytes) -> None:
    path = settings_path()
    path.write_bytes(content)
    assert load_settings() == Settings()
    assert not path.exists()
    kept = list((data_dir / "corrupt").iterdir())
    assert len(kept) == 1 and kept[0].name.endswith("settings.json") and kept[0].read_bytes() == content
    save_settings(Settings(volume=0.5))
    assert load_settings().volume == 0.5
