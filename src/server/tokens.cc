// The server's secrets through libsodium: randombytes_buf, crypto_hash_sha256, sodium_bin2hex
// and sodium_memcmp.
#include "server/tokens.h"

#include <sodium.h>

#include <vector>

#include "core/check.h"

namespace savanna::server {
namespace {

std::string Hex(const unsigned char* data, size_t size) {
  std::string hex(size * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), data, size);
  hex.pop_back();  // the terminating NUL
  return hex;
}

}  // namespace

void InitSecrets() { SAVANNA_CHECK_MSG(sodium_init() >= 0, "libsodium cannot be initialised"); }

std::string RandomHex(int bytes) {
  InitSecrets();
  std::vector<unsigned char> buffer(static_cast<size_t>(bytes));
  randombytes_buf(buffer.data(), buffer.size());
  return Hex(buffer.data(), buffer.size());
}

uint64_t RandomSeed() {
  InitSecrets();
  uint64_t seed = 0;
  randombytes_buf(&seed, sizeof seed);
  return seed;
}

std::string Sha256Hex(std::string_view data) {
  InitSecrets();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(data.data()), data.size());
  return Hex(digest, sizeof digest);
}

bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

bool TokenMatches(std::string_view token, std::string_view stored_digest) {
  if (stored_digest.empty()) return false;
  return ConstantTimeEquals(Sha256Hex(token), stored_digest);
}

}  // namespace savanna::server
