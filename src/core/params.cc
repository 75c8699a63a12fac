// Spec parsing and parameter validation.
#include "core/params.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <set>

#include "core/check.h"
#include "core/number_text.h"
#include "core/text.h"

namespace savanna {
namespace {

bool IsNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

bool IsValueChar(char c) { return IsNameChar(c) || c == '/' || c == ':' || c == '~' || c == '+'; }

std::string FormatValue(const ParamValue& v) {
  if (auto* i = std::get_if<int64_t>(&v)) return std::to_string(*i);
  if (auto* d = std::get_if<double>(&v)) {
    return ShortestDouble(*d);  // the shortest text that reads back as the same double
  }
  if (auto* b = std::get_if<bool>(&v)) return *b ? "true" : "false";
  return std::get<std::string>(v);
}

Json ValueToJson(const ParamValue& v) {
  return std::visit([](const auto& x) { return Json(x); }, v);
}

// How much of a malformed spec its error message quotes (agent specs with every parameter
// run past a hundred characters).
constexpr size_t kQuotedSpecChars = 200;

Result<ParamValue> ParseValue(const ParamSpec& p, std::string_view owner, std::string_view text) {
  auto bad = [&]() {
    return Fail(ErrorCode::kInvalidArgument, std::string(owner) + ": parameter '" + p.name +
                                                 "' must be " + p.AllowedText() + ", got " +
                                                 QuoteForMessage(text));
  };
  switch (p.type) {
    case ParamType::kInt: {
      int64_t v = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || end != text.data() + text.size()) return bad();
      if (v < p.min_int || v > p.max_int) return bad();
      return ParamValue(v);
    }
    case ParamType::kDouble: {
      std::string copy(text);
      char* end = nullptr;
      double v = std::strtod(copy.c_str(), &end);
      if (copy.empty() || end != copy.c_str() + copy.size() || !std::isfinite(v)) return bad();
      if (v < p.min_double || v > p.max_double) return bad();
      return ParamValue(v);
    }
    case ParamType::kBool:
      if (text == "true" || text == "1" || text == "yes") return ParamValue(true);
      if (text == "false" || text == "0" || text == "no") return ParamValue(false);
      return bad();
    case ParamType::kChoice:
      for (const auto& c : p.choices)
        if (c == text) return ParamValue(c);
      return bad();
    case ParamType::kString:
      for (char c : text)
        if (!IsValueChar(c)) return bad();
      return ParamValue(std::string(text));
  }
  return bad();
}

const ParamSpec* FindSpec(const std::vector<ParamSpec>& specs, std::string_view name) {
  for (const auto& p : specs)
    if (p.name == name) return &p;
  return nullptr;
}

std::string NamesOf(const std::vector<ParamSpec>& specs) {
  std::string names;
  for (const auto& p : specs)
    if (p.Listed()) names += (names.empty() ? "" : ", ") + p.name;
  return names.empty() ? "none" : names;
}

Result<Params> ResolveRaw(const std::vector<ParamSpec>& specs, std::string_view owner,
                          const std::vector<std::pair<std::string, std::string>>& args) {
  Params params;
  std::set<std::string, std::less<>> seen;
  for (const auto& [key, text] : args) {
    const ParamSpec* p = FindSpec(specs, key);
    if (!p)
      return Fail(ErrorCode::kInvalidArgument, std::string(owner) + ": unknown parameter '" + key +
                                                   "' (parameters: " + NamesOf(specs) + ")");
    if (!seen.insert(key).second)
      return Fail(ErrorCode::kInvalidArgument,
                  std::string(owner) + ": parameter '" + key + "' given twice");
    auto value = ParseValue(*p, owner, text);
    if (!p->Listed()) {
      if (!value || *value != p->default_value)
        return Fail(ErrorCode::kInvalidArgument, std::string(owner) + ": parameter '" + key +
                                                     "' was retired (it lives on " + p->retired_to +
                                                     "); only its old neutral value " +
                                                     FormatValue(p->default_value) +
                                                     " is accepted, got " + QuoteForMessage(text));
      continue;  // changes nothing, and is left out of the resolved parameters
    }
    if (!value) return tl::unexpected(value.error());
    params.Set(p->name, *value);
  }
  for (const auto& p : specs)
    if (p.Listed() && !params.Has(p.name)) params.Set(p.name, p.default_value);
  return params;
}

}  // namespace

