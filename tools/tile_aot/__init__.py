"""tile-aot's implementation; tools/tile-aot is its command line.

  common     errors, the log line, tools/tile-compile as a module, writing
             files all or nothing
  signature  Triton's signature types and their match with the kernel
  grid       the --grid expressions, as C
  compiled   hints into the TTIR, then tile-compile; its metadata and PTX
  cgen       helpers that write C text
  launcher   one specialization's NAME.h and NAME.c
  compile    the `compile` command
  link       the `link` command: a dispatcher over specializations
"""
