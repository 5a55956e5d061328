/** The XSRF-TOKEN cookie the server sets (readable on purpose); echoed as X-XSRF-TOKEN on non-GET calls. */
export function readXsrfToken(): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='));
  return match ? decodeURIComponent(match.slice('XSRF-TOKEN='.length)) : undefined;
}
