// Describing a game's data once (a small reflection of our own). A game writes one function
//
//   template <class V, class D> void Describe(V& v, D& d, const Config& c) {
//     v.Int("current", d.current, 0, c.players - 1);
//     v.List("deck", d.deck_size, c.total_cards, [&](auto& e, int i) {
//       e.Int("", d.deck[i], 1, c.animals); });
//     ...
//   }
//
// naming every field of its state data with its JSON key, its extent and its bounds. The
// visitors below derive from it the JSON writer (ToJson), the validating reader (errors name
// the field by its path, "last.player" or "hands[2][0]"), the hash and equality. Key "" stands
// for the node itself (an array element). Object keys are written in any order: Json sorts them.
// Cross-field rules (every card in one place) stay the game's own check after reading.
//
// Values with names: Enum (a fixed list of names) and Named (names from a function, e.g. "jeep 3"
// or a seat number or "kali"); Null (a key that is null, e.g. a card only some events have);
// Bits (a bit mask as the ascending list of its set bits); Tally (counts per code as the list of
// codes, each repeated as often as counted).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/hash.h"
#include "core/json_io.h"
#include "core/result.h"
#include "core/rng.h"

namespace savanna::describe {

// A name given by a Named description: text (a string_view or C string; empty: no value), or any
// JSON value (null: no value). Text compares without building a Json.
inline Json NameJson(std::string_view name) {
  return name.empty() ? Json() : Json(std::string(name));
}
inline Json NameJson(const char* name) { return NameJson(std::string_view(name)); }
inline Json NameJson(Json name) { return name; }
inline bool NameIs(const Json& j, std::string_view name) {
  return !name.empty() && j.is_string() && j.get_ref<const std::string&>() == name;
}
inline bool NameIs(const Json& j, const char* name) { return NameIs(j, std::string_view(name)); }
inline bool NameIs(const Json& j, const Json& name) { return !name.is_null() && j == name; }

// ToJson: writes the described fields into `out`.
class JsonWriter {
 public:
  explicit JsonWriter(Json& out) : out_(&out) {}

  template <class T>
  void Int(std::string_view key, const T& value, int64_t, int64_t) {
    At(key) = value;
  }
  void Bool(std::string_view key, const bool& value) { At(key) = value; }
  template <class E, size_t N>
  void Enum(std::string_view key, const E& value, const std::array<const char*, N>& names) {
    At(key) = names[size_t(value)];
  }
  // name_of(code) names a code in [0, n) (see NameJson), or gives an empty name for no value.
  template <class T, class NameOf>
  void Named(std::string_view key, const T& value, int, NameOf&& name_of) {
    At(key) = NameJson(name_of(int(value)));
  }
  void Null(std::string_view key) { At(key) = nullptr; }
  template <class M>
  void Bits(std::string_view key, const M& mask, int) {
    Json list = Json::array();
    for (M m = mask; m != 0; m &= M(m - 1)) list.push_back(std::countr_zero(m));
    At(key) = std::move(list);
  }
  // counts[code] for codes [0, n); element(v, code) describes one code under key "".
  template <class Counts, class F>
  void Tally(std::string_view key, const Counts& counts, int n, int, F&& element) {
    Json list = Json::array();
    for (int code = 0; code < n; ++code)
      for (int k = 0; k < int(counts[size_t(code)]); ++k) {
        Json e;
        JsonWriter sub(e);
        auto value = std::remove_cvref_t<decltype(counts[0])>(code);
        element(sub, value);
        list.push_back(std::move(e));
      }
    At(key) = std::move(list);
  }
  void Random(std::string_view key, const Rng& rng) { At(key) = RngToJson(rng); }
  template <class F>
  void Object(std::string_view key, F&& fields) {
    Json object = Json::object();
    JsonWriter sub(object);
    fields(sub);
    At(key) = std::move(object);
  }
  // An array of `n` elements; element(v, i) describes element i under key "".
  template <class F>
  void Array(std::string_view key, int n, F&& element) {
    Json array = Json::array();
    for (int i = 0; i < n; ++i) {
      Json e;
      JsonWriter sub(e);
      element(sub, i);
      array.push_back(std::move(e));
    }
    At(key) = std::move(array);
  }
  // A variable-length array whose length is the field `size` (at most `max`).
  template <class N, class F>
  void List(std::string_view key, const N& size, int max, F&& element) {
    (void)max;
    Array(key, int(size), element);
  }

 private:
  Json& At(std::string_view key) { return key.empty() ? *out_ : (*out_)[std::string(key)]; }
  Json* out_;
};

// The validating reader: fills the described fields from `in`, checking each against its
// bounds; the first failure is kept (error()) and ends the reading.
class JsonReader {
 public:
  JsonReader(const Json& in, std::string path) : in_(&in), path_(std::move(path)) {}

