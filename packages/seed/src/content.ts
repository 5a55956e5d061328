// The product's own content: FAQ answers, home-page points, communities and profile questions, written for
// adult African professionals looking for a lasting relationship. Shared by the dev seed,
// tests, e2e and the benchmark, so every environment shows the same words.
import type { Database } from '@rhema/db';
import type { FaqType } from '@rhema/schemas';
import { sql } from 'kysely';

export interface FaqContent {
  faq_type: FaqType;
  title: string;
  post: string;
}

export const FAQS: readonly FaqContent[] = [
  {
    faq_type: 'faqs',
    title: 'How does private matchmaking work?',
    post: "Choose someone you would like to meet from the members list in the app, then send their handle to our matchmaking team through WhatsApp. One of our consultants phones that person on your behalf to say you are interested. If they would like to get to know you too, we exchange your phone numbers. Nobody's number is shared until both of you have said yes.",
  },
  {
    faq_type: 'faqs',
    title: 'What is a reference number?',
    post: 'Every member has a six-character reference, for example K7M2QX. When a consultant presents a matchmaking request to you, they give you the reference of the member who asked. Type it into the search box on the home page to see that member: first name, age, country, occupation and photos. Email addresses and phone numbers are never shown there.',
  },
  {
    faq_type: 'faqs',
    title: 'Is membership free?',
    post: 'Yes. Creating a profile, joining communities and browsing members cost nothing. Some extras, such as premium introductions, are paid through in-app purchases or a subscription. The app always shows the price before you pay, and you can cancel a subscription from your App Store or Google Play account.',
  },
  {
    faq_type: 'faqs',
    title: 'How is my identity verified?',
    post: 'Identity checks are carried out by an independent verification provider. In the app you photograph a government-issued ID and take a short selfie; the provider confirms that they match and tells us the result. Verified members show a badge on their profile. How the provider collects and keeps ID and face images is explained in our privacy policy.',
  },
  {
    faq_type: 'faqs',
    title: 'How do you keep members safe?',
    post: 'Every profile can be reported with the Report button, and our team reviews reports every day. Messaging only opens once both people have accepted a friend request, and the number of friend requests per day is limited. For a first meeting, choose a busy public place, tell a friend where you are going, arrange your own transport and never send money to someone you have not met. Read the house rules for more tips.',
  },
  {
    faq_type: 'faqs',
    title: 'What are communities?',
    post: 'Communities are small groups built around a shared interest, faith or profession: a book club for African writers, a Christian singles fellowship, a circle for doctors and nurses, and more. There is no algorithm choosing partners for you; communities are where you meet people who share what matters to you. You can join or leave a community at any time.',
  },
  {
    faq_type: 'faqs',
    title: 'How do I delete my account?',
    post: 'Open Settings in the app and choose Delete account. Your profile, photos, answers, community memberships and introductions are removed, and your sessions are signed out. You can also download a copy of your data before you go. If you only need a break, you can hide your profile instead.',
  },
  {
    faq_type: 'faqs',
    title: 'Who can join?',
    post: 'Adults aged 18 or over who are single and looking for a lasting relationship. Each person may hold one personal account, which cannot be transferred. You may not join if you have ever been convicted of a felony or of a sexual or violent offence. We are a United Kingdom limited company and welcome members living anywhere in the world.',
  },
  {
    faq_type: 'faqs',
    title: 'How will a consultant contact me?',
    post: 'Our consultants call you on the phone number in your profile. They introduce themselves by first name, quote your reference number and explain who is interested in meeting you. A consultant will never ask for your password, your verification code or a payment over the phone. If in doubt, hang up and contact us through the Support page.',
  },
  {
    faq_type: 'faqs',
    title: 'What does premium include?',
    post: 'Premium is created for a match: once both of you agree to be introduced, premium unlocks the exchange of phone numbers, unlimited instant video calls in the app and priority with our consultants. Free members can still build a profile, join communities and receive introductions.',
  },
  {
    faq_type: 'faqs',
    title: 'Do you organise events?',
    post: 'Yes. We host in-person singles meetups in major cities, including London, Lagos, Accra, Johannesburg, Houston and Toronto. Dates are announced in the app and on our Instagram page, and places are limited so that every guest has time to talk.',
  },
  {
    faq_type: 'points',
    title: 'Private matchmaking',
    post: 'Tell our consultants who caught your eye. They make the call for you, and numbers are only exchanged when you both say yes.',
  },
  {
    faq_type: 'points',
    title: 'Verified members',
    post: 'Identity checks by an independent provider, so the person you meet is who they say they are.',
  },
  {
    faq_type: 'points',
    title: 'Communities that fit you',
    post: 'Faith, professional and interest groups help you meet people who share your values, not just your postcode.',
  },
  {
    faq_type: 'points',
    title: 'Instant video once you match',
    post: 'Meet face to face on video in the app before you ever share a phone number.',
  },
  {
    faq_type: 'points',
    title: 'Free to join',
    post: 'Create your profile and join communities for free. Pay only for the extras you choose.',
  },
];

