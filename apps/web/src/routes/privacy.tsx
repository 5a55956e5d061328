import { Alert } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PolicyPage, type PolicySection } from '../features/public/PolicyPage';
import { IdentityProviderNotice } from '../features/verification/IdentityProviderNotice';
import { AnchorLink } from '../lib/links';

export const Route = createFileRoute('/privacy')({
  head: () => ({
    meta: [
      { title: 'Privacy Policy · Rhema' },
      {
        name: 'description',
        content:
          'How Rhema Singles Ltd collects, uses, stores and protects your personal data, including identity verification, and the rights you have under UK data protection law.',
      },
    ],
  }),
  component: PrivacyPage,
});

const SECTIONS: PolicySection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect the information you give us and information created when you use the Service:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, date of birth and phone number, and
            the password you choose (stored only as a secure hash).
          </li>
          <li>
            <strong>Profile details:</strong> your photos, country, citizenship, occupation, answers to
            profile questions, core values and the communities you join. Answers about faith or ethnicity are
            kept only if you give separate consent, which you can withdraw at any time.
          </li>
          <li>
            <strong>Log data:</strong> your IP address, the pages and features you use, the date and time of
            each request, and error reports.
          </li>
          <li>
            <strong>Device data:</strong> the type and model of your device, its operating system and version,
            the app version, your language setting and browser type.
          </li>
          <li>
            <strong>Messages and reports:</strong> what you send to our team, and reports you make about other
            members or they make about you.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'identity-verification',
    title: 'Identity verification notice',
    body: <IdentityProviderNotice />,
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>to create and run your account and show your profile to other members (contract);</li>
        <li>
          to arrange private introductions you ask for, including phoning the member you chose (contract);
        </li>
        <li>
          to keep members safe, moderate content, and investigate reports and fraud (legitimate interests);
        </li>
        <li>to verify your identity and age (legal obligation and legitimate interests);</li>
        <li>to process purchases and subscriptions (contract);</li>
        <li>to tell you about events and the training centre, only if you agreed (consent);</li>
        <li>
          to understand how the site is used and improve it, only if you accept analytics cookies (consent).
        </li>
      </ul>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account information while your account is open. When you delete your account we erase
        your profile, photos, answers, messages and introductions within 30 days, except where we must keep a
        record for longer: for example, reports of serious misconduct are kept for up to 2 years to stop
        banned people returning, and purchase records for 6 years for tax purposes. Log data is kept for up to
        90 days.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Rhema is for adults aged 18 or over. The Service is not aimed at children under 16, and we do not
        knowingly collect personal information from children under 13. If you believe a child has given us
        their information, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'disclosure',
    title: 'Sharing with third parties',
    body: (
      <>
        <p>We do not sell your personal information. We share it only with:</p>
        <ul>
          <li>
            other members, as far as your profile settings allow (never your email address or phone number,
            unless you both agree to an introduction);
          </li>
          <li>
            our identity-verification provider, hosting providers, email services and app stores, who act on
            our instructions;
          </li>
          <li>Google, for analytics, only if you accept analytics cookies;</li>
          <li>the police or other authorities, where the law requires it or to protect someone from harm.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'Where your information is stored',
    body: (
      <p>
        Your information is stored in the United Kingdom. If a provider processes it outside the UK, we make
        sure it is protected to UK standards, for example by the UK International Data Transfer Agreement or
        an adequacy decision.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>get a copy of your personal information (you can download it from your account);</li>
          <li>have inaccurate information corrected;</li>
          <li>have your information erased;</li>
          <li>object to, or ask us to restrict, some uses of your information;</li>
          <li>withdraw any consent you have given, at any time;</li>
          <li>complain to the Information Commissioner&apos;s Office (ico.org.uk).</li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use essential cookies to keep the site working and, only with your consent, analytics cookies. Our{' '}
        <AnchorLink underline="always" to="/cookie-policy">
          Cookie Policy
        </AnchorLink>{' '}
        lists every cookie and lets you change your choice.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Rhema Singles Ltd is the controller of your personal information. For any question about this policy
        or to exercise your rights, please{' '}
        <AnchorLink underline="always" to="/support">
          contact us
        </AnchorLink>{' '}
        and mark your message &quot;Data protection&quot;. We answer within one month.
      </p>
    ),
  },
];

function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      dateLine="Effective and last updated 6 April 2023"
      intro={
        <Alert variant="light" title="In short">
          We collect what we need to run a safe dating service, we never show your email address or phone
          number on your public profile, we do not sell your data, and you can download or delete it at any
          time.
        </Alert>
      }
      sections={SECTIONS}
    />
  );
}
