"""tile's stages in Triton's compile pipeline, for one kernel.

Triton 3.6 calls the stages hook from ``CUDABackend.add_stages`` with the
ordered dict of stage callables (``ttir, ttgir, llir, ptx, cubin``). tile
replaces the first four: its ``ttir`` stage compiles the frontend's module
in one in-process call to libtile-compiler.so, keeping every stage's text,
and the later stages hand those texts out and write the metadata keys
Triton's own stages write (``tensordesc_meta`` at ttgir; ``num_warps``,
``shared``, ``tmem_size`` and the scratch sizes at llir; ``name`` at ptx).
``cubin`` stays Triton's: ptxas runs as a process with Triton's flags.

A stage whose input is not what tile handed to it (``TRITON_KERNEL_OVERRIDE``
or an ``ir_override`` replaced the previous stage's output) compiles that
input again from there.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from typing import Any, Callable, Optional, Protocol

from tile._library import CompileResult, Library

#: When set, each kernel is also compiled by Triton up to LLVM IR and the
#: log records Triton's shared memory beside tile's (a measurement aid).
COMPARE_ENV = "TILE_TRITON_COMPARE"
#: The stages tile compiles, and their slot in CompileResult.stages.
_TEXT_STAGES = ("ttir", "ttgir", "llir", "ptx")
#: The targets tile compiles for, by compute capability.
SUPPORTED_CAPABILITIES = (80, 86, 89, 90)


class TileCompilationError(RuntimeError):
    """tile could not compile a kernel: names the kernel, the stage (Triton's
    stage names, or "parse"/"options") and the reason."""

    def __init__(self, kernel: str, stage: str, reason: str,
                 diagnostics: Optional[list[dict[str, Any]]] = None):
        super().__init__(f"tile could not compile kernel '{kernel}' in stage "
                         f"'{stage}': {reason}")
        self.kernel = kernel
        self.stage = stage
        self.reason = reason
        self.diagnostics = diagnostics or []


def _out_of_resources_base() -> type:
    try:
        from triton.runtime.errors import OutOfResources
        return OutOfResources
    except ImportError:  # Triton missing: the class is still importable
        return Exception


class TileOutOfResources(TileCompilationError, _out_of_resources_base()):
    """The kernel needs more shared memory than a block of its target may
    use. Triton compiles such a config and its launcher raises
    ``OutOfResources`` when it loads it; tile knows at compile time and
    raises this subclass of both, so that Triton's autotuner and Inductor
    drop the config as they drop Triton's."""

    def __init__(self, kernel: str, stage: str, reason: str,
                 diagnostics: Optional[list[dict[str, Any]]] = None, *,
                 required: int = 0, limit: int = 0,
                 name: str = "shared memory"):
        TileCompilationError.__init__(self, kernel, stage, reason, diagnostics)
        self.required = required
        self.limit = limit
        self.name = name

    def __str__(self) -> str:
        return RuntimeError.__str__(self)

    def __reduce__(self):
        return (_rebuild_out_of_resources,
                (self.kernel, self.stage, self.reason, self.diagnostics,
                 self.required, self.limit, self.name))


def _rebuild_out_of_resources(kernel, stage, reason, diagnostics, required,
                              limit, name) -> TileOutOfResources:
    return TileOutOfResources(kernel, stage, reason, diagnostics,
                              required=required, limit=limit, name=name)


#: How libtile-compiler words a module over the shared-memory limit.
_SHARED_MEMORY_OVER_LIMIT = re.compile(
    r"the module needs (\d+) bytes of shared memory, more than the (\d+) "
    r"bytes a block may use")


def compilation_error(kernel: str, stage: str, reason: str,
                      diagnostics: Optional[list[dict[str, Any]]] = None
                      ) -> TileCompilationError:
    """The error for a failed compile: TileOutOfResources when the reason is
    the shared-memory limit."""
    match = _SHARED_MEMORY_OVER_LIMIT.search(reason)
    if match:
        return TileOutOfResources(kernel, stage, reason, diagnostics,
                                  required=int(match.group(1)),
                                  limit=int(match.group(2)))
    return TileCompilationError(kernel, stage, reason, diagnostics)


class TileFallbackWarning(UserWarning):
    """tile could not compile a kernel and Triton compiled it instead."""


def env_flag(name: str) -> bool:
    """Whether environment variable `name` is set to something but 0."""
    return os.environ.get(name, "") not in ("", "0")


def _text(module: Any) -> str:
    return module if isinstance(module, str) else str(module)


def kernel_name_of(ir: str) -> str:
    match = re.search(r"tt\.func\s+public\s+@\"?([\w$.-]+)", ir)
    return match.group(1) if match else "<unknown>"


