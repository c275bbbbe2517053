"""What the scripts that dump Triton 3.6's own compiles (bench/dump_*.py)
share: a fresh Triton cache, a kernel module written to a file Triton can
read the source of, the kernel's parameters as its TTIR declares them, and
the machine's paths taken out of the dumps."""

import importlib.util
import os
import re
import tempfile


def fresh_cache():
    """Points Triton at an empty cache: a cached compile would carry an
    earlier run's source locations."""
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()


def load_kernels(source):
    """Imports `source` as the module triton_kernels (Triton's locations
    then name triton_kernels.py)."""
    path = os.path.join(tempfile.mkdtemp(), "triton_kernels.py")
    with open(path, "w") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location("triton_kernels", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def params_of(ttir):
    """The kernel's parameters as the TTIR declares them: {"name", "type"[,
    "divisibility"]} each, as tile-compile's metadata spells them."""
    head = re.search(r"tt\.func public @\w+\((.*?)\) attributes", ttir, re.S)
    params = []
    for name, type_, attrs in re.findall(
            r"%(\w+): ([^ ,{]+)(?: \{([^}]*)\})?", head.group(1)):
        param = {"name": name, "type": type_}
        div = re.search(r"tt\.divisibility = (\d+)", attrs)
        if div:
            param["divisibility"] = int(div.group(1))
        params.append(param)
    return params


def strip_paths(text):
    """A dump with the temporary folder and the installation's paths cut to
    the file names the kernel's source and Triton's library use."""
    text = re.sub(r'"[^"]*/(triton_kernels\.py)"', r'"\1"', text)
    return re.sub(r'"[^"]*/site-packages/([^"]*)"', r'"\1"', text)
