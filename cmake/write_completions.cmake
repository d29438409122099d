# Writes pipetop's bash and zsh completions into OUT, from the binary PIPETOP's own options
# (`pipetop --completions bash|zsh`). Run after each link of pipetop.
file(MAKE_DIRECTORY ${OUT})
foreach(shell bash zsh)
  if(shell STREQUAL "bash")
    set(file ${OUT}/pipetop.bash)
  else()
    set(file ${OUT}/_pipetop)
  endif()
  execute_process(COMMAND ${PIPETOP} --completions ${shell} OUTPUT_FILE ${file} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${PIPETOP} --completions ${shell} failed: ${result}")
  endif()
endforeach()