export type CommunityKind = 'interest' | 'faith' | 'professional';

export interface CommunityContent {
  slug: string;
  name: string;
  kind: CommunityKind;
  description: string;
}

export const COMMUNITIES: readonly CommunityContent[] = [
  {
    slug: 'christian-singles-fellowship',
    name: 'Christian Singles Fellowship',
    kind: 'faith',
    description:
      'Believers who want a Christ-centred marriage. Monthly prayer calls and Sunday brunch meetups.',
  },
  {
    slug: 'catholic-singles',
    name: 'Catholic Singles',
    kind: 'faith',
    description: 'Catholic professionals meeting after Mass, on retreats and at parish socials.',
  },
  {
    slug: 'muslim-singles-circle',
    name: 'Muslim Singles Circle',
    kind: 'faith',
    description: 'Practising Muslims looking for nikah, with family involvement welcome from the start.',
  },
  {
    slug: 'healthcare-professionals',
    name: 'Doctors, Nurses & Healthcare',
    kind: 'professional',
    description: 'For people who work shifts and understand why a date might start at 9pm.',
  },
  {
    slug: 'tech-and-product',
    name: 'Tech & Product People',
    kind: 'professional',
    description: 'Engineers, designers, analysts and product managers, from Yaba to Shoreditch.',
  },
  {
    slug: 'finance-law-consulting',
    name: 'Finance, Law & Consulting',
    kind: 'professional',
    description: 'Bankers, accountants, lawyers and consultants who are ready to make time for love.',
  },
  {
    slug: 'entrepreneurs-founders',
    name: 'Entrepreneurs & Founders',
    kind: 'professional',
    description: 'Business owners and founders who want a partner who understands the hustle.',
  },
  {
    slug: 'engineers-built-environment',
    name: 'Engineers & Built Environment',
    kind: 'professional',
    description: 'Civil, mechanical, petroleum and electrical engineers, architects and surveyors.',
  },
  {
    slug: 'afrobeats-and-amapiano',
    name: 'Afrobeats & Amapiano Lovers',
    kind: 'interest',
    description:
      'Concerts, dance classes and playlist swaps for people who cannot sit still when the beat drops.',
  },
  {
    slug: 'african-writers-book-club',
    name: 'African Writers Book Club',
    kind: 'interest',
    description:
      'One book a month, from Achebe and Adichie to Gyasi and Mda, discussed over video and dinner.',
  },
  {
    slug: 'weekend-hikers',
    name: 'Weekend Hikers & Runners',
    kind: 'interest',
    description: 'Park runs, coastal walks and hill hikes, followed by a well-earned meal together.',
  },
  {
    slug: 'foodies-and-home-cooks',
    name: 'Foodies & Home Cooks',
    kind: 'interest',
    description: 'Jollof debates settled in person. Supper clubs, restaurant nights and recipe swaps.',
  },
  {
    slug: 'travel-and-culture',
    name: 'Travel & Culture',
    kind: 'interest',
    description: 'Members who love Detty December, Carnival and discovering a new city with good company.',
  },
];

