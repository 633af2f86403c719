#!/usr/bin/env python3
"""How long a person waits for the first `make run`: a clean build of what it builds, timed.

Builds `make run`'s product into an empty build folder (the packages come from SwiftPM's cache,
as after a first `swift package resolve`; fetching them is the network's time, not the build's),
then prints the wall and CPU time and when each module was done, slowest last, so a change of
dependencies or settings shows where the time went. Target: under 360 s on 2 cores.

  python3 Benchmarks/first_build.py [--configuration debug|release] [--keep]
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 360


def build_command(configuration, build_path):
    """The build `make run` does (the Makefile's `run` target, `RUN=release` for the release
    configuration), into `build_path`."""
    command = ["swift", "build", "--product", "ilgi", "--build-path", str(build_path)]
    if configuration == "release":
        command += ["-c", "release", "--static-swift-stdlib"]
    return command


def module_finish_times(products, started):
    """Each module's last object file, as seconds after `started`, in the order they were done."""
    finished = {}
    for folder in products.glob("*.build"):
        newest = max((f.stat().st_mtime for f in folder.rglob("*.o")), default=None)
        if newest is not None:
            finished[folder.name[: -len(".build")]] = newest - started
    return sorted(finished.items(), key=lambda item: item[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--configuration", choices=["debug", "release"], default="debug")
    parser.add_argument("--keep", action="store_true", help="keep the build folder and print where it is")
    args = parser.parse_args()

    subprocess.run(["swift", "package", "resolve"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    folder = Path(tempfile.mkdtemp(prefix="ilgi-first-build-"))
    build_path = folder / "build"
    try:
        # The resolved packages are copied in, so only the build is timed.
        shutil.copytree(ROOT / ".build" / "checkouts", build_path / "checkouts", symlinks=True)
        shutil.copytree(ROOT / ".build" / "repositories", build_path / "repositories", symlinks=True)
        shutil.copy(ROOT / ".build" / "workspace-state.json", build_path / "workspace-state.json")
        started = time.time()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        result = subprocess.run(
            build_command(args.configuration, build_path), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        wall = time.time() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if result.returncode != 0:
            sys.stdout.write(result.stdout[-4000:])
            sys.exit(f"first_build: the build failed (exit {result.returncode})")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        binary = build_path / args.configuration / "ilgi"
        print(f"{'module':<32} done at (s)")
        for name, seconds in module_finish_times(build_path / args.configuration, started):
            print(f"{name:<32} {seconds:8.1f}")
        print()
        print(f"configuration        {args.configuration}")
        print(f"cores                {os.cpu_count()}")
        print(f"wall time            {wall:.0f} s (target: under {TARGET_SECONDS} s)")
        print(f"CPU time             {cpu:.0f} s ({cpu / wall:.2f} cores busy on average)")
        print(f"binary               {binary.stat().st_size / 1e6:.1f} MB")
        if args.keep:
            print(f"build folder         {build_path}")
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
