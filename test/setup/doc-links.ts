// The documentation's links, checked without the network: every relative link of a Markdown page must name a file of
// the repository, every `#anchor` a heading of the page it points at, and every `docs/<page>.md` named in the text
// must exist. Links to other sites (`https:`, `mailto:`) are not followed. Code blocks and code spans are not text.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface BrokenLink {
  /** The page, relative to the repository. */
  page: string;
  line: number;
  target: string;
  reason: string;
}

/** The page's text with fenced code blocks and code spans blanked out (line numbers kept). */
function proseOf(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const opener = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null;
      return '';
    }
    if (opener) {
      fence = opener[1];
      return '';
    }
    return line.replace(/(`+)[^`]*?\1/g, '');
  });
}

/**
 * GitHub's anchor of a heading: its text without markup, lower case, punctuation other than `-` and `_` dropped,
 * each space a `-`; a repeated anchor gets `-1`, `-2`, ... in order.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opener = /^\s*(```+|~~~+)/.exec(line);
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null;
      continue;
    }
    if (opener) {
      fence = opener[1];
      continue;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text stays
      .replace(/[`*]/g, '');
    const base = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const LINK = /!?\[(?:[^\]]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const DOCS_MENTION = /(?<![\w/.-])docs\/[\w-]+\.md\b/g;

/** The broken links of `pages` (paths relative to `root`). */
export function brokenLinks(root: string, pages: readonly string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let found = anchorsOf.get(file);
    if (!found) anchorsOf.set(file, (found = headingAnchors(readFileSync(file, 'utf8'))));
    return found;
  };
  for (const page of pages) {
    const file = join(root, page);
    const prose = proseOf(readFileSync(file, 'utf8'));
    prose.forEach((text, index) => {
      const line = index + 1;
      for (const match of text.matchAll(LINK)) {
        const target = match[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // another site, mail
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const linked = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
        if (!linked.startsWith(root) || !existsSync(linked)) {
          broken.push({ page, line, target, reason: `no file ${relative(root, linked)}` });
          continue;
        }
        if (anchor === undefined) continue;
        if (!statSync(linked).isFile() || !linked.endsWith('.md')) {
          broken.push({ page, line, target, reason: 'an anchor into something that is not a Markdown page' });
        } else if (!anchors(linked).has(decodeURIComponent(anchor))) {
          broken.push({ page, line, target, reason: `no heading #${anchor} in ${relative(root, linked)}` });
        }
      }
      for (const match of text.replace(LINK, '').matchAll(DOCS_MENTION)) {
        if (!existsSync(join(root, match[0]))) broken.push({ page, line, target: match[0], reason: 'no such page' });
      }
    });
  }
  return broken;
}
