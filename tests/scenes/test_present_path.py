"""The present path is chosen per machine: copy to X11 where OpenGL is a software rasteriser or
there is no GPU device, the GPU where there is one, SDL's own choice elsewhere, the user's always."""

from __future__ import annotations

import pytest

from scenes.shell import present


@pytest.fixture
def x11(monkeypatch):
    monkeypatch.setenv(present.HINT, "recorded")  # so that what choose() sets is undone after the test
    monkeypatch.delenv(present.HINT)
    monkeypatch.setattr(present.pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(present.glob, "glob", lambda pattern: ["/dev/dri/renderD128"])
    return monkeypatch


def test_a_software_opengl_gets_the_copy(x11) -> None:
    x11.setattr(present, "gl_renderer", lambda: "llvmpipe (LLVM 15.0.6, 256 bits)")
    assert present.choose() == "copy to X11 (OpenGL renderer: llvmpipe (LLVM 15.0.6, 256 bits))"
    assert present.os.environ[present.HINT] == "0"


def test_no_gpu_device_gets_the_copy_without_asking_opengl(x11) -> None:
    x11.setattr(present.glob, "glob", lambda pattern: [])
    x11.setattr(present, "gl_renderer", lambda: pytest.fail("OpenGL was asked"))
    assert present.choose() == "copy to X11 (no GPU device)"
    assert present.os.environ[present.HINT] == "0"


def test_a_gpu_keeps_opengl(x11) -> None:
    x11.setattr(present, "gl_renderer", lambda: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)")
    assert present.choose().startswith("OpenGL (Mesa Intel")
    assert present.HINT not in present.os.environ


def test_the_user_and_other_platforms_decide_for_themselves(x11) -> None:
    x11.setenv(present.HINT, "1")
    x11.setattr(present, "gl_renderer", lambda: pytest.fail("OpenGL was asked"))
    assert present.choose() == f"as set ({present.HINT}=1)"
    x11.delenv(present.HINT)
    x11.setattr(present.pygame.display, "get_driver", lambda: "windows")
    assert present.choose() == "SDL's default for windows"
    assert present.HINT not in present.os.environ
