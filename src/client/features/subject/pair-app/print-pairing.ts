// Prints the QR code with the token details on a page of its own: a new window holds only what a participant
// needs, so the portal's layout never ends up on paper. Texts are escaped; the SVG comes from lib/qr.
import type { ClientPairInfoDTO } from '../../../../common/dto';
import { pairQrSvg } from './pair-qr-code';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function printPairing(title: string, info: ClientPairInfoDTO, rows: [string, string][]): void {
  const win = window.open('', '_blank', 'width=600,height=800');
  if (!win) return;
  const details = rows.map(([label, value]) => `<dt>${escape(label)}</dt><dd>${escape(value)}</dd>`).join('');
  win.document.write(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title>` +
      '<style>body{font-family:sans-serif;text-align:center}dl{text-align:left;display:inline-block}dt{font-weight:bold}dd{margin:0 0 .5em}</style>' +
      `</head><body><h1>${escape(title)}</h1>${pairQrSvg(info.tokenUrl)}<dl>${details}</dl></body></html>`,
  );
  win.document.close();
  win.focus();
  win.print();
}
