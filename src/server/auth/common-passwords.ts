// Common and breached passwords (ASVS 2.1.7; docs/users.md, "Passwords"; issue #34): a new password is refused when
// it is, or is built on, one of the 30,000 most common passwords of Mark Burnett's corpus of 10 million passwords
// from public breaches, which he released into the public domain. The list is the `passwords` frequency list of
// zxcvbn 4.4.2 (Dropbox, MIT licence; `lib/frequency_lists.js`), one per line, gzip-compressed beside this file
// (130 KB, 240 KB unpacked); nothing is fetched at run time.
//
// "Built on" is how people make a listed password pass composition rules: capitals, a digit and a symbol added at
// the ends, letters swapped for look-alikes. So besides the password itself (lower-cased) its core is looked up: the
// password with the digits and symbols at its ends cut off (`Password1!` -> `password`), and both again with
// look-alikes read back (`P@ssw0rd` -> `password`). A core is looked up only from 4 characters on, so a short word
// inside a long password does not refuse it. Repeats are refused too, as no list holds them all: a password of
// fewer than 4 different characters (`aaaaaaa1!`), or whose core is one letter repeated.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const LIST_FILE = new URL('./common-passwords.txt.gz', import.meta.url);
const MIN_CORE = 4;
const LOOK_ALIKES: Record<string, string> = { '@': 'a', '4': 'a', '8': 'b', '3': 'e', '6': 'g', '1': 'i', '!': 'i', '0': 'o', '$': 's', '5': 's', '7': 't', '+': 't', '2': 'z' };

let list: Set<string> | undefined;

/** The list, read once (about 20 ms) on first use. */
function commonPasswords(): Set<string> {
  list ??= new Set(gunzipSync(readFileSync(LIST_FILE)).toString('utf8').split('\n').filter(Boolean));
  return list;
}

const readBack = (text: string) => text.replace(/[@483610!$57+2]/g, (c) => LOOK_ALIKES[c]);
/** Without the digits, symbols and spaces at its ends. */
const coreOf = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** The password is common, built on a common one, or a repeat (see the file comment). */
export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  if (new Set(lower).size < 4) return true;
  const listed = commonPasswords();
  const whole = [lower, readBack(lower)];
  const cores = [coreOf(lower), coreOf(readBack(lower))].filter((core) => [...core].length >= MIN_CORE);
  if (cores.some((core) => new Set(core).size === 1)) return true;
  return [...whole, ...cores].some((candidate) => listed.has(candidate));
}

/** Warms the list, so the first password change does not pay for reading it. */
export function loadCommonPasswords(): number {
  return commonPasswords().size;
}
