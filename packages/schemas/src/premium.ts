// What Rhema Premium costs and buys: shown before a member writes an introduction request, and on the premium
// screen. The price is configured (PREMIUM_PRICE_MINOR and PREMIUM_PRICE_CURRENCY, apps/server/src/env.ts), in
// minor units (pence) so no rounding ever happens on the way; this is its default. No zod here: the web's route
// tree imports this file.

export interface PremiumPrice {
  /** in the currency's minor unit (pence for GBP) */
  amount_minor: number;
  /** ISO 4217, upper case */
  currency: string;
}

export const DEFAULT_PREMIUM_PRICE: PremiumPrice = { amount_minor: 4900, currency: 'GBP' };

/** "£49.00": formatted on the server (the web loads no currency formatting of its own). */
export function premiumPriceLabel(price: PremiumPrice): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: price.currency }).format(
    price.amount_minor / 100,
  );
}

/** What it buys, in the order the member reads it. */
export const PREMIUM_BENEFITS = [
  'Send a request for this introduction: our consultants present it to your match',
  'Your phone numbers are exchanged when your match accepts',
  'Message each other in Rhema once the introduction is accepted',
] as const;
