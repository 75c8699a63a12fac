// Little-endian binary writing and reading of whole numbers and doubles (bit patterns, so a
// double reads back to the bit), for simulation checkpoints. The reader never reads past its
// input: a short or corrupt input sets ok() to false and reads zeros.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace savanna {

class ByteWriter {
 public:
  void U64(uint64_t value) {
    for (int byte = 0; byte < 8; ++byte) out_.push_back(char(uint8_t(value >> (8 * byte))));
  }
  void I64(int64_t value) { U64(uint64_t(value)); }
  void F64(double value) { U64(std::bit_cast<uint64_t>(value)); }
  void Bytes(std::string_view bytes) {
    U64(bytes.size());
    out_.append(bytes);
  }
  const std::string& str() const { return out_; }

 private:
  std::string out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  uint64_t U64() {
    if (in_.size() - at_ < 8 || !ok_) return Failed();
    uint64_t value = 0;
    for (int byte = 0; byte < 8; ++byte) value |= uint64_t(uint8_t(in_[at_++])) << (8 * byte);
    return value;
  }
  int64_t I64() { return int64_t(U64()); }
  double F64() { return std::bit_cast<double>(U64()); }
  // A count that must be at most `max` (a vector's length, a number of entries).
  int64_t Count(int64_t max) {
    const uint64_t n = U64();
    if (n > uint64_t(max)) return int64_t(Failed());
    return int64_t(n);
  }
  std::string_view Bytes() {
    const uint64_t n = U64();
    if (!ok_ || n > in_.size() - at_) return (Failed(), std::string_view());
    const std::string_view bytes = in_.substr(at_, n);
    at_ += n;
    return bytes;
  }
  bool ok() const { return ok_; }
  bool at_end() const { return at_ == in_.size(); }

 private:
  uint64_t Failed() {
    ok_ = false;
    return 0;
  }
  std::string_view in_;
  size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace savanna
