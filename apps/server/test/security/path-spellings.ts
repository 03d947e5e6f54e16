import fc from 'fast-check';

/**
 * Other spellings of one request path, as an attacker writes them to walk around a check that
 * reads the URL string (docs/decisions/029-decisions-by-the-matched-route.md). Some reach the same
 * route (percent-encoded letters, a trailing slash), others reach none: either way the answer to a
 * caller who may not call the route must never be a success.
 */
export type Spelling = { name: string; path: string };

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Each letter of a segment percent-encoded, in lower- or upper-case hex. */
const encodeLetters = (segment: string, upperHex: boolean) =>
  segment.replace(/[a-z]/gi, (char) => (upperHex ? hex(char).toUpperCase() : hex(char)));

/** `path` is an origin-form path (`/api/users/1`), with no query string. */
export function spellingsOf(path: string): Spelling[] {
  const segments = path.split('/').slice(1);
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const spellings: Spelling[] = [];
  segments.forEach((segment, index) => {
    if (!/[a-z]/i.test(segment)) return;
    const firstLetter = segment.search(/[a-z]/i);
    const oneLetter = segment.slice(0, firstLetter) + hex(segment[firstLetter]!) + segment.slice(firstLetter + 1);
    spellings.push({ name: `segment ${index} one letter encoded`, path: join(segments.map((item, i) => (i === index ? oneLetter : item))) });
    spellings.push({
      name: `segment ${index} all letters encoded (upper-case hex)`,
      path: join(segments.map((item, i) => (i === index ? encodeLetters(item, true) : item))),
    });
    spellings.push({ name: `segment ${index} upper case`, path: join(segments.map((item, i) => (i === index ? item.toUpperCase() : item))) });
  });
  spellings.push(
    { name: 'every letter encoded', path: join(segments.map((item) => encodeLetters(item, false))) },
    { name: 'upper case', path: path.toUpperCase() },
    { name: 'leading //', path: `/${path}` },
    { name: '// after /api', path: path.replace(/^\/api\//, '/api//') },
    { name: 'leading /./', path: `/.${path}` },
    { name: '/./ after /api', path: path.replace(/^\/api\//, '/api/./') },
    { name: 'leading /%2e/', path: `/%2e${path}` },
    { name: '/%2E/ after /api', path: path.replace(/^\/api\//, '/api/%2E/') },
    { name: 'dot-dot back into the path', path: path.replace(/^\/api\//, '/api/x/../') },
    { name: 'encoded dot-dot back into the path', path: path.replace(/^\/api\//, '/api/x/%2e%2e/') },
    { name: 'trailing slash', path: `${path}/` },
    { name: 'encoded slash after /api', path: path.replace(/^\/api\//, '/api%2f') },
    { name: 'matrix parameter', path: `${path};x=1` },
  );
  return spellings;
}

/** Absolute-form request targets (RFC 9112 3.2.2) of `path`, sent as they are on a raw socket. */
export function absoluteTargetsOf(path: string, host: string): Spelling[] {
  return [
    { name: 'absolute-form', path: `http://${host}${path}` },
    { name: 'absolute-form, other host', path: `http://example.test${path}` },
    { name: 'absolute-form, upper-case scheme and encoded letter', path: `HTTP://${host}${spellingsOf(path)[0]?.path ?? path}` },
  ];
}

/** One spelling of `path`, for the fuzzer. */
export const spelledPathArb = (path: string): fc.Arbitrary<Spelling> => fc.constantFrom(...spellingsOf(path));
