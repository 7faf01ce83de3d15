# Links SQLite, ICU, Nettle, pugixml, libstdc++ and libgcc into the
# executables from their static archives (JZ_STATIC_DEPS), leaving only the C
# library shared (libcurl, for one command, is loaded when it runs:
# core/src/facsimile/url_fetch.cpp). JZ_PUGIXML names the pugixml target to
# link: the shared one would bring libstdc++.so back.
#
# Why: every shared library is mapped and relocated at each start, and a
# scholar runs jiaozhu hundreds of times from scripts. On the 2-core VM a
# page fault costs ~25 µs; with the dependencies shared `jiaozhu --version`
# took 10.8 ms (300 faults), static 6.7 ms (208), and `search` as a whole
# process is held to p50 <= 10 ms (issue 16, bench/search_latency).
#
# ICU's data (libicudata, 31 MB) must then be static too: a static libicuuc
# reaching into libicudata.so gets a copy relocation of all 31 MB, made at
# every start (134 ms). Static, it stays in .rodata and only the pages read
# are loaded.
#
# The relative relocations of a static PIE binary (295,000: ICU, the fold
# table, CLI11's and the JSON library's tables) are packed (DT_RELR, glibc
# 2.36 and binutils 2.38, both in Debian 12): the 7 MB table they filled was
# read at every start; packed it is 50 KB, and --version went from 3.8 to
# 2.8 ms (bench/startup_bench.sh).
#
# Include after find_package(SQLite3), find_package(ICU) and
# pkg_check_modules(NETTLE); it rewrites their imported targets in place.

function(jz_static_archive out name)
  find_library(${out} NAMES lib${name}.a)
  if(NOT ${out})
    message(FATAL_ERROR "JZ_STATIC_DEPS: lib${name}.a not found; install its -dev package or pass -DJZ_STATIC_DEPS=OFF")
  endif()
endfunction()

if(JZ_STATIC_DEPS)
  find_package(Threads REQUIRED)
  jz_static_archive(JZ_SQLITE_ARCHIVE sqlite3)
  jz_static_archive(JZ_ICUUC_ARCHIVE icuuc)
  jz_static_archive(JZ_ICUI18N_ARCHIVE icui18n)
  jz_static_archive(JZ_ICUDATA_ARCHIVE icudata)
  jz_static_archive(JZ_NETTLE_ARCHIVE nettle)

  set_target_properties(SQLite::SQLite3 PROPERTIES
    IMPORTED_LOCATION "${JZ_SQLITE_ARCHIVE}"
    INTERFACE_LINK_LIBRARIES "m;${CMAKE_DL_LIBS};Threads::Threads")
  # The archives need what the shared libraries record as NEEDED, in link
  # order: i18n before uc before data.
  set_target_properties(ICU::data PROPERTIES IMPORTED_LOCATION "${JZ_ICUDATA_ARCHIVE}")
  set_target_properties(ICU::uc PROPERTIES
    IMPORTED_LOCATION "${JZ_ICUUC_ARCHIVE}"
    INTERFACE_LINK_LIBRARIES "ICU::data;m;${CMAKE_DL_LIBS};Threads::Threads")
  set_target_properties(ICU::i18n PROPERTIES
    IMPORTED_LOCATION "${JZ_ICUI18N_ARCHIVE}"
    INTERFACE_LINK_LIBRARIES "ICU::uc")
  set_target_properties(PkgConfig::NETTLE PROPERTIES INTERFACE_LINK_LIBRARIES "${JZ_NETTLE_ARCHIVE}")
  add_link_options(-static-libstdc++ -static-libgcc -Wl,-z,pack-relative-relocs)
  set(JZ_PUGIXML pugixml::static)
else()
  set(JZ_PUGIXML pugixml::pugixml)
endif()
