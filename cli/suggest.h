// "Did you mean": the known name nearest to a mistyped command or option.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace jiaozhu::cli {

// The first word of argv that is not an option (nor an option's value for
// --db) is taken as the command. When it is not one of `commands`, returns a
// sentence naming it, with the nearest command (edit distance at most 2) as
// a hint when there is one.
std::optional<std::string> unknown_command(int argc, char** argv, const std::vector<std::string>& commands);

// The first word of argv that looks like a long option (--name or
// --name=value) and is none of `options` (every command's, with their
// dashes): a sentence naming it, with the nearest option as a hint.
std::optional<std::string> unknown_option(int argc, char** argv, const std::vector<std::string>& options);

}  // namespace jiaozhu::cli
