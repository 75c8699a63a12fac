// Small text helpers shared by the layers: reading what people type (specs, actions, prompts),
// quoting it back in error messages, and escaping text for HTML and SVG pages.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace savanna {

// `s` without leading and trailing white space.
inline std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

inline bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

// ---- UTF-8: text from outside is cut only between characters ---------------------------------

// The length in bytes (1 to 4) of the well-formed UTF-8 character at the start of `text`, or 0
// when it does not start with one: a stray continuation byte, a sequence cut short, an overlong
// form, a surrogate or a value past U+10FFFF. 0 for empty text.
size_t Utf8CharLength(std::string_view text);

// The longest start of `text` that has at most `max_bytes` bytes and does not end inside a
// character. Bytes that are not UTF-8 count as one character each, so any text can be cut.
std::string_view CutToBytes(std::string_view text, size_t max_bytes);

// The first `max_chars` characters of `text` (ill-formed bytes count as one each).
std::string_view CutToChars(std::string_view text, size_t max_chars);

// `text` with every byte that is not part of a well-formed character replaced by U+FFFD: what a
// JSON writer can always write.
std::string ValidUtf8(std::string_view text);

// "P2": how seats are named to people, in views, logs and prompts.
inline std::string SeatName(int seat) { return "P" + std::to_string(seat); }

// `text` as an error message may quote it: in single quotes, on one line (control characters and
// the backslash written as \n, \r, \t, \\ or \xNN, and so is every byte that is not part of a
// well-formed UTF-8 character), at most `max_chars` characters of it and then "...". The cut
// falls between characters, so the quote is always valid UTF-8: what a client sent cannot break
// a message, a JSON reply, a log line or a terminal this way.
std::string QuoteForMessage(std::string_view text, size_t max_chars = 80);

// `text` safe inside HTML, XML and SVG text and attribute values: & < > " ' escaped.
inline std::string EscapeXml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace savanna
