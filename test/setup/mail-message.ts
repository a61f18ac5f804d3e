// Just enough MIME to read what nodemailer sends: headers (with RFC 2047 encoded words), multipart bodies, and the
// quoted-printable / base64 transfer encodings, so tests can look at the subject, the text and the HTML of a mail.

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  from: string;
  /** The decoded text/plain part ('' if none). */
  text: string;
  /** The decoded text/html part ('' if none). */
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words in a header value. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function leaves(part: Part, out: Part[]): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    out.push(part);
    return;
  }
  const sections = part.body.split(`--${boundary}`).slice(1);
  for (const section of sections) {
    if (section.startsWith('--')) break;
    leaves(splitPart(section.replace(/^\n/, '')), out);
  }
}

export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const parts: Part[] = [];
  leaves(top, parts);
  const ofType = (t: string) => parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(t));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  return {
    headers: top.headers,
    subject: decodeWords(top.headers.get('subject') ?? ''),
    from: decodeWords(top.headers.get('from') ?? ''),
    text: text ? decodeBody(text).replace(/\n$/, '') : '',
    html: html ? decodeBody(html) : '',
  };
}
