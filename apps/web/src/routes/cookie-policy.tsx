import { Button, Card, Group, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PolicyPage, type PolicySection } from '../features/public/PolicyPage';
import tableClasses from '../features/public/PolicyPage.module.css';
import { CONSENT_COOKIE_DAYS, COOKIE_TABLE, type CookieRow } from '../lib/consent-config';
import { openCookiePreferences } from '../lib/consent';
import { AnchorLink } from '../lib/links';

export const Route = createFileRoute('/cookie-policy')({
  head: () => ({
    meta: [
      { title: 'Cookie Policy · Rhema' },
      {
        name: 'description',
        content:
          'Which cookies Rhema uses, why, and for how long. Analytics cookies are only set after you agree, and you can change your choice at any time.',
      },
    ],
  }),
  component: CookiePolicyPage,
});

function CookieTable({ caption, rows }: { caption: string; rows: readonly CookieRow[] }) {
  return (
    <div className={tableClasses.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className={tableClasses.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Cookie</th>
            <th scope="col">Set by</th>
            <th scope="col">Expires</th>
            <th scope="col">Purpose</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>{row.name}</td>
              <td>{row.domain}</td>
              <td>{row.expiration}</td>
              <td>{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SECTIONS: PolicySection[] = [
  {
    id: 'what-are-cookies',
    title: 'What cookies are',
    body: (
      <p>
        Cookies are small text files a website stores in your browser. Some are needed for the site to work;
        others help us understand how it is used. Under UK law (PECR) we may set non-essential cookies only
        with your consent, so Rhema sets none until you choose.
      </p>
    ),
  },
  {
    id: 'necessary',
    title: 'Strictly necessary cookies',
    body: (
      <>
        <p>
          These are always on because the site cannot work without them. Your cookie choice itself is kept in
          the cc_cookie cookie for {CONSENT_COOKIE_DAYS} days, for the whole site (path /), sent only to this
          site (SameSite=Lax) and only over secure connections.
        </p>
        <CookieTable caption="Strictly necessary cookies" rows={COOKIE_TABLE.necessary} />
      </>
    ),
  },
  {
    id: 'analytics',
    title: 'Analytics cookies',
    body: (
      <>
        <p>
          With your consent we load Google Tag Manager, which runs Google Analytics. It tells us how many
          people visit, which pages they read and where they get stuck, in aggregate. Until you accept, the
          tag is not even downloaded. If you later reject analytics, we delete the _ga cookies straight away.
        </p>
        <CookieTable caption="Analytics cookies" rows={COOKIE_TABLE.analytics} />
      </>
    ),
  },
  {
    id: 'your-choice',
    title: 'Changing your choice',
    body: (
      <p>
        Use the Cookie settings button on this page at any time. You can also delete cookies in your browser
        settings; we will then ask again on your next visit. When we change this policy in a way that matters,
        we ask again too.
      </p>
    ),
  },
  {
    id: 'more',
    title: 'More information',
    body: (
      <p>
        Read how we handle personal data in our{' '}
        <AnchorLink underline="always" to="/privacy">
          Privacy Policy
        </AnchorLink>
        . For questions about cookies,{' '}
        <AnchorLink underline="always" to="/support">
          contact our support team
        </AnchorLink>
        .
      </p>
    ),
  },
];

function CookiePolicyPage() {
  return (
    <PolicyPage
      title="Cookie Policy"
      dateLine="Last updated 6 April 2023"
      intro={
        <Card withBorder radius="lg" padding="lg" bg="var(--rhema-tint)">
          <Title order={2} size="h4">
            Your cookie settings
          </Title>
          <Text mt={4}>Choose which cookies Rhema may use. Necessary cookies are always on.</Text>
          <Group mt="md">
            <Button onClick={() => void openCookiePreferences()} aria-haspopup="dialog">
              Cookie settings
            </Button>
          </Group>
        </Card>
      }
      sections={SECTIONS}
    />
  );
}
