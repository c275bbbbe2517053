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


def hinted_params(stem, ttir, divisible):
    """params_of(ttir), after checking that every parameter named in
    `divisible` carries tt.divisibility = 16 (the dump's specialization)."""
    params = params_of(ttir)
    missing = [p["name"] for p in params
               if p["name"] in divisible and p.get("divisibility") != 16]
    if missing:
        raise SystemExit(f"{stem}: no divisibility hint on {missing}")
    return params


def strip_paths(text):
    """A dump with the temporary folder and the installation's paths cut to
    the file names the kernel's source and Triton's library use."""
    text = re.sub(r'"[^"]*/(triton_kernels\.py)"', r'"\1"', text)
    text = re.sub(r'(directory: )"/[^"]*"', r'\1"."', text)
    text = re.sub(r'"[^"]*/site-packages/([^"]*)"', r'"\1"', text)
    return blank_dwarf_folders(text)


def blank_dwarf_folders(ptx):
    """A PTX dump whose DWARF sections, which spell strings as `.b8` bytes,
    name the folder of the compile unit as "./////..." instead (as many
    bytes, so that no offset in the sections moves)."""
    lines = ptx.split("\n")
    start = next((i for i, line in enumerate(lines)
                  if line.strip().startswith(".section") and ".debug" in line),
                 None)
    if start is None:
        return ptx
    places = [(i, int(m.group(1))) for i in range(start, len(lines))
              for m in [re.match(r"\s*\.b8\s+(\d+)\b", lines[i])] if m]
    data = bytes(b & 0xFF for _, b in places)
    # An absolute path among the sections' NUL-terminated strings.
    for folder in re.finditer(rb"(?<=\x00)/[ -~]+(?=\x00)", data):
        for k in range(folder.start(), folder.end()):
            byte = ord(".") if k == folder.start() else ord("/")
            line = places[k][0]
            lines[line] = re.sub(r"(\.b8\s+)\d+", rf"\g<1>{byte}",
                                 lines[line])
    return "\n".join(lines)
