// Discover: the members list leads with large photos (the first one in view on a phone), finds a member by name,
// keeps the filters a member chose for their next visit, and draws flags as images; a member's page is laid out
// like the public private-match page. Desktop and phone, axe clean.
import { gotoApp, loginByApi, hydrated } from '../auth/helpers';
import { expect, test, withConsentGiven } from '../public/fixtures';
import { expectNoSeriousViolations, nameStamp, registerMember } from './helpers';

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });
    // each test signs up members and walks several pages: on this shared machine that outlasts the default
    test.slow();

    test('the list leads with photos and flags; a name search finds a member; the profile page', async ({
      page,
      baseURL,
    }, testInfo) => {
      await withConsentGiven(page, baseURL!);
      const stamp = nameStamp();
      const wanted = await registerMember(page, `Zinnia${stamp}${device}`, 'NG');
      const me = await registerMember(page, `Seeker${stamp}`);
      await loginByApi(page, me.email, me.password);

      await gotoApp(page, '/members');
      await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
      const first = page.getByRole('article').first();
      // the first member's photo (or their initial, without one) is on the first screen, not below the filters
      const photo = first.getByTestId('member-card-photo');
      await expect(photo).toBeInViewport();
      expect((await photo.boundingBox())!.height).toBeGreaterThan(200);
      // and the photos are photos, large: a seeded member's, loaded (members the other tests register have none and
      // can fill the first page; the seed puts members with photos in every country; the console's table test
      // registers its 85-year-olds in DE, kept out by the age)
      await gotoApp(page, '/members?country_code=DE&max_age=60');
      const seededPhoto = page.getByTestId('member-card-photo').locator('img').first();
      await expect(seededPhoto).toBeVisible();
      expect(await seededPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
      expect((await seededPhoto.boundingBox())!.width).toBeGreaterThan(250);
      // the flag is a drawing (an emoji flag is text, boxes on Linux), hidden from assistive technology: the card
      // writes the country's name beside it
      const flag = first.locator('[data-country-flag]');
      await expect(flag).toBeVisible();
      await expect(flag).toHaveAttribute('aria-hidden', 'true');
      expect((await flag.locator('svg').boundingBox())!.width).toBeGreaterThan(10);
      await page.screenshot({ path: testInfo.outputPath(`members-${device}.png`) });
      await expectNoSeriousViolations(page);

      // a name search, in any case, finds the one member
      await gotoApp(page, '/members');
      await page.getByRole('searchbox', { name: 'Name' }).fill(wanted.firstName.toLowerCase());
      await page.getByRole('searchbox', { name: 'Name' }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`name=${wanted.firstName.toLowerCase()}`));
      const card = page.getByRole('article', { name: new RegExp(`^${wanted.firstName}, \\d+$`) });
      await expect(card).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(card.getByText('Nigeria')).toBeVisible();
      await expect(card.locator('[data-country-flag="NG"]')).toBeVisible();
      await expect(
        card.getByRole('button', { name: `Ask a consultant to introduce me to ${wanted.firstName}` }),
      ).toBeVisible();
      await expect(card.getByText(/^Handle: [2-9A-Z]{6}$/)).toBeVisible();

      // the profile page: the private-match layout, named in the h1, the flag beside the country
      await card.getByRole('link', { name: new RegExp(`^${wanted.firstName}, \\d+$`) }).click();
      await expect(
        page.getByRole('heading', { name: new RegExp(`^${wanted.firstName}, \\d+$`), level: 1 }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'About me', level: 2 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Photos', level: 2 })).toBeVisible();
      await expect(page.getByRole('main').locator('[data-country-flag="NG"]')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send friend request' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`member-${device}.png`), fullPage: true });
      await expectNoSeriousViolations(page);
    });

    test('the filters chosen are kept for the next visit and survive a reload', async ({
      page,
      baseURL,
    }, testInfo) => {
      await withConsentGiven(page, baseURL!);
      const me = await registerMember(page, `Keeper${nameStamp()}`);
      await loginByApi(page, me.email, me.password);

      await gotoApp(page, '/members');
      await expect(page).toHaveURL(/\/members$/);
      await page.getByRole('button', { name: 'Filters' }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      await drawer.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Nigeria' });
      await drawer.getByRole('spinbutton', { name: 'Minimum age' }).fill('25');
      await page.screenshot({ path: testInfo.outputPath(`filters-${device}.png`) });
      await expectNoSeriousViolations(page);
      // ages out of order are refused in the drawer by the list's own schema, which the form loads as it is used
      await drawer.getByRole('spinbutton', { name: 'Maximum age' }).fill('21');
      await drawer.getByRole('button', { name: 'Show members' }).click();
      await expect(drawer.getByText('The minimum age cannot be above the maximum age')).toBeVisible();
      await expect(page).toHaveURL(/\/members$/);
      await drawer.getByRole('spinbutton', { name: 'Maximum age' }).fill('');
      await drawer.getByRole('button', { name: 'Show members' }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/country_code=NG/);
      await expect(page.getByTestId('filters-in-force')).toHaveText('Showing: Nigeria · 25+');
      await expect(page.getByRole('article').first()).toContainText('Nigeria');

      // a reload, and a later visit from the navigation with no filters in the address, open with them
      await page.reload();
      await hydrated(page);
      await expect(page.getByTestId('filters-in-force')).toHaveText('Showing: Nigeria · 25+');
      await gotoApp(page, '/account');
      await gotoApp(page, '/members');
      await expect(page).toHaveURL(/country_code=NG/);
      await expect(page).toHaveURL(/min_age=25/);
      await expect(page.getByRole('button', { name: 'Filters (2 on)' })).toBeVisible();
      await page.getByRole('button', { name: 'Filters (2 on)' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Filters' }).getByRole('spinbutton', { name: 'Minimum age' }),
      ).toHaveValue('25');

      // cleared, the list opens without them from then on
      await page
        .getByRole('dialog', { name: 'Filters' })
        .getByRole('button', { name: 'Clear filters' })
        .click();
      await expect(page.getByTestId('filters-in-force')).toHaveCount(0);
      await gotoApp(page, '/members');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page).toHaveURL(/\/members$/);
    });
  });
}
