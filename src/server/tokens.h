// Secrets of the server: seat tokens and table ids from the operating system's CSPRNG
// (getrandom), and the SHA-256 digest under which tokens are stored.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace savanna::server {

// Bytes of randomness in a seat token (256 bits), written as 64 lowercase hex digits.
inline constexpr int kTokenBytes = 32;

// `bytes` random bytes from getrandom(2), as lowercase hex. Aborts if the OS cannot supply them
// (a server without a CSPRNG must not hand out tokens).
std::string RandomHex(int bytes);
// A 64-bit seed for a new game, from the CSPRNG: deals must not be guessable.
uint64_t RandomSeed();

// SHA-256 of `data` as 64 lowercase hex digits (FIPS 180-4).
std::string Sha256Hex(std::string_view data);

// Compares two strings in time that depends only on their lengths.
bool ConstantTimeEquals(std::string_view a, std::string_view b);

}  // namespace savanna::server
