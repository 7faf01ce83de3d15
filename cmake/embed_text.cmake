# Writes OUT, a C++ header defining `inline constexpr char NAME[]` holding
# the text of IN, so the binary carries a data file (core/data/) and needs
# nothing beside it. Run by a custom command at build time.
file(READ "${IN}" text)
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by cmake/embed_text.cmake. Do not edit.\n#pragma once\n\ninline constexpr char ${NAME}[] = R\"jzdata(${text})jzdata\";\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
