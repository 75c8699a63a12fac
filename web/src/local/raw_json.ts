// The source text of one field of each element of a JSON array, as it was written. The worker
// stores the engine's records by their text: a record's seed is a 64-bit integer, which
// JSON.parse would round to a double (another seed, another game), so a record never goes
// through a JavaScript number. The text must be valid JSON (the engine's output is; the caller
// parses it too).

function skipSpace(text: string, i: number): number {
  while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  return i;
}

// The end (exclusive) of the string literal that starts at `i` (a quote).
function stringEnd(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  throw new Error('unterminated string');
}

// The end (exclusive) of the value that starts at `i`.
function valueEnd(text: string, i: number): number {
  if (text[i] === '"') return stringEnd(text, i);
  if (text[i] === '{' || text[i] === '[') {
    let depth = 0;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '"') i = stringEnd(text, i) - 1;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    throw new Error('unterminated value');
  }
  while (i < text.length && !',}] \t\n\r'.includes(text[i])) i++;
  return i;
}

// For each element of the array `text`, the source of its top-level `field`, or undefined (the
// element is not an object, or has no such field).
export function rawFields(text: string, field: string): (string | undefined)[] {
  const found: (string | undefined)[] = [];
  let i = skipSpace(text, 0);
  if (text[i] !== '[') throw new Error('not an array');
  i = skipSpace(text, i + 1);
  while (i < text.length && text[i] !== ']') {
    let raw: string | undefined;
    if (text[i] === '{') {
      i = skipSpace(text, i + 1);
      while (text[i] !== '}') {
        const keyEnd = stringEnd(text, i);
        const key = JSON.parse(text.slice(i, keyEnd)) as string;
        i = skipSpace(text, skipSpace(text, keyEnd) + 1); // past the colon
        const end = valueEnd(text, i);
        if (key === field) raw = text.slice(i, end);
        i = skipSpace(text, end);
        if (text[i] === ',') i = skipSpace(text, i + 1);
      }
      i++;
    } else i = valueEnd(text, i);
    found.push(raw);
    i = skipSpace(text, i);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return found;
}
