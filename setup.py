"""Build hook: a wheel carries cards.yaml and assets/ inside the package (doomlings_desktop/data),
where `doomlings_desktop.resources` finds them; a checkout uses the files at the top level."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "doomlings_desktop" / "data"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "cards.yaml", target / "cards.yaml")
        if (ROOT / "assets").is_dir():
            shutil.copytree(ROOT / "assets", target / "assets", dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithData})
