import { FRIEND_REQUESTS_PER_24H } from '@rhema/schemas';
import type { PolicySection } from './PolicyPage';
import { AnchorLink } from '../../lib/links';

/** The safety guide, shown on /house-rules (with the house rules first) and on /safety. */
export const SAFETY_SECTIONS: PolicySection[] = [
  {
    id: 'online-safety',
    title: 'Staying safe online',
    body: (
      <ul>
        <li>
          Keep personal details private until you trust someone: your surname, home or work address, daily
          routine and children&apos;s names.
        </li>
        <li>
          Never send money, gift cards or bank details to someone you have not met, however moving their
          story. Report anyone who asks.
        </li>
        <li>
          Stay in the app&apos;s chat and video calls while you get to know each other. Be wary of anyone who
          pushes to move the conversation elsewhere quickly.
        </li>
        <li>
          Use a video call before you meet. A verified badge means the member passed our identity check; it
          does not guarantee how they will behave.
        </li>
        <li>Do not share intimate photos. Once sent, you cannot control where they go.</li>
      </ul>
    ),
  },
  {
    id: 'friend-requests',
    title: 'Friend requests and messaging',
    body: (
      <>
        <p>
          To stop spam and keep conversations welcome, each member can send up to {FRIEND_REQUESTS_PER_24H}{' '}
          friend requests in any 24 hours.
        </p>
        <p>
          Messaging opens only when both people have accepted the friend request. Nobody can message you
          unless you have said yes, and you can remove a friend or block them at any time.
        </p>
      </>
    ),
  },
  {
    id: 'offline-safety',
    title: 'Meeting in person',
    body: (
      <ul>
        <li>
          Meet in a busy public place, such as a café or restaurant, and stay in public for the first few
          dates.
        </li>
        <li>
          Tell a friend or relative where you are going, who you are meeting and when you expect to be home.
        </li>
        <li>Arrange your own transport there and back, and keep your phone charged.</li>
        <li>Keep an eye on your drink and your belongings, and do not feel pressured to drink alcohol.</li>
        <li>If something feels wrong, leave. You never owe anyone an explanation.</li>
      </ul>
    ),
  },
  {
    id: 'reporting',
    title: 'Reporting abuse',
    body: (
      <>
        <p>
          Every profile and conversation in the app has a Report button. Use it for anything that breaks our
          House Rules: harassment, threats, requests for money, fake profiles, hateful or explicit content, or
          someone who seems under 18. Reports are confidential; the member is not told who reported them. Our
          moderators review every report and may warn, suspend or remove the member.
        </p>
        <p>
          If you have been assaulted or are in danger, call the police first (999 in the UK, 112 in the EU,
          911 in North America). In the UK you can also contact the Rape Crisis helpline or the National
          Domestic Abuse Helpline for free, confidential support. You can{' '}
          <AnchorLink underline="always" to="/support">
            contact our team
          </AnchorLink>{' '}
          at any time.
        </p>
      </>
    ),
  },
  {
    id: 'health',
    title: 'Health tips',
    body: (
      <ul>
        <li>Talk openly about sexual health before becoming intimate, and always use protection.</li>
        <li>Get tested regularly; NHS sexual health clinics in the UK are free and confidential.</li>
        <li>
          Consent must be clear, and it can be withdrawn at any moment. If you are unsure, stop and ask.
        </li>
        <li>
          Dating can be emotionally tiring. Take breaks when you need them, and talk to someone you trust if
          it starts to affect your wellbeing.
        </li>
      </ul>
    ),
  },
];

export const HOUSE_RULES_SECTIONS: PolicySection[] = [
  {
    id: 'house-rules',
    title: 'Our house rules',
    body: (
      <>
        <p>Rhema is a community of adults looking for something lasting. By joining, you agree to:</p>
        <ul>
          <li>Be yourself: real name, recent photos of you alone, true age and relationship status.</li>
          <li>Be respectful: no insults, pressure, hate speech or explicit messages.</li>
          <li>Be honest about what you are looking for, and say no kindly when you are not interested.</li>
          <li>Keep it personal: no selling, recruiting, asking for money or promoting other services.</li>
          <li>
            Protect privacy: never share another member&apos;s photos, messages or details outside Rhema.
          </li>
          <li>Be 18 or over, single or legally separated, and hold only one account.</li>
        </ul>
        <p>
          Breaking these rules can lead to your account being suspended or removed, as set out in our{' '}
          <AnchorLink underline="always" to="/terms">
            terms of service
          </AnchorLink>
          .
        </p>
      </>
    ),
  },
];
