// The QR code of a pairing token URL (size 400, error correction M), drawn as SVG by lib/qr and shown
// as an image, so it scales on small screens and prints as it is.
import { useMemo, type ReactNode } from 'react';
import { qrToSvg } from '../../../lib/qr';

export const PAIR_QR_SIZE = 400;

export const pairQrSvg = (url: string) => qrToSvg(url, { size: PAIR_QR_SIZE, ecLevel: 'M' });

export function PairQrCode({ url, alt }: { url: string; alt: string }): ReactNode {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(pairQrSvg(url))}`, [url]);
  return <img className="pair-app__qr" src={src} alt={alt} width={PAIR_QR_SIZE} height={PAIR_QR_SIZE} data-token-url={url} />;
}
