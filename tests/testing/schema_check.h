// The JSON Schemas of schemas/ held against what the engine writes, field by field, both ways:
// `Check` validates a value (a view, a structured action) against a schema and records which
// parts of the schema it reached; after many values, `Unreached` lists what the schema describes
// that no value ever showed: a field no view has, an optional field every view has, an enum value,
// a type or a branch never seen, an array that was always empty. A schema that passes both
// describes exactly what the views hold, so nobody keeps it honest by hand.
// Supports the draft-07 keywords schemas/ uses ($ref, type, const, enum, properties, required,
// additionalProperties, items, minItems, maxItems, minimum, maximum, minLength, pattern (anchors,
// characters and classes, each repeated by *, + or ?), anyOf, oneOf; title, description, $schema
// and definitions are notes) and refuses any other keyword or pattern, so a schema cannot say more
// than this checker reads.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/json_io.h"
#include "core/result.h"

namespace savanna::testing {

// What the values checked so far reached of one SchemaSet's schemas, per schema node: whether a
// value was checked against it (and passed, inside an anyOf or oneOf branch), which of its
// properties some object lacked, and which of its enum values, listed types and branches a
// value took.
struct SchemaCoverage {
  struct Marks {
    bool reached = false;
    std::vector<bool> absent;    // per property, in the node's order
    std::vector<bool> types;     // per type of a list of types
    std::vector<bool> values;    // per enum value
    std::vector<bool> branches;  // per anyOf or oneOf branch
  };
  std::vector<Marks> nodes;  // by node number
};

class SchemaSet {
 public:
  // Every *.json file of `dir`, by file name ("kariba.json").
  static Result<SchemaSet> Load(const std::string& dir);
  explicit SchemaSet(std::map<std::string, Json> files);
  ~SchemaSet();
  SchemaSet(SchemaSet&&) noexcept;

  bool Has(const std::string& file) const { return files_.count(file) > 0; }
  std::vector<std::string> Files() const;

  // The problems of `value` against the schema at `ref` ("kariba.json#/definitions/view"), each
  // naming the value's path ("/players/0/hand") and the rule it breaks, or the schema's own fault
  // (an unknown keyword, a reference to nothing); none when it is valid. Adds what the value
  // reached to `coverage`.
  std::vector<std::string> Check(const std::string& ref, const Json& value,
                                 SchemaCoverage& coverage) const;

  // What the schema at `ref` describes that nothing in `coverage` reached, and the parts of it
  // that let values through unchecked (an object without `additionalProperties: false`, an array
  // without `items`), each line starting with the schema location. Follows references into
  // other files.
  std::vector<std::string> Unreached(const std::string& ref, const SchemaCoverage& coverage) const;

 private:
  struct Node;
  struct Walk;
  int Compile(const std::string& location);

  std::map<std::string, Json> files_;
  std::vector<Node> nodes_;
  std::map<std::string, int> numbers_;  // location -> node number
};

}  // namespace savanna::testing
