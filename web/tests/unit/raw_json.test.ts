// The source text of a field of each element of a JSON array (src/local/raw_json.ts): numbers
// JavaScript cannot hold come back digit for digit, strings with brackets, quotes and escapes
// do not confuse the scan, and elements without the field (or not objects) give undefined.
import { describe, expect, test } from 'vitest';
import { rawFields } from '../../src/local/raw_json.ts';

describe('rawFields', () => {
  test('gives each element the text of its field, as written', () => {
    const record = '{"seed": 18446744073709551557, "actions": [{"player": 0, "action": "play 2 \\"zebra\\" ]}"}], "x": -1.5e3}';
    const text = ` [ {"to":"store","table":"a","record": ${record} } , {"to":"busy","busy":true}, 7, "s", {"record":"text, with ] and }"},{"record":null}]`;
    expect(rawFields(text, 'record')).toEqual([record, undefined, undefined, undefined, '"text, with ] and }"', 'null']);
    expect(JSON.parse(text)).toHaveLength(6);
  });

  test('an empty array has no fields; what is not an array is refused', () => {
    expect(rawFields('[]', 'record')).toEqual([]);
    expect(() => rawFields('{"record":1}', 'record')).toThrow('not an array');
  });

  test('agrees with JSON.parse on the values it can hold', () => {
    const outputs = [{ record: { a: [1, { b: 'c\\"]' }], d: 'é\u2028' } }, { other: 1, record: [true, false, null] }, { to: 'x' }];
    const raw = rawFields(JSON.stringify(outputs), 'record');
    expect(raw.map((r) => (r === undefined ? undefined : JSON.parse(r)))).toEqual(outputs.map((o) => o.record));
  });
});
