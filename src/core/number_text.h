// Numbers as text, the same on every platform the engine is built for.
#pragma once

#include <string>

namespace savanna {

// The shortest text that reads back as exactly `value`, as std::to_chars(first, last, value)
// writes it: fixed or scientific notation, whichever is shorter (fixed on a tie; a whole number
// in fixed notation with all its digits, 1e+20 as 100000000000000000000), "inf", "nan".
// Built from printf's correctly rounded digits, because not every standard library has
// std::to_chars for doubles (Emscripten 3.1.6's libc++ has not: docs/static.md); a test checks
// it against std::to_chars where that exists. Assumes the "C" locale, as the programs run.
std::string ShortestDouble(double value);

}  // namespace savanna
