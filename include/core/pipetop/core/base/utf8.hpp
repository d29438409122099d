#pragma once
// UTF-8 as the writers of documents (JSON, XML) need it: whether the bytes at a position are a
// well-formed character, so that bytes which are not become U+FFFD instead of an unparseable file.

#include <cstddef>
#include <string_view>

namespace pipetop {

// U+FFFD REPLACEMENT CHARACTER, encoded.
inline constexpr std::string_view kUtf8Replacement = "\xEF\xBF\xBD";

// The length (2 to 4) of the well-formed multi-byte UTF-8 sequence at the start of `s` (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF), or 0 when it is not one — ASCII included,
// and an empty `s`.
[[nodiscard]] std::size_t utf8_sequence_length(std::string_view s);

}  // namespace pipetop
