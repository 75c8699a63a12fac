// Secrets of the server, all from libsodium (a vetted library, not code of our own): seat and
// creator tokens, table ids and game seeds from its CSPRNG, the SHA-256 digest under which
// tokens are stored, and comparison in constant time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace savanna::server {

// Bytes of randomness in a seat token (256 bits), written as 64 lowercase hex digits.
inline constexpr int kTokenBytes = 32;

// Initialises libsodium; aborts when it cannot (a server without a CSPRNG must not hand out
// tokens). Safe to call many times and from several threads; the functions below call it.
void InitSecrets();

// `bytes` random bytes as lowercase hex.
std::string RandomHex(int bytes);
// A 64-bit seed for a new game: deals must not be guessable.
uint64_t RandomSeed();

// SHA-256 of `data` as 64 lowercase hex digits (what the database stores for a token).
std::string Sha256Hex(std::string_view data);

// Compares two strings in time that depends only on their lengths.
bool ConstantTimeEquals(std::string_view a, std::string_view b);

// True when `token`'s digest is `stored_digest` (a Sha256Hex; "" never matches), compared in
// constant time.
bool TokenMatches(std::string_view token, std::string_view stored_digest);

}  // namespace savanna::server
