import { useMemo } from 'react';
import { qrSvgPath } from './qr.ts';

/** A QR code as inline SVG (dark modules on white, with the quiet zone), labelled for assistive technology. */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { path, extent } = useMemo(() => qrSvgPath(text), [text]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${extent} ${extent}`} shapeRendering="crispEdges" className="rounded-lg ring-1 ring-slate-200">
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
