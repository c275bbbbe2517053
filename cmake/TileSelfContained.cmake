#===- TileSelfContained.cmake - A library with MLIR and LLVM inside -------===#
#
# tile_add_self_contained_library(NAME SOURCES ... ROOT_LIBRARY lib
#   OUTPUT_DIRECTORY dir OUTPUT_NAME name EXPORTS version-script
#   [DEFINITIONS ...])
#
# A shared library of SOURCES, the tile libraries ROOT_LIBRARY links
# (transitively) and Debian's static MLIR and LLVM archives, the C++
# runtime included: it needs nothing of LLVM 22 at run time. The archives
# are linked as one group, so only the members tile's code reaches come in
# (libstdc++ too, libgcc_s stays shared);
# the version script keeps every symbol but the exported ones local, and
# the result is stripped.
#
#===----------------------------------------------------------------------===#

# The static tile libraries (targets named Tile*) `target` links,
# transitively, appended to the variable `out` in the caller's scope.
function(tile_collect_static_libraries target out)
  set(found ${${out}})
  get_target_property(links ${target} LINK_LIBRARIES)
  if(NOT links)
    set(links "")
  endif()
  foreach(lib IN LISTS links)
    if(NOT TARGET ${lib} OR NOT lib MATCHES "^Tile" OR lib IN_LIST found)
      continue()
    endif()
    get_target_property(type ${lib} TYPE)
    if(NOT type STREQUAL "STATIC_LIBRARY")
      continue()
    endif()
    list(APPEND found ${lib})
    tile_collect_static_libraries(${lib} found)
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

function(tile_add_self_contained_library name)
  cmake_parse_arguments(ARG "" "ROOT_LIBRARY;OUTPUT_DIRECTORY;OUTPUT_NAME;EXPORTS"
    "SOURCES;DEFINITIONS" ${ARGN})
  set(tile_libraries ${ARG_ROOT_LIBRARY})
  tile_collect_static_libraries(${ARG_ROOT_LIBRARY} tile_libraries)

  set(archives "")
  foreach(lib IN LISTS tile_libraries)
    list(APPEND archives $<TARGET_FILE:${lib}>)
  endforeach()
  file(GLOB mlir_archives ${LLVM_LIBRARY_DIR}/libMLIR*.a)
  file(GLOB llvm_archives ${LLVM_LIBRARY_DIR}/libLLVM*.a)
  if(NOT mlir_archives OR NOT llvm_archives)
    message(FATAL_ERROR "TILE_BUILD_SELF_CONTAINED needs the static MLIR and "
      "LLVM libraries in ${LLVM_LIBRARY_DIR} (Debian: libmlir-22-dev, "
      "llvm-22-dev)")
  endif()
  # Compression support of LLVMSupport, statically where Debian ships the
  # archive (zlib1g-dev, libzstd-dev).
  set(system_libraries "")
  foreach(lib z zstd)
    find_library(TILE_STATIC_${lib} NAMES lib${lib}.a)
    if(TILE_STATIC_${lib})
      list(APPEND system_libraries ${TILE_STATIC_${lib}})
    else()
      list(APPEND system_libraries ${lib})
    endif()
  endforeach()

  add_library(${name} SHARED ${ARG_SOURCES})
  add_dependencies(${name} ${tile_libraries} tile-headers)
  target_compile_definitions(${name} PRIVATE ${ARG_DEFINITIONS})
  set_target_properties(${name} PROPERTIES
    OUTPUT_NAME ${ARG_OUTPUT_NAME}
    LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY}
    LINK_DEPENDS ${ARG_EXPORTS})
  target_link_libraries(${name} PRIVATE
    -Wl,--start-group ${archives} ${mlir_archives} ${llvm_archives}
    -Wl,--end-group
    ${system_libraries} pthread dl rt m)
  target_link_options(${name} PRIVATE
    # libstdc++ inside; libgcc_s stays shared (every Linux has it): the
    # static unwinder of GCC 12 would need glibc 2.35's _dl_find_object.
    -static-libstdc++
    -Wl,--version-script=${ARG_EXPORTS}
    -Wl,--exclude-libs,ALL
    -Wl,--gc-sections
    -Wl,--no-undefined
    -Wl,--strip-all)
endfunction()
