// Typed parameters and the spec syntax shared by games and agents:
// `kariba(players=3,variant=open)`. A ParamSpec declares one parameter (type, default, allowed
// values); ResolveParams checks a parsed spec against the declarations, fills in defaults and names
// any bad parameter.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/result.h"

namespace savanna {

using Json = nlohmann::json;

enum class ParamType { kInt, kDouble, kBool, kChoice, kString };

using ParamValue = std::variant<int64_t, double, bool, std::string>;

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::kInt;
  ParamValue default_value;
  std::string description;
  int64_t min_int = 0, max_int = 0;       // kInt: the allowed range, inclusive
  double min_double = 0, max_double = 0;  // kDouble: the allowed range, inclusive
  std::vector<std::string> choices;       // kChoice: the allowed values
  // A retired parameter (Retired): where it lives now; empty for a parameter in use.
  std::string retired_to;

  static ParamSpec Int(std::string name, int64_t def, int64_t lo, int64_t hi, std::string doc);
  static ParamSpec Double(std::string name, double def, double lo, double hi, std::string doc);
  static ParamSpec Bool(std::string name, bool def, std::string doc);
  static ParamSpec Choice(std::string name, std::string def, std::vector<std::string> choices,
                          std::string doc);
  // Free text such as a file path (letters, digits and _ - . / : ~ +). An empty value means
  // "not given"; the canonical spec leaves such a parameter out.
  static ParamSpec String(std::string name, std::string def, std::string doc);
  // A parameter taken out of use that old specs still name (records, stored tables): `old`, its
  // declaration, whose default is its neutral value (the one that changed nothing). A spec may give
  // it only at that value, which resolves to nothing (the resolved Params leave it out, so
  // FormatSpec no longer prints it); any other value is refused with an error that names it and
  // `where` it lives now ("the tag search-experiments-2026-11"). Listings (help, `--json`,
  // catalogues) leave it out: AgentInfos() lists only the Listed() parameters.
  static ParamSpec Retired(ParamSpec old, std::string where);
  // Whether help texts and catalogues list this parameter (false once retired).
  bool Listed() const { return retired_to.empty(); }

  // "an integer from 2 to 4", "one of standard, open", ...: used in error messages and help.
  std::string AllowedText() const;
  // {"type", "default", "description", and "min"/"max" or "choices"} for `games --json`.
  Json ToJson() const;
};

// Resolved parameter values, one per declared parameter.
class Params {
 public:
  int64_t Int(std::string_view name) const;
  double Double(std::string_view name) const;
  bool Bool(std::string_view name) const;
  const std::string& Choice(std::string_view name) const;
  const std::string& String(std::string_view name) const { return Choice(name); }
  bool Has(std::string_view name) const { return values_.find(name) != values_.end(); }

  void Set(const std::string& name, ParamValue value) { values_[name] = std::move(value); }
  const std::map<std::string, ParamValue, std::less<>>& values() const { return values_; }

  Json ToJson() const;
  bool operator==(const Params&) const = default;

 private:
  std::map<std::string, ParamValue, std::less<>> values_;
};

// A parsed spec: a name and the raw `key=value` arguments in the order written.
struct Spec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> args;
};

// Parses `name`, `name()` or `name(k=v,k=v)`; whitespace around tokens is ignored. Names are
// letters, digits and _ - .; values may also hold / : ~ + (file paths).
Result<Spec> ParseSpec(std::string_view text);

// Checks the arguments against the declarations: unknown names, repeated names, wrong types,
// out-of-range values and a retired parameter at any other value than its neutral one are errors
// that name the parameter and the allowed values.
Result<Params> ResolveParams(const std::vector<ParamSpec>& specs, const Spec& spec);

// The same from a JSON object ({"players": 3, "variant": "open"}), e.g. from a state document.
Result<Params> ResolveParamsJson(const std::vector<ParamSpec>& specs, std::string_view owner,
                                 const Json& params);

// The canonical spec text listing every parameter: `kariba(animals=8,players=3,...)`. A string
// parameter whose value is empty is left out (it reads back as its empty default).
std::string FormatSpec(std::string_view name, const Params& params);

}  // namespace savanna
