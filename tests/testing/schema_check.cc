#include "testing/schema_check.h"

#include <algorithm>
#include <bitset>
#include <filesystem>
#include <optional>
#include <set>

namespace savanna::testing {
namespace {

// The keywords that only annotate; every other keyword the checker does not read is refused.
const std::set<std::string> kNotes = {"title", "description", "$schema", "definitions"};

std::string FileOf(const std::string& location) { return location.substr(0, location.find('#')); }

// A property name as a JSON pointer token.
std::string Token(const std::string& name) {
  std::string out;
  for (char c : name) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

std::string TypeOf(const Json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "boolean";
  if (v.is_number_integer()) return "integer";
  if (v.is_number()) return "number";
  if (v.is_string()) return "string";
  if (v.is_array()) return "array";
  return "object";
}

bool HasType(const Json& v, const std::string& type) {
  if (type == "number") return v.is_number();
  if (type == "integer") return v.is_number_integer();
  return TypeOf(v) == type;
}

// Characters, not bytes, as minLength counts them.
size_t Length(const std::string& utf8) {
  return size_t(std::count_if(utf8.begin(), utf8.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// Where a value lies in the value checked, built only when a problem is reported.
struct Path {
  const Path* parent;
  const std::string* name;  // a field, or null for an array index
  size_t index;

  std::string Text() const {
    std::string head = parent ? parent->Text() : "";
    if (!parent) return head;
    return head + "/" + (name ? *name : std::to_string(index));
  }
};

std::string Show(const Path& path) {
  const std::string text = path.Text();
  return text.empty() ? "/" : text;
}

}  // namespace

// The patterns the schemas use, read without std::regex (whose GCC 12 headers break the sanitizer
// build's -Werror): `^` and `$` anchors, literal characters and `[...]` classes with ranges, each
// optionally followed by `*`, `+` or `?`. Parse refuses anything else.
class SchemaPattern {
 public:
  static std::optional<SchemaPattern> Parse(const std::string& text) {
    SchemaPattern p;
    size_t i = 0;
    if (i < text.size() && text[i] == '^') p.start_ = true, ++i;
    while (i < text.size()) {
      const char c = text[i++];
      if (c == '$' && i == text.size()) {
        p.end_ = true;
        break;
      }
      Atom atom;
      if (c == '[') {
        if (i < text.size() && text[i] == '^') return std::nullopt;
        while (i < text.size() && text[i] != ']') {
          const auto from = static_cast<unsigned char>(text[i]);
          auto to = from;
          if (i + 2 < text.size() && text[i + 1] == '-' && text[i + 2] != ']') {
            to = static_cast<unsigned char>(text[i + 2]);
            i += 2;
          }
          for (unsigned ch = from; ch <= to; ++ch) atom.chars.set(ch);
          ++i;
        }
        if (i++ == text.size()) return std::nullopt;  // no closing bracket
      } else if (std::string_view(".()|{}\\*+?$^").find(c) != std::string_view::npos) {
        return std::nullopt;
      } else {
        atom.chars.set(static_cast<unsigned char>(c));
      }
      if (i < text.size() && std::string_view("*+?").find(text[i]) != std::string_view::npos)
        atom.repeat = text[i++];
      p.atoms_.push_back(atom);
    }
    return p;
  }

  bool Search(const std::string& s) const {
    for (size_t from = 0; from <= s.size(); ++from) {
      if (Match(s, from, 0)) return true;
      if (start_) break;
    }
    return false;
  }

 private:
  struct Atom {
    std::bitset<256> chars;
    char repeat = 0;  // 0, '*', '+' or '?'
  };

  bool Match(const std::string& s, size_t pos, size_t k) const {
    if (k == atoms_.size()) return !end_ || pos == s.size();
    const Atom& a = atoms_[k];
    const auto fits = [&](size_t at) {
      return at < s.size() && a.chars.test(static_cast<unsigned char>(s[at]));
    };
    size_t most = 0;
    const size_t limit = a.repeat == '*' || a.repeat == '+' ? s.size() - pos : 1;
    while (most < limit && fits(pos + most)) ++most;
    const size_t least = a.repeat == '*' || a.repeat == '?' ? 0 : 1;
    for (size_t n = most + 1; n-- > least;)
      if (Match(s, pos + n, k + 1)) return true;
    return false;
  }

  std::vector<Atom> atoms_;
  bool start_ = false, end_ = false;
};

// A schema node, read once: its keywords as the checks need them, its children by number.
struct SchemaSet::Node {
  std::string at;  // "kariba.json#/definitions/view"
  const Json* schema = nullptr;
  std::string fault;  // the schema's own fault here (nothing at the location, an unknown keyword)
  int ref = -1;
  std::vector<std::string> types;
  bool type_list = false;
  const Json* constant = nullptr;
  const Json* enumeration = nullptr;
  bool object = false;  // has "properties" or type "object"
  std::vector<std::pair<std::string, int>> properties;
  std::vector<std::string> required;
  enum class Extra { kUnsaid, kRefused, kAllowed, kChecked } extra = Extra::kUnsaid;
  int additional = -1;  // when kChecked
  bool array = false;   // type "array"
  int items = -1;
  std::string branch_keyword;  // "anyOf" or "oneOf"
  std::vector<int> branches;
  std::optional<Json> minimum, maximum;
  std::optional<size_t> min_items, max_items, min_length;
  std::optional<SchemaPattern> pattern;
  const Json* pattern_text = nullptr;
};

SchemaSet::SchemaSet(std::map<std::string, Json> files) : files_(std::move(files)) {
  for (const auto& [file, doc] : files_)
    if (doc.contains("definitions"))
      for (const auto& [name, definition] : doc["definitions"].items())
        Compile(file + "#/definitions/" + Token(name));
}

SchemaSet::~SchemaSet() = default;
SchemaSet::SchemaSet(SchemaSet&&) noexcept = default;

Result<SchemaSet> SchemaSet::Load(const std::string& dir) {
  std::map<std::string, Json> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".json") continue;
    auto doc = ReadJsonFile(entry.path().string());
    if (!doc) return tl::unexpected(doc.error());
    files[entry.path().filename().string()] = std::move(*doc);
  }
  if (ec) return Fail(ErrorCode::kIoError, dir + ": " + ec.message());
  return SchemaSet(std::move(files));
}

std::vector<std::string> SchemaSet::Files() const {
  std::vector<std::string> names;
  for (const auto& [name, doc] : files_) names.push_back(name);
  return names;
}

int SchemaSet::Compile(const std::string& location) {
  if (auto it = numbers_.find(location); it != numbers_.end()) return it->second;
  const int number = int(nodes_.size());
  numbers_[location] = number;
  nodes_.emplace_back();
  nodes_[number].at = location;
  const Json* schema = nullptr;
  if (auto file = files_.find(FileOf(location)); file != files_.end()) {
    try {
      const Json::json_pointer ptr(location.substr(location.find('#') + 1));
      if (file->second.contains(ptr)) schema = &file->second.at(ptr);
    } catch (const Json::exception&) {
    }
  }
  if (schema == nullptr || !schema->is_object()) {
    nodes_[number].fault = "the schema has nothing at " + location;
    return number;
  }
  // Children are compiled into locals first: compiling may grow nodes_.
  Node n = nodes_[number];
  n.schema = schema;
  for (const auto& [key, rule] : schema->items()) {
    if (kNotes.count(key) || key == "required" || key == "additionalProperties") continue;
    if (key == "$ref") {
      const std::string r = rule.get<std::string>();
      n.ref = Compile(r[0] == '#' ? FileOf(location) + r : r);
    } else if (key == "type") {
      n.type_list = rule.is_array();
      for (const auto& t : n.type_list ? rule : Json::array({rule})) n.types.push_back(t);
      n.object = n.object || (!n.type_list && n.types[0] == "object");
      n.array = !n.type_list && n.types[0] == "array";
    } else if (key == "const") {
      n.constant = &rule;
    } else if (key == "enum") {
      n.enumeration = &rule;
    } else if (key == "properties") {
      n.object = true;
      for (const auto& [name, sub] : rule.items())
        n.properties.emplace_back(name, Compile(location + "/properties/" + Token(name)));
    } else if (key == "items") {
      n.items = Compile(location + "/items");
    } else if (key == "anyOf" || key == "oneOf") {
      n.branch_keyword = key;
      for (size_t i = 0; i < rule.size(); ++i)
        n.branches.push_back(Compile(location + "/" + key + "/" + std::to_string(i)));
    } else if (key == "minimum") {
      n.minimum = rule;
    } else if (key == "maximum") {
      n.maximum = rule;
    } else if (key == "minItems") {
      n.min_items = rule.get<size_t>();
    } else if (key == "maxItems") {
      n.max_items = rule.get<size_t>();
    } else if (key == "minLength") {
      n.min_length = rule.get<size_t>();
    } else if (key == "pattern") {
      n.pattern = SchemaPattern::Parse(rule.get<std::string>());
      n.pattern_text = &rule;
      if (!n.pattern)
        n.fault = "the pattern " + rule.dump() + " at " + location + " is not one this check reads";
    } else {
      n.fault =
          "the schema's keyword '" + key + "' at " + location + " is not one this check reads";
    }
  }
  if (schema->contains("required"))
    for (const auto& name : (*schema)["required"]) n.required.push_back(name);
  if (schema->contains("additionalProperties")) {
    const Json& extra = (*schema)["additionalProperties"];
    if (extra.is_boolean()) {
      n.extra = extra.get<bool>() ? Node::Extra::kAllowed : Node::Extra::kRefused;
    } else {
      n.extra = Node::Extra::kChecked;
      n.additional = Compile(location + "/additionalProperties");
    }
  }
  nodes_[number] = std::move(n);
  return number;
}

// One value checked against one schema: its problems, and what it reached as a journal of marks
// (a branch's marks are dropped when the value fails the branch).
struct SchemaSet::Walk {
  struct Mark {
    int node;
    enum { kReached, kAbsent, kType, kValue, kBranch } kind;
    size_t index;
  };
  const std::vector<Node>& nodes;
  std::vector<std::string> problems;
  std::vector<Mark> marks;

  void Fail(const Path& path, const std::string& what) {
    problems.push_back(Show(path) + ": " + what);
  }

  void Check(int number, const Json& value, const Path& path) {
    const Node& n = nodes[size_t(number)];
    if (!n.fault.empty()) {
      Fail(path, n.fault);
      return;
    }
    marks.push_back({number, Mark::kReached, 0});
    if (n.ref >= 0) Check(n.ref, value, path);
    if (!n.types.empty()) {
      const auto it = std::find_if(n.types.begin(), n.types.end(),
                                   [&](const std::string& t) { return HasType(value, t); });
      if (it == n.types.end())
        Fail(path, value.dump() + (n.type_list ? " is none of the types " : " is not of type ") +
                       (n.type_list ? Json(n.types) : Json(n.types[0])).dump());
      else if (n.type_list)
        marks.push_back({number, Mark::kType, size_t(it - n.types.begin())});
    }
    if (n.constant && value != *n.constant)
      Fail(path, value.dump() + " is not " + n.constant->dump());
    if (n.enumeration) {
      const auto it = std::find(n.enumeration->begin(), n.enumeration->end(), value);
      if (it == n.enumeration->end())
        Fail(path, value.dump() + " is not one of " + n.enumeration->dump());
      else
        marks.push_back({number, Mark::kValue, size_t(it - n.enumeration->begin())});
    }
    if (value.is_object()) Object(number, n, value, path);
    if (value.is_array() && n.items >= 0)
      for (size_t i = 0; i < value.size(); ++i) Check(n.items, value[i], Path{&path, nullptr, i});
    if (!n.branches.empty()) Branches(number, n, value, path);
    Bounds(n, value, path);
  }

  void Object(int number, const Node& n, const Json& value, const Path& path) {
    for (size_t i = 0; i < n.properties.size(); ++i) {
      const auto& [name, sub] = n.properties[i];
      const auto it = value.find(name);
      if (it != value.end())
        Check(sub, *it, Path{&path, &name, 0});
      else
        marks.push_back({number, Mark::kAbsent, i});
    }
    for (const auto& name : n.required)
      if (!value.contains(name)) Fail(path, "the required field \"" + name + "\" is missing");
    if (n.extra != Node::Extra::kRefused && n.extra != Node::Extra::kChecked) return;
    for (const auto& [name, sub] : value.items()) {
      const bool named = std::any_of(n.properties.begin(), n.properties.end(),
                                     [&](const auto& p) { return p.first == name; });
      if (named) continue;
      if (n.extra == Node::Extra::kRefused)
        Fail(path, "the field '" + name + "' is not in the schema (" + n.at + ")");
      else
        Check(n.additional, sub, Path{&path, &name, 0});
    }
  }

  void Branches(int number, const Node& n, const Json& value, const Path& path) {
    int valid = 0;
    std::string why;
    for (size_t i = 0; i < n.branches.size(); ++i) {
      Walk branch{nodes, {}, {}};
      branch.Check(n.branches[i], value, path);
      if (branch.problems.empty()) {
        ++valid;
        marks.insert(marks.end(), branch.marks.begin(), branch.marks.end());
        marks.push_back({number, Mark::kBranch, i});
      } else if (why.empty()) {
        why = branch.problems.front();
      }
    }
    if (valid == 0)
      Fail(path,
           "matches no branch of " + n.branch_keyword + " at " + n.at + " (first: " + why + ")");
    if (n.branch_keyword == "oneOf" && valid > 1)
      Fail(path, "matches " + std::to_string(valid) + " branches of oneOf at " + n.at);
  }

  void Bounds(const Node& n, const Json& value, const Path& path) {
    if (value.is_number()) {
      if (n.minimum && value < *n.minimum)
        Fail(path, value.dump() + " is beyond the minimum " + n.minimum->dump());
      if (n.maximum && value > *n.maximum)
        Fail(path, value.dump() + " is beyond the maximum " + n.maximum->dump());
    }
    if (value.is_array()) {
      if (n.min_items && value.size() < *n.min_items)
        Fail(path, "an array of " + std::to_string(value.size()) + " entries is beyond the " +
                       "minItems " + std::to_string(*n.min_items));
      if (n.max_items && value.size() > *n.max_items)
        Fail(path, "an array of " + std::to_string(value.size()) + " entries is beyond the " +
                       "maxItems " + std::to_string(*n.max_items));
    }
    if (value.is_string()) {
      const std::string& s = value.get_ref<const std::string&>();
      if (n.min_length && Length(s) < *n.min_length)
        Fail(path, value.dump() + " is shorter than " + std::to_string(*n.min_length));
      if (n.pattern && !n.pattern->Search(s))
        Fail(path, value.dump() + " does not match " + n.pattern_text->dump());
    }
  }
};

std::vector<std::string> SchemaSet::Check(const std::string& ref, const Json& value,
                                          SchemaCoverage& coverage) const {
  const auto it = numbers_.find(ref);
  if (it == numbers_.end()) return {"/: the schema has no definition " + ref};
  Walk walk{nodes_, {}, {}};
  const Path root{nullptr, nullptr, 0};
  walk.Check(it->second, value, root);
  coverage.nodes.resize(nodes_.size());
  for (const auto& m : walk.marks) {
    auto& marks = coverage.nodes[size_t(m.node)];
    if (m.kind == Walk::Mark::kReached) {
      marks.reached = true;
      continue;
    }
    auto& list = m.kind == Walk::Mark::kAbsent  ? marks.absent
                 : m.kind == Walk::Mark::kType  ? marks.types
                 : m.kind == Walk::Mark::kValue ? marks.values
                                                : marks.branches;
    if (list.size() <= m.index) list.resize(m.index + 1);
    list[m.index] = true;
  }
  return walk.problems;
}

std::vector<std::string> SchemaSet::Unreached(const std::string& ref,
                                              const SchemaCoverage& coverage) const {
  std::vector<std::string> out;
  const auto it = numbers_.find(ref);
  if (it == numbers_.end()) return {ref + ": the schema has no such definition"};
  std::vector<bool> visited(nodes_.size());
  const auto marks = [&](int number) {
    static const SchemaCoverage::Marks kNone;
    return size_t(number) < coverage.nodes.size() ? coverage.nodes[size_t(number)] : kNone;
  };
  const auto flagged = [](const std::vector<bool>& list, size_t i) {
    return i < list.size() && list[i];
  };
  // Reports node `number` and what lies under it; nothing under a node no value reached.
  const auto report = [&](const auto& self, int number) -> void {
    if (visited[size_t(number)]) return;
    visited[size_t(number)] = true;
    const Node& n = nodes_[size_t(number)];
    if (!n.fault.empty()) return;  // Check has said so
    const auto& m = marks(number);
    if (!m.reached) {
      out.push_back(n.at + ": no value ever reached it");
      return;
    }
    if (n.ref >= 0) self(self, n.ref);
    if (n.type_list)
      for (size_t i = 0; i < n.types.size(); ++i)
        if (!flagged(m.types, i))
          out.push_back(n.at + ": never a value of type \"" + n.types[i] + "\"");
    if (n.enumeration)
      for (size_t i = 0; i < n.enumeration->size(); ++i)
        if (!flagged(m.values, i)) out.push_back(n.at + ": never " + (*n.enumeration)[i].dump());
    if (n.object && (n.extra == Node::Extra::kUnsaid || n.extra == Node::Extra::kAllowed))
      out.push_back(n.at + ": an object open to fields the schema does not name");
    for (size_t i = 0; i < n.properties.size(); ++i) {
      const auto& [name, sub] = n.properties[i];
      if (!marks(sub).reached) {
        out.push_back(n.at + ": no value has the field '" + name + "'");
        continue;
      }
      const bool required =
          std::find(n.required.begin(), n.required.end(), name) != n.required.end();
      if (!required && !flagged(m.absent, i))
        out.push_back(n.at + ": the optional field '" + name + "' is always there");
      self(self, sub);
    }
    if (n.extra == Node::Extra::kChecked && marks(n.additional).reached) self(self, n.additional);
    if (n.array && n.items < 0)
      out.push_back(n.at + ": an array whose entries the schema does not describe");
    if (n.items >= 0) {
      if (!marks(n.items).reached)
        out.push_back(n.at + ": the array was always empty");
      else
        self(self, n.items);
    }
    for (size_t i = 0; i < n.branches.size(); ++i) {
      if (!flagged(m.branches, i))
        out.push_back(nodes_[size_t(n.branches[i])].at + ": no value ever took this branch");
      else
        self(self, n.branches[i]);
    }
  };
  report(report, it->second);
  return out;
}

}  // namespace savanna::testing
