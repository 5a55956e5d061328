import { create } from 'qrcode';

// Only the event page (/events/$eventId, its own chunk) draws a ticket: the QR encoder (~9 KB gzip) loads with that
// page, never with the entry or the events list.

/** The quiet zone the QR standard asks around the symbol, in modules. */
const MARGIN = 4;

/**
 * A QR code of `text` drawn as one SVG path (dark modules on white, whatever the colour scheme, so a scanner
 * reads it in dark mode too). The text itself is shown beside it by the caller: this image only repeats it.
 */
export function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (modules.data[row * n + col]) path += `M${col + MARGIN} ${row + MARGIN}h1v1h-1z`;
    }
  }
  const extent = n + 2 * MARGIN;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      data-testid="ticket-qr"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
