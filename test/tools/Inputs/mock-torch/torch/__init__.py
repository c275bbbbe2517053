"""A tiny CPU stand-in for the parts of torch that bench/bench.py's add
family uses, so its whole GPU path (launch, checks, timing, report) runs in CI
against the stand-in CUDA driver (libtile-fake-cuda.so), which adds on host
memory. Tensors are flat float32/int32 ctypes buffers; "device" pointers are
host pointers. Test-only: never on PYTHONPATH outside test/tools."""
import ctypes
import math
import random

__version__ = "0.0-mock"
float32, int32 = "float32", "int32"


class Tensor:
    def __init__(self, n, dtype=float32, buf=None, off=0):
        ctype = ctypes.c_float if dtype == float32 else ctypes.c_int32
        self.buf = buf if buf is not None else (ctype * max(n, 1))()
        self.n, self.off, self.dtype = n, off, dtype

    def __len__(self):
        return self.n

    def __getitem__(self, s):
        if isinstance(s, slice):
            start, stop, _ = s.indices(self.n)
            return Tensor(stop - start, self.dtype, self.buf, self.off + start)
        return self.buf[self.off + s]

    def values(self):
        return self.buf[self.off:self.off + self.n]

    def data_ptr(self):
        return ctypes.addressof(self.buf) + 4 * self.off

    def zero_(self):
        return self

    def fill_(self, value):
        self.buf[self.off:self.off + self.n] = [value] * self.n
        return self

    def __add__(self, other):
        out = Tensor(self.n)
        out.buf[:self.n] = [a + b for a, b in zip(self.values(), other.values())]
        return out

    def __ne__(self, other):
        return Bools([a != b for a, b in zip(self.values(), other.values())])

    def __int__(self):
        return int(self.buf[self.off])


class Bools(list):
    def all(self):
        return all(self)

    def nonzero(self):
        return [i for i, b in enumerate(self) if b]


class Generator:
    def __init__(self, device=None):
        self.rng = random.Random(0)

    def manual_seed(self, seed):
        self.rng.seed(seed)
        return self


def _fill(n, fn, dtype=float32):
    t = Tensor(n, dtype)
    if n:
        t.buf[:n] = [fn() for _ in range(n)]
    return t


def randn(n, device=None, generator=None):
    rng = generator.rng if generator else random
    return _fill(n, lambda: rng.gauss(0, 1))


def zeros(n, device=None, dtype=float32):
    return Tensor(n, dtype)


def empty(n, device=None, dtype=float32):
    return Tensor(n, dtype)


def full(shape, value, device=None):
    return _fill(shape[0], lambda: value)


def add(x, y, out):
    out.buf[out.off:out.off + out.n] = [a + b for a, b in zip(x.values(), y.values())]
    return out


def equal(a, b):
    return a.n == b.n and a.values() == b.values()


def isnan(t):
    return Bools([math.isnan(v) for v in t.values()])


class _Props:
    name, multi_processor_count = "Mock GPU", 1


class _Stream:
    cuda_stream = 0


class _Event:
    def __init__(self, enable_timing=False):
        pass

    def record(self):
        pass

    def query(self):  # the stand-in driver runs a launch at once
        return True

    def elapsed_time(self, other):
        return 0.25


class cuda:
    Event = _Event

    @staticmethod
    def is_available():
        return True

    @staticmethod
    def init():
        pass

    @staticmethod
    def current_device():
        return 0

    @staticmethod
    def get_device_properties(i):
        return _Props()

    @staticmethod
    def get_device_capability():
        return (9, 0)

    @staticmethod
    def current_stream():
        return _Stream()

    @staticmethod
    def synchronize():
        pass

    @staticmethod
    def empty_cache():
        pass
