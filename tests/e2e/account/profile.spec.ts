import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { addPhoto, expectNoSeriousViolations, registerMember, signedInPage } from '../members/helpers';
import { gotoApp } from '../auth/helpers';

// A member edits their profile at /account/profile (the server's refusal shown on its field)
// and uploads a photo, which becomes their profile picture.

test('a member edits their profile and adds a photo', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  const member = await registerMember(page, 'Chiamaka', 'NG');
  const p = await signedInPage(browser, baseURL!, member);

  await gotoApp(p, '/account');
  await p.getByRole('link', { name: 'Edit my profile' }).click();
  await expect(p).toHaveURL(/\/account\/profile$/);
  await expect(p.getByRole('heading', { name: 'Edit my profile', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(p);

  await p.getByRole('textbox', { name: 'City' }).fill('Enugu');
  await p.getByRole('textbox', { name: 'State of origin' }).fill('Enugu State');
  await p.getByRole('textbox', { name: 'Occupation' }).fill('Pharmacist');
  await p.getByRole('spinbutton', { name: 'Height (cm)' }).fill('90');
  await p.getByRole('button', { name: 'Save my profile' }).click();
  // refused on its field, announced with it
  const height = p.getByRole('spinbutton', { name: 'Height (cm)' });
  await expect(height).toHaveAttribute('aria-invalid', 'true');
  await expect(p.getByText('Your height must be between 100 and 250 cm')).toBeVisible();

  await height.fill('168');
  await p.getByRole('button', { name: 'Save my profile' }).click();
  await expect(p.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();

  // a photo with a GPS position, uploaded through the file input
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a4b2d' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' } })
    .jpeg()
    .toBuffer();
  await addPhoto(p, photo);
  const img = p.getByRole('img', { name: 'Photo 1, your profile picture' });
  await expect(img).toBeVisible();
  const src = await img.getAttribute('src');
  const served = await p.request.get(src!);
  expect(served.status()).toBe(200);
  expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();

  // a file that is not a photo, whatever it is called, is refused with a clear message
  await p.locator('input[type="file"]').setInputFiles({
    name: 'notes.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('just some text'),
  });
  await expect(
    p.getByRole('alert').filter({ hasText: 'Please upload a JPEG, PNG or WebP photo.' }),
  ).toBeVisible();
  await expectNoSeriousViolations(p);

  // the profile as shown on /account carries the changes
  await gotoApp(p, '/account');
  await expect(p.getByText('Pharmacist')).toBeVisible();
});

// The form's schema is imported when the form is first focused, not with the page (decision 205): a save pressed
// while it is still coming waits for it, and the refusal is the form's own, made before anything is sent.
test('the profile form checks with its schema even when Save comes before the schema does', async ({
  browser,
  baseURL,
  page,
}) => {
  const member = await registerMember(page, 'Obiageli', 'NG');
  const p = await signedInPage(browser, baseURL!, member);
  const schemaLoads: string[] = [];
  const updates: string[] = [];
  p.on('request', (request) => {
    if (/\/assets\/profile-update-schema-[^/]*\.js$/.test(request.url())) schemaLoads.push(request.url());
    if (request.url().includes('/trpc/profile.update')) updates.push(request.url());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await p.route(/\/assets\/profile-update-schema-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await gotoApp(p, '/account/profile');
  await expect(p.getByRole('heading', { name: 'Edit my profile', level: 1 })).toBeVisible();
  expect(schemaLoads).toEqual([]);

  const height = p.getByRole('spinbutton', { name: 'Height (cm)' });
  await height.fill('90');
  await expect.poll(() => schemaLoads.length).toBe(1);
  await p.getByRole('button', { name: 'Save my profile' }).click();
  await expect(height).not.toHaveAttribute('aria-invalid', 'true');
  release();
  await expect(height).toHaveAttribute('aria-invalid', 'true');
  await expect(p.getByText('Your height must be between 100 and 250 cm')).toBeVisible();
  expect(updates).toEqual([]);
  await p.close();
});
