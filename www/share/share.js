// Shared links: `#pdn=<base64url(deflate-raw(UTF-8 PDN))>&game=<1-based>&ply=<n>` (address.js
// reads and writes the hash; www/reader/payload.js packs and unpacks the payload, since the
// reading worker unpacks links and reader/ imports nothing of share/).
// The whole file travels in the fragment, so it never reaches a server log and needs no server.
// The hash helpers are pure so the link format can be unit tested.

export { packText, unpackText } from '../reader/payload.js';

// The link's hash is read and written by address.js (with the rest of the address); these names
// stay here for the callers that know the link format by this module.
export { buildShareHash, buildShareUrl, parseShareHash } from './address.js';
