import { createFileRoute } from '@tanstack/react-router';
import { PolicyPage, type PolicySection } from '../features/public/PolicyPage';
import { AnchorLink } from '../lib/links';

export const Route = createFileRoute('/terms')({
  head: () => ({
    meta: [
      { title: 'Terms of service · Rhema' },
      {
        name: 'description',
        content:
          'The terms of service for Rhema, the dating and private matchmaking service of Rhema Singles Ltd: eligibility, membership, subscriptions, safety and your obligations.',
      },
    ],
  }),
  component: TermsPage,
});

const SECTIONS: PolicySection[] = [
  {
    id: 'ios-subscriptions',
    title: 'iOS subscriptions',
    body: (
      <>
        <p>
          If you buy a subscription in the Rhema app on an iPhone or iPad, payment is taken by Apple from your
          Apple ID account when you confirm the purchase. Subscriptions renew automatically for the same
          period and at the same price unless you turn off auto-renewal at least 24 hours before the end of
          the current period. Your account is charged for renewal within the 24 hours before the period ends.
        </p>
        <p>
          You can manage or cancel a subscription in your Apple ID account settings after purchase. Deleting
          the app or your Rhema account does not cancel an Apple subscription. Refunds for purchases made
          through Apple are handled by Apple under its own terms. Any unused part of a free trial is forfeited
          when you buy a subscription.
        </p>
      </>
    ),
  },
  {
    id: 'preamble',
    title: 'Preamble',
    body: (
      <p>
        Rhema is a dating and matchmaking service for adults who are looking for a lasting relationship, run
        by Rhema Singles Ltd, a private limited company registered in England and Wales (&quot;Rhema&quot;,
        &quot;we&quot;, &quot;us&quot;). These terms apply to the Rhema website, the Rhema apps for Android
        and iOS, our events and our private matchmaking service (together, the &quot;Service&quot;). Please
        read them carefully together with our{' '}
        <AnchorLink underline="always" to="/privacy">
          Privacy Policy
        </AnchorLink>
        ,{' '}
        <AnchorLink underline="always" to="/cookie-policy">
          Cookie Policy
        </AnchorLink>{' '}
        and{' '}
        <AnchorLink underline="always" to="/house-rules">
          House Rules
        </AnchorLink>
        .
      </p>
    ),
  },
  {
    id: 'consent',
    title: 'Consent to these terms',
    body: (
      <p>
        By creating an account, downloading the app or using any part of the Service you confirm that you have
        read and accept these terms. If you do not accept them, please do not use the Service. We may change
        these terms from time to time; when a change matters we tell you in the app or by email before it
        takes effect, and continuing to use the Service afterwards means you accept the new terms.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <>
        <p>To create an account and use the Service you must:</p>
        <ul>
          <li>be at least 18 years old;</li>
          <li>be legally able to enter into a binding contract with us;</li>
          <li>
            never have been convicted of a felony or an indictable offence, or of any sex crime or violent
            crime;
          </li>
          <li>not be required to register as a sex offender in any country;</li>
          <li>
            not have been removed from the Service by us before, unless we have agreed in writing that you may
            return.
          </li>
        </ul>
        <p>
          We check age from the date of birth you give us and may ask you to verify your identity through our
          independent verification provider.
        </p>
      </>
    ),
  },
  {
    id: 'membership',
    title: 'Membership',
    body: (
      <>
        <p>
          Membership is free. Some features, such as premium introductions, cost money and are described in
          the app before you buy them.
        </p>
        <ul>
          <li>You may hold only one account. Duplicate accounts will be closed.</li>
          <li>
            Your account is personal to you and is not transferable. You may not sell, lend or share it.
          </li>
          <li>
            You are responsible for keeping your sign-in details confidential and for everything done through
            your account. Tell us straight away if you think someone else has used it.
          </li>
          <li>The information in your profile must be true, current and about you.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination and suspension',
    body: (
      <>
        <p>
          You may end your membership at any time in the app under Settings. We then delete your profile as
          described in our Privacy Policy. Paid subscriptions must also be cancelled with the store you bought
          them from.
        </p>
        <p>
          We may suspend or terminate your account at any time, without notice, if we reasonably believe you
          have broken these terms or our House Rules, put another member at risk, or used the Service
          unlawfully. If we do, you are not entitled to a refund of any purchase. Where it is safe and lawful,
          we will tell you why.
        </p>
      </>
    ),
  },
  {
    id: 'obligations',
    title: 'Your obligations and prohibited conduct',
    body: (
      <>
        <p>You agree to treat other members with courtesy and respect. You must not:</p>
        <ul>
          <li>harass, bully, stalk, threaten, intimidate or defame anyone;</li>
          <li>
            post anything hateful, sexually explicit, violent or unlawful, or any image of someone else
            without their consent;
          </li>
          <li>
            impersonate anyone, misrepresent your age, marital status or identity, or use a photo that is not
            of you;
          </li>
          <li>ask members for money, bank details or gifts, or promote any business, scheme or website;</li>
          <li>
            use the Service if you are married or in a committed relationship, unless you are legally
            separated;
          </li>
          <li>
            collect other members&apos; details, or use bots, scrapers or any automated means to access the
            Service;
          </li>
          <li>try to get around our security, rate limits or moderation.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'safety',
    title: 'Safety',
    body: (
      <p>
        Your safety matters to us, but we cannot check every member&apos;s conduct. Every profile and
        conversation in the app has a Report button: use it whenever someone makes you uncomfortable, and our
        moderators will review the report. Before meeting anyone, please read our{' '}
        <AnchorLink underline="always" to="/safety">
          safety tips
        </AnchorLink>
        . You are responsible for your own interactions with other members, online and in person.
      </p>
    ),
  },
  {
    id: 'purchases',
    title: 'Purchases',
    body: (
      <p>
        Paid features are sold as in-app purchases and subscriptions through the Apple App Store or Google
        Play, at the prices shown in the app, including VAT where it applies. Purchases are final and
        non-refundable except where the law or the store&apos;s own rules give you a right to a refund. Event
        tickets are sold under the conditions shown when you book.
      </p>
    ),
  },
  {
    id: 'limitations',
    title: 'Limitations of use',
    body: (
      <p>
        The Service is for your personal, non-commercial use only. We may limit how it is used, for example
        the number of friend requests you can send in 24 hours, to protect members from spam and abuse. We may
        change, pause or stop any feature, and we do not promise that the Service will always be available or
        free of errors.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <p>
        The Rhema name, logo, apps, website and their content belong to Rhema Singles Ltd or our licensors.
        You keep ownership of what you post, and you give us a worldwide, non-exclusive, royalty-free licence
        to host, show and adapt it for the purpose of running and promoting the Service while your account is
        open.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        Nothing in these terms limits our liability for death or personal injury caused by our negligence, for
        fraud, or for anything else that cannot be limited by law. Otherwise, we are not liable for the
        conduct of any member, on or off the Service, or for losses that were not foreseeable, and our total
        liability to you is limited to the amount you paid us in the 12 months before the claim.
      </p>
    ),
  },
  {
    id: 'links',
    title: 'Links',
    body: (
      <p>
        The Service may link to other websites and apps, such as the app stores and our Instagram page. We do
        not control them and are not responsible for their content or their privacy practices.
      </p>
    ),
  },
  {
    id: 'severance',
    title: 'Severance',
    body: (
      <p>
        If a court finds any part of these terms invalid or unenforceable, that part is removed or limited as
        little as possible, and the rest of the terms stay in full force.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the United Kingdom, specifically of England and Wales, and the
        courts of England and Wales have jurisdiction over any dispute. If you live in Scotland or Northern
        Ireland you may also bring proceedings in your local courts.
      </p>
    ),
  },
];

function TermsPage() {
  return (
    <PolicyPage
      title="Terms of service"
      dateLine="Last revised 16 February 2022"
      intro={
        <p>
          These terms are an agreement between you and Rhema Singles Ltd. They explain what you can expect
          from us and what we expect from you.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
