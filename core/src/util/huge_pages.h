// Large arrays in transparent huge pages. Collating two editions fills
// arrays of tens of megabytes once each (units, k-gram hashes, matches);
// on this kind of machine (a virtual machine, THP in "madvise" mode) the
// first touch of each 4 KiB page was a quarter of the time of `align`.
// Arrays of at least kHugeBytes are mapped apart and marked for huge pages
// (madvise MADV_HUGEPAGE); smaller ones come from operator new.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <new>
#include <vector>

namespace jiaozhu::detail {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
inline constexpr std::size_t kHugeBytes = std::size_t{4} << 20;

template <typename T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) {}  // NOLINT: rebinding, as std::allocator does

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugeBytes) return static_cast<T*>(::operator new(bytes));
    void* p = ::mmap(nullptr, mapped(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    ::madvise(p, mapped(bytes), MADV_HUGEPAGE);  // advice: without THP the pages are ordinary ones
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugeBytes) ::operator delete(p);
    else ::munmap(p, mapped(bytes));
  }
  template <typename U>
  bool operator==(const HugePageAllocator<U>&) const { return true; }

 private:
  static std::size_t mapped(std::size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }
};

template <typename T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace jiaozhu::detail
