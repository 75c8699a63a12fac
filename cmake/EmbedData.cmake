# savanna_embed_data(TARGET OUT_SOURCE FILES...): turns component data files into a C++ source
# that registers each file's bytes under its path relative to data/ ("kariba/animals.json"), so
# the program needs no data directory at run time. Regenerated when a data file changes.
function(savanna_embed_data out_source)
  set(inputs ${ARGN})
  add_custom_command(
    OUTPUT ${out_source}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out_source} -DROOT=${PROJECT_SOURCE_DIR}/data
            "-DFILES=${inputs}" -P ${PROJECT_SOURCE_DIR}/cmake/EmbedDataScript.cmake
    DEPENDS ${inputs} ${PROJECT_SOURCE_DIR}/cmake/EmbedDataScript.cmake
    COMMENT "Embedding component data"
    VERBATIM)
endfunction()