namespace {

// What every kind of parameter declares; the kinds add their ranges or choices.
ParamSpec Declared(std::string name, ParamType type, ParamValue def, std::string doc) {
  ParamSpec p;
  p.name = std::move(name);
  p.type = type;
  p.default_value = std::move(def);
  p.description = std::move(doc);
  return p;
}

}  // namespace

ParamSpec ParamSpec::Int(std::string name, int64_t def, int64_t lo, int64_t hi, std::string doc) {
  ParamSpec p = Declared(std::move(name), ParamType::kInt, def, std::move(doc));
  p.min_int = lo;
  p.max_int = hi;
  return p;
}

ParamSpec ParamSpec::Double(std::string name, double def, double lo, double hi, std::string doc) {
  ParamSpec p = Declared(std::move(name), ParamType::kDouble, def, std::move(doc));
  p.min_double = lo;
  p.max_double = hi;
  return p;
}

ParamSpec ParamSpec::Bool(std::string name, bool def, std::string doc) {
  return Declared(std::move(name), ParamType::kBool, def, std::move(doc));
}

ParamSpec ParamSpec::Choice(std::string name, std::string def, std::vector<std::string> choices,
                            std::string doc) {
  ParamSpec p = Declared(std::move(name), ParamType::kChoice, std::move(def), std::move(doc));
  p.choices = std::move(choices);
  return p;
}

ParamSpec ParamSpec::String(std::string name, std::string def, std::string doc) {
  return Declared(std::move(name), ParamType::kString, std::move(def), std::move(doc));
}

ParamSpec ParamSpec::Retired(ParamSpec old, std::string where) {
  SAVANNA_CHECK(!where.empty());
  old.retired_to = std::move(where);
  return old;
}

std::string ParamSpec::AllowedText() const {
  switch (type) {
    case ParamType::kInt:
      return "an integer from " + std::to_string(min_int) + " to " + std::to_string(max_int);
    case ParamType::kDouble:
      return "a number from " + FormatValue(min_double) + " to " + FormatValue(max_double);
    case ParamType::kBool:
      return "true or false";
    case ParamType::kChoice: {
      std::string s = "one of ";
      for (size_t i = 0; i < choices.size(); ++i) s += (i ? ", " : "") + choices[i];
      return s;
    }
    case ParamType::kString:
      return "a text of letters, digits and _ - . / : ~ +";
  }
  return "?";
}

Json ParamSpec::ToJson() const {
  Json j;
  j["default"] = ValueToJson(default_value);
  j["description"] = description;
  switch (type) {
    case ParamType::kInt:
      j["type"] = "int";
      j["min"] = min_int;
      j["max"] = max_int;
      break;
    case ParamType::kDouble:
      j["type"] = "double";
      j["min"] = min_double;
      j["max"] = max_double;
      break;
    case ParamType::kBool:
      j["type"] = "bool";
      break;
    case ParamType::kChoice:
      j["type"] = "choice";
      j["choices"] = choices;
      break;
    case ParamType::kString:
      j["type"] = "string";
      break;
  }
  return j;
}

int64_t Params::Int(std::string_view name) const {
  auto it = values_.find(name);
  SAVANNA_CHECK_MSG(it != values_.end() && std::holds_alternative<int64_t>(it->second),
                    std::string(name));
  return std::get<int64_t>(it->second);
}

double Params::Double(std::string_view name) const {
  auto it = values_.find(name);
  SAVANNA_CHECK_MSG(it != values_.end() && std::holds_alternative<double>(it->second),
                    std::string(name));
  return std::get<double>(it->second);
}