export interface ProfileQuestionContent {
  key: string;
  hint: string;
  position: number;
  is_special_category: boolean;
}

export const PROFILE_QUESTIONS: readonly ProfileQuestionContent[] = [
  { key: 'occupation', hint: 'Occupation', position: 1, is_special_category: false },
  { key: 'education', hint: 'Education', position: 2, is_special_category: false },
  { key: 'languages', hint: 'Languages spoken', position: 3, is_special_category: false },
  { key: 'relationship_goal', hint: 'Looking for', position: 4, is_special_category: false },
  { key: 'children', hint: 'Children', position: 5, is_special_category: false },
  { key: 'wants_children', hint: 'Would like children', position: 6, is_special_category: false },
  { key: 'hobbies', hint: 'Hobbies and interests', position: 7, is_special_category: false },
  { key: 'smoking', hint: 'Smoking', position: 8, is_special_category: false },
  { key: 'drinking', hint: 'Drinking', position: 9, is_special_category: false },
  // docs/security.md target 13: faith, ethnicity and tribe are special-category data, kept only with a separate
  // consent (tribe was a users column until migration 20261123T1200_special_category made it this question)
  { key: 'religion', hint: 'Religion', position: 10, is_special_category: true },
  { key: 'ethnicity', hint: 'Ethnicity', position: 11, is_special_category: true },
  { key: 'tribe', hint: 'Tribe', position: 12, is_special_category: true },
];

/** The keys of the special-category questions above. */
export const SPECIAL_QUESTION_KEYS: ReadonlySet<string> = new Set(
  PROFILE_QUESTIONS.filter((q) => q.is_special_category).map((q) => q.key),
);

/** The consent that special-category answers (faith, ethnicity, tribe) are stored under: packages/schemas. */
export { SPECIAL_CATEGORY_CONSENT } from '@rhema/schemas';

/** The core values members choose from (packages/schemas: the profile form offers the same). */
export { CORE_VALUE_CHOICES as CORE_VALUES } from '@rhema/schemas';

export interface SeedContentResult {
  faqs: number;
  questions: number;
  communities: number;
}

/** Inserts the profile questions that are missing (matched by key); returns how many it inserted. */
export async function ensureProfileQuestions(db: Database): Promise<number> {
  const result = await db
    .insertInto('profile_questions')
    .values(PROFILE_QUESTIONS.map((q) => ({ ...q })))
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Inserts the communities that are missing (matched by slug); returns how many it inserted. */
export async function ensureCommunities(db: Database): Promise<number> {
  const result = await db
    .insertInto('communities')
    .values(COMMUNITIES.map((c) => ({ ...c })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Inserts the FAQs and home-page points, profile questions and communities. Idempotent: FAQs are skipped when
 * any exist; questions and communities are matched by key and slug. Returns how many rows it inserted. */
export async function seedContent(db: Database): Promise<SeedContentResult> {
  const questions = await ensureProfileQuestions(db);
  const communities = await ensureCommunities(db);
  let faqs = 0;
  const existing = await db
    .selectFrom('faqs')
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  if (!existing) {
    const positions: Record<FaqType, number> = { faqs: 0, points: 0 };
    const rows = FAQS.map((faq) => ({ ...faq, position: ++positions[faq.faq_type] }));
    const result = await db.insertInto('faqs').values(rows).executeTakeFirst();
    faqs = Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return { faqs, questions, communities };
}

/** question key -> id and community slug -> id, for seeds that attach answers and memberships. */
export async function loadContentIds(
  db: Database,
): Promise<{ questionIds: Map<string, number>; communityIds: Map<string, string> }> {
  const [questions, communities] = await Promise.all([
    db.selectFrom('profile_questions').select(['id', 'key']).execute(),
    db.selectFrom('communities').select(['id', 'slug']).execute(),
  ]);
  return {
    questionIds: new Map(questions.map((q) => [q.key, q.id])),
    communityIds: new Map(communities.map((c) => [c.slug, c.id])),
  };
}
