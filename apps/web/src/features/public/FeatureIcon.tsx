import classes from './FeatureIcon.module.css';

// Simple line drawings (our own), stroked with the current colour.
const PATHS = {
  communities: [
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
    'M2.5 20v-1a5.5 5.5 0 0 1 5.5-5.5h2a5.5 5.5 0 0 1 5.5 5.5v1',
    'M16 4.3a3.5 3.5 0 0 1 0 6.4',
    'M18 13.7a5.5 5.5 0 0 1 3.5 5.3v1',
  ],
  matchmaking: ['M12 20s-7-4.4-9-8.8A4.8 4.8 0 0 1 12 7.4a4.8 4.8 0 0 1 9 3.8c-2 4.4-9 8.8-9 8.8z'],
  verified: ['M12 3l8 3v6c0 4.8-3.4 8-8 9-4.6-1-8-4.2-8-9V6z', 'M8.5 12l2.5 2.5 4.5-4.5'],
  meetups: [
    'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z',
    'M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  ],
  video: [
    'M3 7.5A1.5 1.5 0 0 1 4.5 6h9A1.5 1.5 0 0 1 15 7.5v9a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 3 16.5z',
    'M15 10.5l6-3.5v10l-6-3.5',
  ],
  free: [
    'M4 11h16v9H4z',
    'M2.5 7h19v4h-19z',
    'M12 7v13',
    'M12 7S9.5 3 7.5 4.5 9 7 12 7zm0 0s2.5-4 4.5-2.5S15 7 12 7z',
  ],
  calendar: ['M4 6h16v14H4z', 'M4 10h16', 'M8 3v5', 'M16 3v5'],
  tv: ['M3 7h18v12H3z', 'M8 3l4 4 4-4'],
  training: ['M3 9l9-5 9 5-9 5z', 'M7 11.5V16c0 1.5 2.2 3 5 3s5-1.5 5-3v-4.5', 'M21 9v6'],
  phone: ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z'],
  chat: ['M4 5h16v11H9l-5 4z', 'M8 9.5h8', 'M8 12.5h5'],
  search: ['M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z', 'M15.5 15.5L21 21'],
  handshake: [
    'M12 20s-7-4.4-9-8.8A4.8 4.8 0 0 1 12 7.4a4.8 4.8 0 0 1 9 3.8c-2 4.4-9 8.8-9 8.8z',
    'M8.5 12.5l2.5 2.5 4.5-4.5',
  ],
} as const;

export type FeatureIconName = keyof typeof PATHS;

export function FeatureIcon({ name, size = 48 }: { name: FeatureIconName; size?: number }) {
  return (
    <span className={classes.icon} style={{ width: size, height: size }} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width={size * 0.58}
        height={size * 0.58}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {PATHS[name].map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