  template <class T>
  void Int(std::string_view key, T& value, int64_t lo, int64_t hi) {
    const Json* j = Find(key);
    if (!j) return;
    if (!j->is_number_integer() || j->get<int64_t>() < lo || j->get<int64_t>() > hi)
      return Fail(key,
                  "must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
    value = T(j->get<int64_t>());
  }
  void Bool(std::string_view key, bool& value) {
    const Json* j = Find(key);
    if (!j) return;
    if (!j->is_boolean()) return Fail(key, "must be true or false");
    value = j->get<bool>();
  }
  template <class E, size_t N>
  void Enum(std::string_view key, E& value, const std::array<const char*, N>& names) {
    Named(key, value, int(N), [&](int i) { return names[size_t(i)]; });
  }
  template <class T, class NameOf>
  void Named(std::string_view key, T& value, int n, NameOf&& name_of) {
    const Json* j = Find(key);
    if (!j) return;
    for (int i = 0; i < n; ++i)
      if (NameIs(*j, name_of(i))) {
        value = T(i);
        return;
      }
    std::vector<std::string> names;
    for (int i = 0; i < n; ++i)
      if (const Json name = NameJson(name_of(i)); !name.is_null())
        names.push_back(name.is_string() ? name.get<std::string>() : name.dump());
    std::string list;
    const size_t shown = names.size() <= kNamesListed ? names.size() : 1;
    for (size_t i = 0; i < shown; ++i) list += (i ? ", " : "") + names[i];
    const std::string got = j->is_string() ? j->get<std::string>() : j->dump();
    Fail(key, (shown == names.size() ? "must be one of " + list
                                     : "must be a value such as '" + list + "'") +
                  ", not " + got);
  }
  void Null(std::string_view key) {
    const Json* j = Find(key);
    if (j && !j->is_null()) Fail(key, "must be null here");
  }
  template <class M>
  void Bits(std::string_view key, M& mask, int n) {
    mask = 0;
    const Json* j = Find(key);
    if (!j) return;
    if (!j->is_array()) return Fail(key, "must be an array");
    for (size_t i = 0; i < j->size(); ++i) {
      const Json& e = (*j)[i];
      if (!e.is_number_integer() || e.get<int64_t>() < 0 || e.get<int64_t>() >= n)
        return Fail(std::string(key) + "[" + std::to_string(i) + "]",
                    "must be an integer from 0 to " + std::to_string(n - 1));
      const M bit = M(M(1) << e.get<int>());
      if (mask & bit) return Fail(key, "lists " + e.dump() + " twice");
      mask = M(mask | bit);
    }
  }
  template <class Counts, class F>
  void Tally(std::string_view key, Counts& counts, int n, int max, F&& element) {
    for (int code = 0; code < n; ++code) counts[size_t(code)] = 0;
    const Json* j = Find(key);
    if (!j) return;
    if (!j->is_array()) return Fail(key, "must be an array");
    if (int(j->size()) > max)
      return Fail(key, "holds more than " + std::to_string(max) + " entries");
    Elements(key, *j, [&](JsonReader& sub, int) {
      auto code = std::remove_cvref_t<decltype(counts[0])>(0);
      element(sub, code);
      if (sub.ok()) ++counts[size_t(code)];
    });
  }
  void Random(std::string_view key, Rng& rng) {
    const Json* j = Find(key);
    if (!j) return;
    auto read = RngFromJson(*j);
    if (!read) return SetError(read.error());
    rng = *read;
  }
  template <class F>
  void Object(std::string_view key, F&& fields) {
    const Json* j = Find(key);
    if (!j) return;
    if (!j->is_object()) return Fail(key, "must be an object");
    JsonReader sub(*j, Path(key));
    fields(sub);
    if (sub.error_) SetError(*sub.error_);
  }
  template <class F>
  void Array(std::string_view key, int n, F&& element) {
    const Json* j = Find(key);
    if (!j) return;
    if (!j->is_array() || int(j->size()) != n)
      return Fail(key, "must be an array of " + std::to_string(n) + " entries");
    Elements(key, *j, element);
  }
  template <class N, class F>
  void List(std::string_view key, N& size, int max, F&& element) {
    const Json* j = Find(key);
    if (!j) return;
    if (!j->is_array()) return Fail(key, "must be an array");
    if (int(j->size()) > max)
      return Fail(key, "holds more than " + std::to_string(max) + " entries");
    size = N(j->size());
    Elements(key, *j, element);
  }
  bool ok() const { return !error_; }
  const Error& error() const { return *error_; }

 private:
  static constexpr size_t kNamesListed = 12;  // a longer list of names is shown by one example

  std::string Path(std::string_view key) const {
    if (key.empty()) return path_;
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  }
  // The node under `key` ("": this node), or null after recording why there is none.
  const Json* Find(std::string_view key) {
    if (error_) return nullptr;
    if (key.empty()) return in_;
    if (!in_->is_object()) {
      Fail("", "must be an object");
      return nullptr;
    }
    auto it = in_->find(std::string(key));
    if (it == in_->end()) {
      SetError(Error{ErrorCode::kBadData, "missing field '" + Path(key) + "'"});
      return nullptr;
    }
    return &*it;
  }
  template <class F>
  void Elements(std::string_view key, const Json& array, F&& element) {
    for (int i = 0; i < int(array.size()) && !error_; ++i) {
      JsonReader sub(array[size_t(i)], Path(key) + "[" + std::to_string(i) + "]");
      element(sub, i);
      if (sub.error_) SetError(*sub.error_);
    }
  }
  void Fail(std::string_view key, const std::string& why) {
    const std::string path = Path(key);
    SetError(Error{ErrorCode::kBadData,
                   (path.empty() ? std::string("the state") : "field '" + path + "'") + " " + why});
  }
  void SetError(const Error& e) {
    if (!error_) error_ = e;
  }

  const Json* in_;
  std::string path_;
  std::optional<Error> error_;
};

// Every described value in order, as one stream of integers fed to `sink.Add(uint64_t)` (a
// Hasher, or a list for equality).
template <class Sink>
class Flattener {
 public:
  explicit Flattener(Sink& out) : out_(&out) {}

