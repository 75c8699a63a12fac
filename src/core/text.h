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

// `text` as an error message may quote it: in single quotes, on one line (control characters and
// the backslash written as \n, \r, \t, \\ or \xNN), at most `max_chars` characters of it
// and then "...". What a client sent cannot break a message, a log line or a terminal this way.
inline std::string QuoteForMessage(std::string_view text, size_t max_chars = 80) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  for (size_t i = 0; i < text.size() && i < max_chars; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += char(c);
    }
  }
  if (text.size() > max_chars) out += "...";
  return out + "'";
}

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
