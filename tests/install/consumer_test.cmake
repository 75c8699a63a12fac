# The test install.cpp_consumer (cmake -P): installs the engine's development component from
# BUILD_DIR into WORK_DIR/prefix, then builds examples/cpp_consumer against it twice, with
# find_package(Savanna) and with pkg-config, and runs both programs. CXX_FLAGS: the build's own
# compiler flags (the sanitizer preset's libraries need the same -fsanitize to link).
foreach(var BUILD_DIR SOURCE_DIR WORK_DIR CXX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "consumer_test.cmake needs -D${var}=...")
  endif()
endforeach()

function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGV}\n${out}\n${err}")
  endif()
  set(RUN_OUTPUT "${out}" PARENT_SCOPE)
endfunction()

function(check_output what)
  if(NOT RUN_OUTPUT MATCHES "^kariba\\([^)]*players=2[^)]*\\): [0-9]+ moves, returns [01]")
    message(FATAL_ERROR "${what}: unexpected output '${RUN_OUTPUT}'")
  endif()
  message(STATUS "${what}: ${RUN_OUTPUT}")
endfunction()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} --component Savanna_Development)
foreach(file lib/cmake/Savanna/SavannaConfig.cmake lib/pkgconfig/savanna.pc
        include/savanna/core/state.h lib/libsavanna_core.a)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "the install lacks ${file}")
  endif()
endforeach()

# 1. CMake: find_package(Savanna) and Savanna::savanna.
set(example ${SOURCE_DIR}/examples/cpp_consumer)
run(${CMAKE_COMMAND} -S ${example} -B ${WORK_DIR}/cmake_build -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${CXX} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake_build)
run(${WORK_DIR}/cmake_build/consumer)
check_output("find_package(Savanna)")

# 2. pkg-config: the compiler flags and libraries from savanna.pc.
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
run(pkg-config --cflags --libs savanna)
string(STRIP "${RUN_OUTPUT}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
separate_arguments(extra_flags UNIX_COMMAND "${CXX_FLAGS}")
run(${CXX} -O1 ${extra_flags} ${example}/main.cc -o ${WORK_DIR}/consumer_pc ${flags})
run(${WORK_DIR}/consumer_pc)
check_output("pkg-config savanna")