def discard_partial_cache_entry(cache_hash: str) -> None:
    """Removes what Triton's cache holds of a compile that did not finish
    (its source and earlier stages, but no group file), so that a failed
    compile leaves nothing behind."""
    try:
        from triton.runtime.cache import get_cache_manager
        cache_dir = getattr(get_cache_manager(cache_hash), "cache_dir", None)
    except Exception:  # a custom cache manager: nothing tile can clean
        return
    if not cache_dir or not os.path.isdir(cache_dir):
        return
    if any(name.startswith("__grp__") for name in os.listdir(cache_dir)):
        return  # a finished compile of the same key, written concurrently
    shutil.rmtree(cache_dir, ignore_errors=True)


class Reporter(Protocol):
    """Where a kernel's compile reports its outcome (the hook's stats)."""

    def record(self, outcome: str, seconds: float, kernel: str = "",
               reason: str = "", details: Optional[dict[str, Any]] = None
               ) -> None:
        """`outcome`: "compiled", "fell_back", "failed" or
        "out_of_resources"."""

    def warn_once(self, kernel: str, message: str) -> None:
        """A TileFallbackWarning, once per kernel name."""


class KernelCompile:
    """tile's compile of one kernel, as stage callables for Triton."""

    def __init__(self, library: Library, backend: Any, options: Any,
                 capability: int, triton_stages: dict[str, Callable],
                 reporter: Reporter, fallback: bool):
        self.library = library
        self.backend = backend
        self.options = options
        self.capability = capability
        self.triton_stages = dict(triton_stages)
        self.reporter = reporter
        self.fallback = fallback
        self.result: Optional[CompileResult] = None
        #: What the log records besides the outcome (compare mode).
        self.details: dict[str, Any] = {}
        self.source: Any = None
        self.kernel = "<unknown>"
        self.fell_back = False
        self.seconds = 0.0

    def install(self, stages: dict[str, Callable]) -> None:
        stages["ttir"] = self.ttir
        stages["ttgir"] = self.ttgir
        stages["llir"] = self.llir
        stages["ptx"] = self.ptx
        stages["cubin"] = self.cubin

    # -- options ------------------------------------------------------------

    def compile_options(self) -> dict[str, Any]:
        """Triton's CUDAOptions as libtile-compiler.so's options."""
        from triton import knobs
        from triton.backends.nvidia.compiler import get_ptx_version_from_options
        options = self.options
        return dict(
            target=f"cuda:{self.capability}",
            num_warps=options.num_warps,
            num_stages=options.num_stages,
            num_ctas=options.num_ctas,
            maxnreg=options.maxnreg,
            enable_fp_fusion=options.enable_fp_fusion,
            enable_reflect_ftz=options.enable_reflect_ftz,
            line_info=not knobs.compilation.disable_line_info,
            ptx_version=get_ptx_version_from_options(
                options, self.backend.target.arch),
            libdevice_path=dict(options.extern_libs or ()).get("libdevice"),
        )

    def unsupported(self) -> Optional[str]:
        """Why tile cannot compile with these options, or None."""
        if self.capability not in SUPPORTED_CAPABILITIES:
            return (f"tile compiles for sm_80, sm_86, sm_89 and sm_90; this "
                    f"kernel targets sm_{self.capability}")
        mode = getattr(self.options, "instrumentation_mode", "")
        if mode:
            return f"instrumentation_mode='{mode}' is not supported by tile"
        return None

    # -- compiling ----------------------------------------------------------

    def compile_from(self, ir: str) -> None:
        """Compiles TTIR or TTGIR text; raises TileCompilationError."""
        why = self.unsupported()
        if why:
            raise TileCompilationError(self.kernel, "options", why)
        start = time.perf_counter()
        result = self.library.compile(
            ir, source_name=f"{self.kernel}.source",
            keep=("ttir", "ttgir", "llir", "ptx"), **self.compile_options())
        self.seconds += time.perf_counter() - start
        if result.kernel_name:
            self.kernel = result.kernel_name
        if not result.succeeded:
            raise compilation_error(self.kernel, result.failed_stage,
                                    result.error, result.diagnostics)
        # A TTGIR input has no ttir stage of its own: it stays as given.
        result.stages.setdefault("ttir", ir)
        self.result = result

    def fail(self, error: TileCompilationError, metadata: dict) -> None:
        """A kernel tile cannot compile: the error, or with fallback on,
        Triton's own stages from here on."""
        # A config over the hardware's limits is the config's to drop, as
        # with Triton's own compile: never a fallback.
        if isinstance(error, TileOutOfResources):
            discard_partial_cache_entry(metadata.get("hash", ""))
            if self.source is not None and env_flag(COMPARE_ENV):
                self.compare_with_triton(self.source, metadata)
            self.reporter.record("out_of_resources", self.seconds,
                                 self.kernel, str(error),
                                 details={"shared": error.required,
                                          **self.details})
            raise error
        if not self.fallback:
            discard_partial_cache_entry(metadata.get("hash", ""))
            self.reporter.record("failed", self.seconds, self.kernel,
                                 str(error))
            raise error
        self.reporter.warn_once(
            self.kernel, f"{error}; Triton's compiler compiles it instead")
        self.fell_back = True
        self.reporter.record("fell_back", self.seconds, self.kernel,
                             str(error))

    def stage_text(self, stage: str, src: Any, metadata: dict) -> str:
        """The text tile compiled for `stage`, after compiling `src` again
        when it is not the previous stage's text tile handed out (or when
        nothing was compiled yet: triton.compile of a .ttir or .ttgir file
        starts after that file's stage)."""
        previous = _TEXT_STAGES[_TEXT_STAGES.index(stage) - 1]
        text = _text(src)
        if self.result is None:
            self.kernel = kernel_name_of(text)
        if self.result is None or text != self.result.stages[previous]:
            try:
                self.compile_from(text)
            except TileCompilationError as error:
                self.fail(error, metadata)
                return None
        return self.result.stages[stage]

    # -- Triton's stages ----------------------------------------------------

    def ttir(self, src: Any, metadata: dict) -> Any:
        self.source = src
        text = _text(src)
        self.kernel = kernel_name_of(text)
        try:
            self.compile_from(text)
        except TileCompilationError as error:
            self.fail(error, metadata)
            return self.triton_stages["ttir"](src, metadata)
        if env_flag(COMPARE_ENV):
            self.compare_with_triton(src, metadata)
        return self.result.stages["ttir"]

    def compare_with_triton(self, src: Any, metadata: dict) -> None:
        """Triton's own compile of the same module up to LLVM IR, for the
        log: its shared memory beside tile's (TILE_TRITON_COMPARE)."""
        theirs = dict(metadata)
        try:
            module = src
            for stage in ("ttir", "ttgir", "llir"):
                module = self.triton_stages[stage](module, theirs)
            self.details["triton_shared"] = theirs.get("shared")
            self.details["triton_num_warps"] = theirs.get("num_warps")
        except Exception as exc:  # Triton's failure is only reported
            self.details["triton_error"] = str(exc).splitlines()[0][:200]

    def ttgir(self, src: Any, metadata: dict) -> Any:
        if not self.fell_back:
            text = self.stage_text("ttgir", src, metadata)
            if text is not None:
                metadata["tensordesc_meta"] = list(
                    self.result.metadata["tensordesc_meta"])
                return text
        return self.triton_stages["ttgir"](src, metadata)

    def llir(self, src: Any, metadata: dict) -> Any:
        if not self.fell_back:
            text = self.stage_text("llir", src, metadata)
            if text is not None:
                produced = self.result.metadata
                for key in ("num_warps", "shared", "tmem_size",
                            "global_scratch_size", "global_scratch_align",
                            "profile_scratch_size", "profile_scratch_align"):
                    metadata[key] = produced[key]
                return text
        return self.triton_stages["llir"](src, metadata)

    def ptx(self, src: Any, metadata: dict) -> Any:
        # LLVM IR that tile did not produce goes through Triton's LLVM.
        if not self.fell_back and self.result is not None and \
                _text(src) == self.result.stages["llir"]:
            metadata["name"] = self.result.metadata["name"]
            return self.result.stages["ptx"]
        return self.triton_stages["ptx"](src, metadata)

    def cubin(self, src: Any, metadata: dict) -> Any:
        start = time.perf_counter()
        try:
            cubin = self.triton_stages["cubin"](src, metadata)
        except Exception as exc:
            if self.fell_back:
                raise
            error = TileCompilationError(self.kernel, "cubin",
                                         f"ptxas rejected tile's PTX: {exc}")
            self.fail(error, metadata)
            return self.recompile_with_triton(metadata)
        if not self.fell_back:
            self.seconds += time.perf_counter() - start
            details = {key: metadata.get(key) for key in ("shared", "num_warps")}
            details["num_stages"] = self.options.num_stages
            details.update(self.details)
            self.reporter.record("compiled", self.seconds, self.kernel,
                                 details=details)
        return cubin

    def recompile_with_triton(self, metadata: dict) -> Any:
        """Triton's own stages over the frontend's module, end to end."""
        module = self.source
        for stage in ("ttir", "ttgir", "llir", "ptx", "cubin"):
            module = self.triton_stages[stage](module, metadata)
        return module
