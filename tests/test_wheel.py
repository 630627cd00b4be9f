"""A built wheel draws what the checkout draws: the fonts, images and rule texts the bot reads at run time are
package data. The wheel is built from a copy of the sources (build isolation, from the package index pip is
configured with), installed without dependencies into a fresh venv that sees this interpreter's packages, and
its demo is run with the system's fonts out of sight, beside the checkout's demo."""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("bot", "cogs", "images", "docs/rules", "pyproject.toml", "setup.py", "MANIFEST.in", "README.md")
DEMO = ("demo", "rufmariasch", "--lang", "de", "--seed", "3", "--every", "10")

pytestmark = pytest.mark.wheel


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, f"{args}: {done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def venv_python(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    work = tmp_path_factory.mktemp("wheel")
    src = work / "src"
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, src / name, ignore=shutil.ignore_patterns("__pycache__", "_shipped"))
        else:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, src / name)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", work / "dist", src, cwd=work)
    wheel = next((work / "dist").glob("stammtisch-*.whl"))
    run(sys.executable, "-m", "venv", "--without-pip", work / "venv", cwd=work)
    python = work / "venv" / "bin" / "python"
    # the new venv sees this interpreter's packages (Pillow, discord.py), whether this interpreter is a system
    # Python or itself a venv, whose packages --system-site-packages would not reach; plain path lines, so the
    # checkout's editable install (a .pth hook there) stays out of sight
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=work).strip()
    Path(purelib, "_parent_packages.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    # pip >= 22.3 installs into another environment (--python): the venv needs no pip of its own
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", wheel,
        cwd=work)
    yield python


def no_system_fonts(tmp: Path) -> dict[str, str]:
    """Pillow looks for a font it cannot open under XDG_DATA_HOME and XDG_DATA_DIRS: point both at nothing."""
    empty = tmp / "no-fonts"
    empty.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "DISCORD_TOKEN"}}
    return {**env, "XDG_DATA_HOME": str(empty), "XDG_DATA_DIRS": str(empty), "HOME": str(empty)}


def test_the_wheel_reads_its_own_data(venv_python: Path, tmp_path: Path) -> None:
    code = ("import bot, bot.render.theme as t, bot.rules_text as r; "
            "print(bot.__file__); print(t.FONTS); print(r.rules_path('rufmariasch', 'de'))")
    lines = run(venv_python, "-c", code, cwd=tmp_path, env=no_system_fonts(tmp_path)).split()
    venv = venv_python.parents[1]
    assert all(Path(line).is_relative_to(venv) for line in lines), lines
    assert (Path(lines[1]) / "DejaVuSansCondensed-Bold.ttf").is_file() and Path(lines[2]).is_file()


def test_the_wheel_draws_what_the_checkout_draws(venv_python: Path, tmp_path: Path) -> None:
    env = no_system_fonts(tmp_path)
    run(venv_python, "-m", "bot", *DEMO, "--out", tmp_path / "wheel", cwd=tmp_path, env=env)
    run(sys.executable, "-m", "bot", *DEMO, "--out", tmp_path / "checkout", cwd=ROOT, env=env)
    pictures = sorted(p.name for p in (tmp_path / "checkout").glob("*.png"))
    assert len(pictures) > 5 and pictures == sorted(p.name for p in (tmp_path / "wheel").glob("*.png"))
    different = [n for n in pictures
                 if (tmp_path / "wheel" / n).read_bytes() != (tmp_path / "checkout" / n).read_bytes()]
    assert different == []
