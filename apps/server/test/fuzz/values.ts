import fc from 'fast-check';
import { SAMPLE_FILES } from '../multipart';

/**
 * Hostile values: what the fuzzer puts in bodies, params, query strings, file parts and raw
 * requests, beside what the routes' schemas generate (schemas.ts).
 */

export const SQL_ISH = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '1; DROP TABLE casos; --',
  "'); DELETE FROM historial; --",
  "' UNION ALL SELECT username, password FROM usuarios --",
  '1 AND pg_sleep(5)',
  '$$; SELECT 1; $$',
  '\\',
  "\\'",
  '"',
  '`',
  ';',
  '--',
  '/*',
];

const NASTY_STRINGS = [
  '',
  ' ',
  '   \t\n ',
  '%',
  '_',
  '%%',
  '%_%',
  '\\%',
  '[a-z]%',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(50),
  '\ud800',
  'a\udfffb',
  '\ufeff',
  '\u202e\u202d',
  '\u200b',
  '😀'.repeat(40),
  'ß'.repeat(30),
  'ﬁ'.repeat(30),
  'İ'.repeat(30),
  'ñÑáéíóúü',
  'Z̸̢̛a̷l̶g̴o̷',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x1F',
  '1e309',
  '1e-400',
  '9'.repeat(400),
  '-1',
  '1.005',
  ' 12 ',
  '12abc',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-01-01T00:00:00Z',
  '99:99',
  '23:59:60',
  '=HYPERLINK("http://evil")',
  '+5491155550000',
  '@SUM(A1)',
  'S/D',
  'a@b.c;;;',
  'x'.repeat(5000),
  'ñ'.repeat(20_000),
  ...SQL_ISH,
];

const NASTY_NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  0.1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  32_767,
  32_768,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 2000 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...SQL_ISH), fc.string({ maxLength: 10 })).map(([a, b]) => `${b}${a}`) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

const deepNesting = fc.integer({ min: 20, max: 300 }).map((depth) => {
  let value: unknown = 'fondo';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
});

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [1, 'a', null], { '': '' }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
);

/** Property names a schema does not have (prototype names included). */
export const unknownKey = fc.oneof(
  fc.constantFrom(
    'zz_intruso',
    'isAdmin',
    'rol',
    'id_estado_nuevo',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' ',
    'ñ',
    '\u0000',
  ),
  fc.string({ minLength: 1, maxLength: 12 }).map((key) => `zz_${key}`),
);

/** Percent-encodes what encodeURIComponent refuses (lone surrogates) instead of throwing. */
export function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

export const NASTY_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1f',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'abc',
  '%20',
  '%00',
  '1%00',
  '%25',
  '%',
  '%zz',
  '%E0%A4%A',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '..%2F..%2Fusers',
  "1'%20OR%20'1'%3D'1",
  '1%3Bselect%201',
  '%F0%9F%98%80',
  '1%0A',
  '%2B1',
  '%EF%BC%91',
  ';',
  '1;x=1',
];

/** Tails appended to a generated query string: empty pairs, bracket keys, prototype keys, repeats, bad escapes. */
export const RAW_QUERY_TAILS = [
  '',
  '',
  '',
  '&',
  '&%',
  '&=&',
  '&a[b]=c',
  '&__proto__[x]=1',
  '&constructor[prototype][x]=1',
  '&page=1&page=2',
  '&%zz=1',
  '&x=%E0%A4%A',
];

export const NASTY_FILE_NAMES = [
  '../../../etc/passwd.pdf',
  '..\\..\\x.pdf',
  '.pdf',
  'a'.repeat(300) + '.pdf',
  'CON.pdf',
  'foto.PNG',
  'foto.png.exe',
  'foto',
  'a\u0000b.pdf',
  'ñandú 😀.pdf',
  'x.pdf;.php',
  '%2e%2e%2fx.pdf',
  ' .pdf',
  'x.',
];
export const FILE_CONTENTS = [
  SAMPLE_FILES.pdf,
  SAMPLE_FILES.png,
  SAMPLE_FILES.jpg,
  Buffer.alloc(0),
  Buffer.from('MZ\x90\x00 ejecutable'),
  Buffer.from('<?php echo 1; ?>'),
  Buffer.alloc(5000, 0xff),
];

/** Bodies no schema describes: broken or hostile JSON, other content types, multipart the parser cannot read. */
export const RAW_BODIES: [contentType: string | undefined, body: string | Buffer][] = [
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', '[]'],
  ['application/json', 'null'],
  ['application/json', '"texto"'],
  ['application/json', '1e400'],
  ['application/json', ''],
  ['application/json', '{"__proto__":{"isAdmin":true,"rol":1}}'],
  ['application/json', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['application/json', `{"caso":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`],
  ['application/json', '\ufeff{}'],
  ['application/json', '{"id":1,"id":2}'],
  ['application/json', '{"id_compania":1e400,"flag":-0,"id":123456789012345678901234567890,"page":1e-400}'],
  ['application/json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['application/json; charset=utf-16', '{}'],
  ['application/json; charset=latin1', '{"a":"\u00f1"}'],
  ['text/plain', 'hola'],
  ['application/x-www-form-urlencoded', 'a=1&b=2&__proto__[x]=1'],
  ['application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
  ['multipart/form-data', '--x--'],
  ['multipart/form-data', 'hola'],
  ['multipart/form-data; boundary=', '--\r\n'],
  ['multipart/form-data; boundary=abc', 'basura sin partes'],
  [
    'multipart/form-data; boundary=abc',
    '--abc\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nFoto\r\n--abc\r\nContent-Disposition: form-data; name="uploadFiles"; filename="x.pdf"\r\n\r\n%PDF-1.4 cortado',
  ],
  [undefined, 'sin tipo'],
  ['application/octet-stream', Buffer.alloc(100, 0)],
  ['image/png', SAMPLE_FILES.png],
];

export const ODD_METHODS = ['OPTIONS', 'PUT', 'HEAD', 'DELETE', 'PATCH', 'POST', 'GET'];

/** Paths that no route spells as such: double slashes, dot segments, case, matrix params, traversal in a query. */
export const ODD_URLS = [
  '/api',
  '/api/',
  '/api//casos',
  '/api/casos/%2e%2e/users',
  '/api/./users',
  '/api/casos;x=1',
  '/api/CASOS',
  '/api/casos/1/../../users',
  '/api/%zz',
  '/api/documentacion/downloadfile?id=1&name=..%2F..%2Fetc%2Fpasswd',
  '/api/documentacion/downloadfile?id=1&name=%00',
];
