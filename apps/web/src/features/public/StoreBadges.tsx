import { Group } from '@mantine/core';
import { STORE_LINKS } from '@rhema/schemas';
import classes from './StoreBadges.module.css';

export type StorePlatform = 'android' | 'ios';

const BADGES: Record<StorePlatform, { href: string; small: string; big: string; icon: string }> = {
  android: {
    href: STORE_LINKS.android,
    small: 'Get it on',
    big: 'Google Play',
    // a plain "play" triangle: our own drawing, not the store's trademark
    icon: 'M7 4.5v15l13-7.5z',
  },
  ios: {
    href: STORE_LINKS.ios,
    small: 'Download on the',
    big: 'App Store',
    icon: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm0 3v13h8V5zm3 14.5h2v1h-2z',
  },
};

/** The Android and iOS store links, as badges. */
export function StoreBadges({
  platforms = ['android', 'ios'],
  justify,
}: {
  platforms?: readonly StorePlatform[];
  justify?: 'flex-start' | 'center';
}) {
  return (
    <Group gap="sm" justify={justify}>
      {platforms.map((platform) => {
        const badge = BADGES[platform];
        return (
          <a
            key={platform}
            href={badge.href}
            className={classes.badge}
            target="_blank"
            rel="noopener noreferrer"
            data-store={platform}
          >
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
              <path d={badge.icon} fill="currentColor" fillRule="evenodd" />
            </svg>
            <span className={classes.text}>
              <span className={classes.small}>{badge.small}</span>{' '}
              <span className={classes.big}>{badge.big}</span>
              <span className={classes.srOnly}> (opens in a new tab)</span>
            </span>
          </a>
        );
      })}
    </Group>
  );
}
