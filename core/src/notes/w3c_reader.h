// Notes in from a W3C Web Annotation document: an AnnotationCollection, an
// AnnotationPage, a list of Annotations or one Annotation, written by
// jiaozhu (with its history in jz: fields) or by another tool (one
// revision). The file is parsed as a stream: each annotation becomes a
// record and its JSON is freed at once.
#pragma once

#include <filesystem>
#include <vector>

#include "notes/note_store.h"

namespace jiaozhu::detail {

// The file's annotations as note records, in file order, each checked
// against the fields' rules (field.h). Throws InputError naming the file
// (and the annotation, by number) for a file that cannot be read, is over
// 1 GiB, is not JSON, is of no accepted shape, nests deeper than 32 levels,
// or holds an annotation jiaozhu cannot take.
std::vector<NoteRecord> read_w3c(const std::filesystem::path& file);

}  // namespace jiaozhu::detail
