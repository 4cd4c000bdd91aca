# Hardening tests (issue 6), included at the end of grader/tests/CMakeLists.txt.
# The golden/*.sh scripts (bad exercises, hostile reports, fuzz regressions)
# are picked up by the glob there; these two need more than `grader SRC`:
#   golden/sanitizers  configures ${SAN_BUILD} with ENABLE_SANITIZERS and runs
#                      the whole ctest suite in it (minus these two);
#   golden/valgrind    memcheck over the golden grading paths of this build.
# Both exit 77 (skipped) when they cannot run here, and when
# GRADER_HARDENING_INNER is set, so the inner sanitizer run never recurses.
set(GRADER_SAN_BUILD "${PROJECT_SOURCE_DIR}/build-san" CACHE PATH
    "build tree for the golden/sanitizers test")

add_test(NAME golden/sanitizers
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/hardening/sanitizers.sh
                 ${PROJECT_SOURCE_DIR} ${GRADER_SAN_BUILD} ${CMAKE_C_COMPILER})
add_test(NAME golden/valgrind
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/hardening/valgrind.sh
                 $<TARGET_FILE:grader> ${PROJECT_SOURCE_DIR})
set_tests_properties(golden/sanitizers golden/valgrind PROPERTIES
                     SKIP_RETURN_CODE 77 ENVIRONMENT "NO_COLOR=1")
# A cold sanitizer build plus the suite takes minutes on two cores.
set_tests_properties(golden/sanitizers PROPERTIES TIMEOUT 1800 RUN_SERIAL TRUE)
set_tests_properties(golden/valgrind PROPERTIES TIMEOUT 900)
