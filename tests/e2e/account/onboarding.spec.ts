// Starting well: a new member signs up, goes through the onboarding (a photo first, the main answers, a
// community, the consent explained), leaves it half-way and resumes where they were, and lands on /account with
// the completeness meter; and hiding a profile in Settings takes the member out of another member's /members.
import sharp from 'sharp';
import { gotoApp, readMail, uniqueEmail } from '../auth/helpers';
import { expect, test, withConsentGiven } from '../public/fixtures';
import {
  addPhoto,
  expectNoSeriousViolations,
  nameStamp,
  registerMember,
  signedInPage,
} from '../members/helpers';

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A photo of someone: a face near the top of a tall frame, as phones take them. */
function portrait() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="1200">
    <rect width="100%" height="100%" fill="#7f8488"/>
    <rect x="150" y="420" width="300" height="780" fill="#2b2f3a"/>
    <ellipse cx="300" cy="260" rx="110" ry="145" fill="#c68662"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a new member signs up, goes through the onboarding with a photo and lands on /account with the meter', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.setTimeout(150_000);
      const shot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.name}.png`), fullPage: true });
      await withConsentGiven(page, baseURL!);
      const firstName = `Onboard${nameStamp()}`;
      const email = uniqueEmail('onboarding');
      await gotoApp(page, '/auth/register');
      await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
      await page.getByRole('textbox', { name: 'Last name' }).fill('Mensah');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password' }).fill('a long unusual passphrase');
      await page.getByRole('radio', { name: 'Female' }).check();
      await page.getByLabel('Date of birth').fill('1990-02-11');
      await page.getByRole('combobox', { name: 'Country of residence' }).click();
      await page.getByRole('option', { name: 'Ghana' }).click();
      await page.getByRole('textbox', { name: 'Phone number' }).fill('+233201234567');
      await page.getByRole('button', { name: 'Continue' }).click();
      const mail = await readMail(email, /sign-up code/);
      await page.getByRole('textbox', { name: 'Code' }).fill(/\b(\d{6})\b/.exec(mail.text)![1]!);
      await page.getByRole('button', { name: 'Create account' }).click();

      // the onboarding, photos first
      await expect(page).toHaveURL(/\/account\/welcome$/);
      await expect(
        page.getByRole('heading', { name: `Welcome to Rhema, ${firstName}`, level: 1 }),
      ).toBeVisible();
      await expect(page.getByText('Step 1 of 4')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Add your photos' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add photo' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await addPhoto(page, await portrait());
      const photo = page.getByRole('img', { name: 'Photo 1, your profile picture' });
      await expect(photo).toBeVisible();
      // cut to the portrait frame on the server
      const served = await page.request.get((await photo.getAttribute('src'))!);
      const meta = await sharp(await served.body()).metadata();
      expect(meta.width! / meta.height!).toBeCloseTo(0.8, 2);
      await shot('onboarding-photos');
      await page.getByRole('button', { name: 'Next' }).click();

      // the main answers, picked from lists where the question has choices
      await expect(page.getByRole('heading', { name: 'About you' })).toBeFocused();
      await page.getByRole('textbox', { name: 'City' }).fill('Accra');
      await page.getByRole('spinbutton', { name: 'Height (cm)' }).fill('168');
      await page.getByRole('textbox', { name: 'Occupation' }).fill('Civil engineer');
      for (const [question, answer] of [
        ['Education', "Master's degree"],
        ['Looking for', 'Marriage'],
        ['Would like children', 'Open to it'],
      ] as const) {
        await page.getByRole('combobox', { name: question }).selectOption(answer);
      }
      // core values are checkboxes drawn as chips: a tap on the word ticks it
      for (const value of ['Honesty', 'Family']) {
        await page.locator('label', { hasText: new RegExp(`^${value}$`) }).click();
        await expect(page.getByRole('checkbox', { name: value })).toBeChecked();
      }
      await expectNoSeriousViolations(page);
      await shot('onboarding-answers');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      // saved, said where the eye is: a notification over the page
      await expect(page.getByText('Your profile has been saved.')).toBeVisible();

      // communities; the step is kept on the server, so leaving and coming back resumes here
      await expect(page.getByRole('heading', { name: 'Join communities' })).toBeVisible();
      await expect(page.getByText('Step 3 of 4')).toBeVisible();
      await gotoApp(page, '/account/welcome');
      await expect(page.getByRole('heading', { name: 'Join communities' })).toBeVisible();
      const first = page.getByRole('button', { name: /^Join / }).first();
      const community = ((await first.getAttribute('aria-label')) ?? '').replace(/^Join /, '');
      await first.click();
      await expect(page.getByRole('button', { name: `Leave ${community}` })).toBeVisible();
      await expectNoSeriousViolations(page);
      await shot('onboarding-communities');
      await page.getByRole('button', { name: 'Next' }).click();

      // the consent, explained, and left to the member
      await expect(
        page.getByRole('heading', { name: 'Faith, ethnicity and tribe', level: 2 }).first(),
      ).toBeVisible();
      await expect(page.getByText('It is entirely your choice')).toBeVisible();
      await expectNoSeriousViolations(page);
      await shot('onboarding-consent');
      await page.getByRole('button', { name: 'Finish' }).click();

      // /account with the meter: everything but the citizenships is there
      await expect(page).toHaveURL(/\/account$/);
      const meter = page.getByRole('region', { name: 'Your profile is 86% complete' });
      await expect(meter).toBeVisible();
      await expect(meter.getByRole('link', { name: 'Add your citizenships' })).toBeVisible();
      await expect(meter.getByRole('link', { name: 'Continue setting up your profile' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: new RegExp(`^${firstName}, \\d+$`) })).toBeVisible();
      await expectNoSeriousViolations(page);
      await shot('account-meter');
    });

    test('hiding the profile in Settings removes the member from another member’s /members', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(120_000);
      const hiddenName = `Hidden${nameStamp()}`;
      const hider = await registerMember(page, hiddenName, 'GH');
      const looker = await registerMember(page, `Looker${nameStamp()}`, 'GH');
      const ph = await signedInPage(browser, baseURL!, hider);
      const pl = await signedInPage(browser, baseURL!, looker);
      await ph.setViewportSize({ width: viewport.width, height: viewport.height });
      await pl.setViewportSize({ width: viewport.width, height: viewport.height });
      const card = pl.getByRole('link', { name: new RegExp(`^${hiddenName}, \\d+$`) });

      await gotoApp(pl, '/members?country_code=GH');
      await expect(card).toBeVisible();
      const profileUrl = await card.getAttribute('href');

      await gotoApp(ph, '/account?tab=settings');
      await expect(ph.getByRole('radio', { name: /^Visible/ })).toBeChecked();
      await expectNoSeriousViolations(ph);
      await ph.getByRole('radio', { name: /^Hidden/ }).check();
      await ph.getByRole('button', { name: 'Save visibility' }).click();
      await expect(ph.getByText('Your profile is now hidden.')).toBeVisible();
      await ph.screenshot({ path: testInfo.outputPath(`settings-hidden-${viewport.name}.png`) });

      await gotoApp(pl, '/members?country_code=GH');
      await expect(pl.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(card).toHaveCount(0);
      // the profile itself answers as an unknown member would
      await gotoApp(pl, profileUrl!);
      await expect(pl.getByText('We could not find that member.')).toBeVisible();

      // visible again: back in the list
      await ph.getByRole('radio', { name: /^Visible/ }).check();
      await ph.getByRole('button', { name: 'Save visibility' }).click();
      await expect(ph.getByText('Your profile is now visible.')).toBeVisible();
      await gotoApp(pl, '/members?country_code=GH');
      await expect(card).toBeVisible();
    });
  });
}
