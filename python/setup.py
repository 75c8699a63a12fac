"""Builds the extension savanna._savanna with the checkout's CMake (the folder above this one),
for `pip install --no-index --no-build-isolation ./python`. SAVANNA_CMAKE_BUILD_DIR names an
existing build directory to reuse (e.g. build/release); otherwise a release build of the module
alone is configured in pip's build folder (minutes on a small machine)."""

import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
CHECKOUT = HERE.parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("SAVANNA_CMAKE_BUILD_DIR")
        if build_dir:
            build_dir = pathlib.Path(build_dir).resolve()
        else:
            build_dir = pathlib.Path(self.build_temp).resolve() / "cmake"
            subprocess.check_call([
                "cmake", "-S", str(CHECKOUT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                f"-DPython_EXECUTABLE={sys.executable}", "-DSAVANNA_BUILD_TESTS=OFF",
                "-DSAVANNA_BUILD_BENCH=OFF", "-DSAVANNA_BUILD_WEB=OFF"])
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.check_call(["cmake", "--build", str(build_dir), "-j", jobs,
                               "--target", "savanna_python"])
        built = sorted((build_dir / "python" / "savanna").glob("_savanna*.so"))
        if not built:
            raise RuntimeError(f"no _savanna*.so in {build_dir}/python/savanna")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], target)


setup(ext_modules=[Extension("savanna._savanna", sources=[])], cmdclass={"build_ext": CMakeBuild})
