# The WebAssembly build (the `static` preset: Emscripten's toolchain, docs/static.md). It builds
# the engine layers (core, games with their embedded data, nets, agents), the session, the
# scripting contract's commands and `bench` (with its measurements from src/sim), and links them
# into the front ends of src/wasm. No server, simulation, Python, tests or threads: the engine
# runs on one thread (the Web Worker's, or Node's).
#
# The libraries the engine reads are header-only: nlohmann-json, tl-expected, CLI11, fmt in its
# header-only form, and Eigen (the nets). Emscripten's toolchain searches only its own sysroot,
# and the host's /usr/include as a whole must not be seen (its C library headers are not
# Emscripten's), so each library's own folder is linked into one folder of the build that is put
# on the include path.
set(SAVANNA_HOST_INCLUDE "/usr/include" CACHE PATH
    "Where the header-only libraries of the native build are (Debian: /usr/include)")
set(SAVANNA_STATIC_DIR "${PROJECT_SOURCE_DIR}/build/static" CACHE PATH
    "Where the WebAssembly front ends (and the static site) are put")
set(wasm_headers ${CMAKE_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${wasm_headers})
foreach(folder nlohmann tl CLI fmt eigen3/Eigen)
  get_filename_component(name ${folder} NAME)
  if(NOT IS_DIRECTORY ${SAVANNA_HOST_INCLUDE}/${folder})
    message(FATAL_ERROR "${SAVANNA_HOST_INCLUDE}/${folder} not found: the WebAssembly build reads "
                        "the headers of the main list's libraries (./scripts/setup.sh)")
  endif()
  file(CREATE_LINK ${SAVANNA_HOST_INCLUDE}/${folder} ${wasm_headers}/${name} SYMBOLIC)
endforeach()
set(header_only nlohmann_json::nlohmann_json tl::expected CLI11::CLI11 fmt::fmt Eigen3::Eigen)
foreach(target ${header_only} Threads::Threads)
  add_library(${target} INTERFACE IMPORTED)
endforeach()
foreach(target ${header_only})
  # SYSTEM: their warnings are not ours.
  set_target_properties(${target} PROPERTIES INTERFACE_SYSTEM_INCLUDE_DIRECTORIES ${wasm_headers}
                                             INTERFACE_INCLUDE_DIRECTORIES ${wasm_headers})
endforeach()
set_target_properties(fmt::fmt PROPERTIES INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)

# C++ exceptions are caught at the program's boundaries (CLI11's parse errors, the exception
# boundary of every command), so they are enabled, at compile and at link time. Debian's
# Emscripten ships its C++ library prebuilt for Emscripten's JavaScript-based exceptions
# (-fexceptions), not for WebAssembly's own (-fwasm-exceptions), and its cache is read-only.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

add_subdirectory(src/core)
add_subdirectory(src/games)
add_subdirectory(src/nn)
add_subdirectory(src/agents)
add_subdirectory(src/sim)
add_subdirectory(src/session)
add_subdirectory(src/server)  # its protocol library only
add_subdirectory(src/local)
add_subdirectory(src/cli)
add_subdirectory(src/wasm)
