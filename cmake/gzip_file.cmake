# Writes OUT, IN compressed as Debian wants a man page or changelog: gzip -9n (best compression, no
# name or time stamp in the header, so the same bytes at every build).
execute_process(COMMAND gzip -9nc INPUT_FILE ${IN} OUTPUT_FILE ${OUT} RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "gzip -9nc ${IN} failed: ${failed}")
endif()