  template <class T>
  void Int(std::string_view, const T& value, int64_t, int64_t) {
    out_->Add(uint64_t(int64_t(value)));
  }
  void Bool(std::string_view, const bool& value) { out_->Add(value); }
  template <class E, size_t N>
  void Enum(std::string_view, const E& value, const std::array<const char*, N>&) {
    out_->Add(uint64_t(value));
  }
  template <class T, class NameOf>
  void Named(std::string_view, const T& value, int, NameOf&&) {
    out_->Add(uint64_t(value));
  }
  void Null(std::string_view) {}
  template <class M>
  void Bits(std::string_view, const M& mask, int) {
    out_->Add(uint64_t(mask));
  }
  template <class Counts, class F>
  void Tally(std::string_view, const Counts& counts, int n, int, F&&) {
    for (int code = 0; code < n; ++code) out_->Add(uint64_t(counts[size_t(code)]));
  }
  void Random(std::string_view, const Rng& rng) {
    for (uint64_t w : rng.words()) out_->Add(w);
  }
  template <class F>
  void Object(std::string_view, F&& fields) {
    fields(*this);
  }
  template <class F>
  void Array(std::string_view, int n, F&& element) {
    out_->Add(uint64_t(n));
    for (int i = 0; i < n; ++i) element(*this, i);
  }
  template <class N, class F>
  void List(std::string_view key, const N& size, int, F&& element) {
    Array(key, int(size), element);
  }

 private:
  Sink* out_;
};

struct ValueList {
  void Add(uint64_t value) { values.push_back(value); }
  std::vector<uint64_t> values;
};

// ---- Derived operations (D: the data type, C: the game's config) -------------------------------

// The JSON of one part of a description (a hand, the events), which `describe_part(writer)`
// writes under key "": for views that show that part alone.
template <class F>
Json PartToJson(F&& describe_part) {
  Json j;
  JsonWriter w(j);
  describe_part(w);
  return j;
}

template <class D, class C>
Json ToJson(const D& d, const C& config) {
  Json j = Json::object();
  JsonWriter w(j);
  Describe(w, d, config);
  return j;
}

// Reads every described field; errors name the field. `d` starts from its defaults.
template <class D, class C>
Result<D> FromJson(const Json& json, const C& config) {
  if (!json.is_object())
    return savanna::Fail(ErrorCode::kBadData, "the state must be a JSON object");
  D d;
  JsonReader r(json, "");
  Describe(r, d, config);
  if (!r.ok()) return tl::unexpected(r.error());
  return d;
}

// The hash of every described field (the RNG included); allocation-free.
template <class D, class C>
uint64_t Hash(const D& d, const C& config) {
  Hasher h;
  Flattener<Hasher> f(h);
  Describe(f, d, config);
  return h.Finish();
}

// True when every described field is equal (bytes outside the description do not count).
template <class D, class C>
bool Equal(const D& a, const D& b, const C& config) {
  ValueList va, vb;
  Flattener<ValueList> fa(va), fb(vb);
  Describe(fa, a, config);
  Describe(fb, b, config);
  return va.values == vb.values;
}

}  // namespace savanna::describe
