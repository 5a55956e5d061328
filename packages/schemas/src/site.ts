// The site's fixed links and year, apart from ./constants.ts so the web app's entry chunk (its
// footer) takes only these.
export const COPYRIGHT_YEAR = 2024;
export const INSTAGRAM_URL = 'https://www.instagram.com/rhemasingles/';
export const SUPPORT_URL = INSTAGRAM_URL;
export const STORE_LINKS = {
  android: 'https://play.google.com/store/apps/details?id=com.rhema.singles',
  ios: 'https://apps.apple.com/app/rhema-singles/id1600000000',
} as const;