bool Params::Bool(std::string_view name) const {
  auto it = values_.find(name);
  SAVANNA_CHECK_MSG(it != values_.end() && std::holds_alternative<bool>(it->second),
                    std::string(name));
  return std::get<bool>(it->second);
}

const std::string& Params::Choice(std::string_view name) const {
  auto it = values_.find(name);
  SAVANNA_CHECK_MSG(it != values_.end() && std::holds_alternative<std::string>(it->second),
                    std::string(name));
  return std::get<std::string>(it->second);
}

Json Params::ToJson() const {
  Json j = Json::object();
  for (const auto& [name, value] : values_) j[name] = ValueToJson(value);
  return j;
}

Result<Spec> ParseSpec(std::string_view text) {
  std::string_view s = Trim(text);
  Spec spec;
  size_t i = 0;
  while (i < s.size() && IsNameChar(s[i])) ++i;
  spec.name = std::string(s.substr(0, i));
  if (spec.name.empty())
    return Fail(ErrorCode::kParseError,
                "spec " + QuoteForMessage(text, kQuotedSpecChars) + ": expected a name");
  std::string_view rest = Trim(s.substr(i));
  if (rest.empty()) return spec;
  if (rest.front() != '(' || rest.back() != ')')
    return Fail(ErrorCode::kParseError, "spec " + QuoteForMessage(text, kQuotedSpecChars) +
                                            ": expected name(key=value,...) after the name");
  std::string_view body = Trim(rest.substr(1, rest.size() - 2));
  if (body.empty()) return spec;
  while (true) {
    size_t comma = body.find(',');
    std::string_view item = Trim(body.substr(0, comma));
    size_t eq = item.find('=');
    if (eq == std::string_view::npos)
      return Fail(ErrorCode::kParseError, "spec " + QuoteForMessage(text, kQuotedSpecChars) + ": " +
                                              QuoteForMessage(item) + " is not key=value");
    std::string_view key = Trim(item.substr(0, eq));
    std::string_view value = Trim(item.substr(eq + 1));
    bool key_ok = !key.empty(), value_ok = !value.empty();
    for (char c : key) key_ok = key_ok && IsNameChar(c);
    for (char c : value) value_ok = value_ok && IsValueChar(c);
    if (!key_ok || !value_ok)
      return Fail(ErrorCode::kParseError, "spec " + QuoteForMessage(text, kQuotedSpecChars) + ": " +
                                              QuoteForMessage(item) + " is not key=value");
    spec.args.emplace_back(std::string(key), std::string(value));
    if (comma == std::string_view::npos) break;
    body = body.substr(comma + 1);
  }
  return spec;
}

Result<Params> ResolveParams(const std::vector<ParamSpec>& specs, const Spec& spec) {
  return ResolveRaw(specs, spec.name, spec.args);
}

Result<Params> ResolveParamsJson(const std::vector<ParamSpec>& specs, std::string_view owner,
                                 const Json& params) {
  if (!params.is_object())
    return Fail(ErrorCode::kBadData, std::string(owner) + ": params must be a JSON object");
  std::vector<std::pair<std::string, std::string>> args;
  for (const auto& [key, value] : params.items()) {
    std::string text;
    if (value.is_string()) {
      text = value.get<std::string>();
    } else if (value.is_number_integer() || value.is_boolean()) {
      text = value.dump();
    } else if (value.is_number()) {
      text = FormatValue(value.get<double>());
    } else {
      return Fail(ErrorCode::kBadData,
                  std::string(owner) + ": parameter '" + key + "' has a value of the wrong type");
    }
    args.emplace_back(key, std::move(text));
  }
  return ResolveRaw(specs, owner, args);
}

std::string FormatSpec(std::string_view name, const Params& params) {
  std::string s(name);
  if (params.values().empty()) return s;
  s += '(';
  bool first = true;
  for (const auto& [key, value] : params.values()) {
    if (const auto* text = std::get_if<std::string>(&value); text && text->empty()) continue;
    s += (first ? "" : ",") + key + "=" + FormatValue(value);
    first = false;
  }
  return s + ')';
}

}  // namespace savanna
