// Stories' seat marks written out (story.h).
#include "core/story.h"

namespace savanna {

std::string StoryText(std::string_view story) {
  std::string out;
  out.reserve(story.size());
  for (size_t i = 0; i < story.size(); ++i) {
    if (story[i] == '{' && i + 1 < story.size() && story[i + 1] == 'P') {
      const size_t end = story.find('}', i);
      if (end != std::string_view::npos) {
        out.append(story.substr(i + 1, end - i - 1));
        i = end;
        continue;
      }
    }
    out += story[i];
  }
  return out;
}

std::string PluralOf(std::string_view noun) {
  if (noun == "mouse") return "mice";
  const auto ends = [&](std::string_view tail) {
    return noun.size() >= tail.size() && noun.substr(noun.size() - tail.size()) == tail;
  };
  if (ends("ch") || ends("sh") || ends("s") || ends("x")) return std::string(noun) + "es";
  if (ends("y") && noun.size() > 1 &&
      std::string_view("aeiou").find(noun[noun.size() - 2]) == std::string_view::npos)
    return std::string(noun.substr(0, noun.size() - 1)) + "ies";
  return std::string(noun) + "s";
}

std::string Counted(int n, std::string_view one, std::string_view many) {
  std::string word(n == 1 ? std::string(one) : (many.empty() ? PluralOf(one) : std::string(many)));
  return std::to_string(n) + " " + word;
}

std::string JoinAnd(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

}  // namespace savanna
