// UTF-8 helpers: finding character boundaries in text that came from outside, which may be
// anything, so that what is cut or quoted from it stays well-formed.
#include "core/text.h"

namespace savanna {

size_t Utf8CharLength(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  size_t length = 0;
  unsigned char lo = 0x80, hi = 0xbf;  // the range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) lo = 0xa0;  // no overlong form
    if (lead == 0xed) hi = 0x9f;  // no surrogate
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) lo = 0x90;  // no overlong form
    if (lead == 0xf4) hi = 0x8f;  // nothing past U+10FFFF
  } else {
    return 0;  // a continuation byte, or a lead byte that is never used
  }
  if (text.size() < length || byte(1) < lo || byte(1) > hi) return 0;
  for (size_t i = 2; i < length; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xbf) return 0;
  return length;
}

namespace {

// The length of the character (or the lone ill-formed byte) at the start of `text`.
size_t StepLength(std::string_view text) {
  const size_t length = Utf8CharLength(text);
  return length == 0 ? 1 : length;
}

}  // namespace

std::string_view CutToBytes(std::string_view text, size_t max_bytes) {
  size_t end = 0;
  while (end < text.size()) {
    const size_t step = StepLength(text.substr(end));
    if (end + step > max_bytes) break;
    end += step;
  }
  return text.substr(0, end);
}

std::string_view CutToChars(std::string_view text, size_t max_chars) {
  size_t end = 0;
  for (size_t chars = 0; end < text.size() && chars < max_chars; ++chars)
    end += StepLength(text.substr(end));
  return text.substr(0, end);
}

std::string ValidUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t length = Utf8CharLength(text.substr(i));
    if (length == 0) {
      out += "\xef\xbf\xbd";  // U+FFFD, the replacement character
      ++i;
    } else {
      out.append(text, i, length);
      i += length;
    }
  }
  return out;
}

std::string QuoteForMessage(std::string_view text, size_t max_chars) {
  static constexpr char kHex[] = "0123456789abcdef";
  const std::string_view shown = CutToChars(text, max_chars);
  std::string out = "'";
  for (size_t i = 0; i < shown.size();) {
    const auto c = static_cast<unsigned char>(shown[i]);
    const size_t length = Utf8CharLength(shown.substr(i));
    if (length > 1) {
      out.append(shown, i, length);
      i += length;
      continue;
    }
    ++i;
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f || length == 0) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += char(c);
    }
  }
  if (shown.size() < text.size()) out += "...";
  return out + "'";
}

}  // namespace savanna
