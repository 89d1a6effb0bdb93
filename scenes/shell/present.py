"""How frames reach the screen: the present path, chosen per machine before the window opens.

SDL shows a window surface in one of two ways: through a GPU renderer (OpenGL on X11) or by copying
it to the window system (X11 shared memory). With a real GPU driver the renderer is the better path.
Where OpenGL is Mesa's software rasteriser (no GPU driver: virtual machines, Xvfb, remote desktops)
it is a trap: measured at 1920x1080 on a 2-core machine, a frame that only fills and presents took
6.2 ms median against 0.5 ms by copy, and the app's peak memory was 274 MB against 164 MB. So on
X11 the copy is chosen when there is no GPU device, or when OpenGL names a software renderer; a
value of ``SDL_FRAMEBUFFER_ACCELERATION`` set by the user always wins. Other platforms keep SDL's
choice (Direct3D, Metal).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os

import pygame

HINT = "SDL_FRAMEBUFFER_ACCELERATION"
SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe")
GL_RENDERER = 0x1F01


def gl_renderer() -> str | None:
    """The OpenGL renderer's name, from a hidden 1x1 OpenGL window (None when there is no OpenGL).
    The display must be initialised; the window is replaced by the next ``set_mode``."""
    name = ctypes.util.find_library("GL")
    if name is None:
        return None
    try:
        pygame.display.set_mode((1, 1), pygame.OPENGL | pygame.HIDDEN)
        library = ctypes.CDLL(name)
        library.glGetString.restype = ctypes.c_char_p
        library.glGetString.argtypes = [ctypes.c_uint]
        value = library.glGetString(GL_RENDERER)
    except (pygame.error, OSError, AttributeError):
        return None
    return value.decode("utf-8", "replace") if value else None


def choose() -> str:
    """Set the present path for the window about to open; return a line saying which and why."""
    if os.environ.get(HINT) is not None:
        return f"as set ({HINT}={os.environ[HINT]})"
    if pygame.display.get_driver() != "x11":
        return f"SDL's default for {pygame.display.get_driver()}"
    if not glob.glob("/dev/dri/*"):
        os.environ[HINT] = "0"
        return "copy to X11 (no GPU device)"
    renderer = gl_renderer()
    if renderer is None or any(word in renderer.lower() for word in SOFTWARE_RENDERERS):
        os.environ[HINT] = "0"
        return f"copy to X11 (OpenGL renderer: {renderer or 'none'})"
    return f"OpenGL ({renderer})"
