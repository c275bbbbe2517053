"""What the source lints share: walking the C++ sources and the summary."""
import pathlib


def cpp_sources(root, under="."):
    """(relative path, path) of every .cpp/.h below root/under, sorted,
    build folders and test/ left out."""
    root = pathlib.Path(root)
    for path in sorted((root / under).rglob("*")):
        if path.suffix not in (".cpp", ".h"):
            continue
        rel = path.relative_to(root).as_posix()
        if rel.startswith(("build", "test/")):
            continue
        yield rel, path


def summarize(checked, violations, what):
    """Prints the last line the lit tests read; the exit status."""
    print(f"{checked} files checked, {violations} {what}")
    return 1 if violations else 0
