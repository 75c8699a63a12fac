# `cmake --install`: the engine's libraries (core, games, nn, agents, sim, rl, session), their headers
# under include/savanna (included as "core/state.h", as inside the tree), exported CMake targets
# with SavannaConfig.cmake for find_package(Savanna), and savanna.pc for pkg-config. With the
# Python module built, the package savanna goes to SAVANNA_PYTHON_INSTALL_DIR. docs/python.md
# ("C++ users") shows both ways in, and examples/cpp_consumer is built against an install by
# the test install.cpp_consumer.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# In dependency order; each exported as Savanna::<name without savanna_>.
set(SAVANNA_INSTALLED_LIBRARIES savanna_core savanna_games savanna_nn savanna_agents savanna_rl
                                savanna_sim savanna_session)
foreach(lib IN LISTS SAVANNA_INSTALLED_LIBRARIES)
  string(REPLACE "savanna_" "" export_name ${lib})
  set_target_properties(${lib} PROPERTIES EXPORT_NAME ${export_name})
endforeach()
# Everything at once: Savanna::savanna.
add_library(savanna_engine INTERFACE)
target_link_libraries(savanna_engine INTERFACE ${SAVANNA_INSTALLED_LIBRARIES})
set_target_properties(savanna_engine PROPERTIES EXPORT_NAME savanna)
# savanna_warnings is exported because static libraries name their private link dependencies;
# it adds nothing to a consumer's compile (it is link-only there).
install(TARGETS ${SAVANNA_INSTALLED_LIBRARIES} savanna_engine savanna_warnings
        EXPORT SavannaTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Savanna_Development
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Savanna_Development)
foreach(dir core games nn agents rl sim session)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/${dir}
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/savanna COMPONENT Savanna_Development
          FILES_MATCHING PATTERN "*.h")
endforeach()

set(SAVANNA_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Savanna)
install(EXPORT SavannaTargets NAMESPACE Savanna:: DESTINATION ${SAVANNA_CMAKE_DIR}
        COMPONENT Savanna_Development)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/SavannaConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/SavannaConfig.cmake
                              INSTALL_DESTINATION ${SAVANNA_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/SavannaConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/SavannaConfig.cmake
              ${PROJECT_BINARY_DIR}/SavannaConfigVersion.cmake
        DESTINATION ${SAVANNA_CMAKE_DIR} COMPONENT Savanna_Development)

# pkg-config: static libraries, so Libs lists them all in link order.
set(SAVANNA_PC_LIBS "")
foreach(lib savanna_session savanna_sim savanna_rl savanna_agents savanna_nn savanna_games
            savanna_core)
  string(APPEND SAVANNA_PC_LIBS " -l${lib}")
endforeach()
# The prefix as seen from the .pc file (../.. below lib/pkgconfig), for a relocatable file.
file(RELATIVE_PATH SAVANNA_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" SAVANNA_PC_TO_PREFIX "${SAVANNA_PC_TO_PREFIX}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/savanna.pc.in ${PROJECT_BINARY_DIR}/savanna.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/savanna.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
        COMPONENT Savanna_Development)

if(SAVANNA_BUILD_PYTHON)
  set(SAVANNA_PYTHON_INSTALL_DIR
      lib/python${Python_VERSION_MAJOR}.${Python_VERSION_MINOR}/site-packages
      CACHE STRING "Where cmake --install puts the Python package savanna (under the prefix)")
  install(DIRECTORY ${PROJECT_BINARY_DIR}/python/savanna DESTINATION ${SAVANNA_PYTHON_INSTALL_DIR}
          COMPONENT Savanna_Python PATTERN "__pycache__" EXCLUDE)
endif()
