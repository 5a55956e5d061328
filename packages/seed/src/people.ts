// Who the demo members are: where they live, where their families come from (./people/), their names, phones and
// answers. Lists are plain data so that a reader can check them; the demo seed draws from them with a seeded PRNG.
export * from './people/countries';
export * from './people/heritages';

/** Occupations of a professional membership, with the professional community they most often join. */
export const OCCUPATIONS: readonly (readonly [string, string | null])[] = [
  ['Medical Doctor', 'healthcare-professionals'],
  ['Nurse', 'healthcare-professionals'],
  ['Pharmacist', 'healthcare-professionals'],
  ['Dentist', 'healthcare-professionals'],
  ['Physiotherapist', 'healthcare-professionals'],
  ['Midwife', 'healthcare-professionals'],
  ['Software Engineer', 'tech-and-product'],
  ['Product Manager', 'tech-and-product'],
  ['Data Analyst', 'tech-and-product'],
  ['UX Designer', 'tech-and-product'],
  ['IT Consultant', 'tech-and-product'],
  ['Cybersecurity Analyst', 'tech-and-product'],
  ['Accountant', 'finance-law-consulting'],
  ['Investment Banker', 'finance-law-consulting'],
  ['Lawyer', 'finance-law-consulting'],
  ['Management Consultant', 'finance-law-consulting'],
  ['Auditor', 'finance-law-consulting'],
  ['Financial Analyst', 'finance-law-consulting'],
  ['Civil Engineer', 'engineers-built-environment'],
  ['Petroleum Engineer', 'engineers-built-environment'],
  ['Architect', 'engineers-built-environment'],
  ['Quantity Surveyor', 'engineers-built-environment'],
  ['Electrical Engineer', 'engineers-built-environment'],
  ['Entrepreneur', 'entrepreneurs-founders'],
  ['Business Owner', 'entrepreneurs-founders'],
  ['Fashion Designer', 'entrepreneurs-founders'],
  ['Real Estate Developer', 'entrepreneurs-founders'],
  ['Teacher', null],
  ['University Lecturer', null],
  ['Civil Servant', null],
  ['Marketing Manager', null],
  ['HR Manager', null],
  ['Journalist', null],
  ['Logistics Manager', null],
  ['Social Worker', null],
  ['Airline Pilot', null],
  ['Research Scientist', null],
];

export const YOUNG_OCCUPATIONS = [
  'University Student',
  'Graduate Trainee',
  'Postgraduate Student',
  'Junior Analyst',
];

export const EDUCATION: readonly (readonly [string, number])[] = [
  ["Bachelor's degree", 40],
  ["Master's degree", 25],
  ['Professional qualification (ACCA, ICAN, CIPD)', 10],
  ['HND', 8],
  ['A-levels / WASSCE', 6],
  ['MBA', 6],
  ['PhD', 4],
  ['Medical degree (MBBS)', 3],
];

export const HOBBIES = [
  'Cooking',
  'Travelling',
  'Reading',
  'Afrobeats',
  'Gospel music',
  'Dancing',
  'Football',
  'Running',
  'Hiking',
  'Photography',
  'Gym',
  'Tennis',
  'Board games',
  'Volunteering',
  'Fashion',
  'Nollywood films',
  'Theatre',
  'Gardening',
  'Swimming',
  'Singing in the choir',
  'Podcasts',
  'Chess',
  'Art galleries',
  'Writing',
] as const;

export const CHRISTIAN_DENOMINATIONS: readonly (readonly [string, number])[] = [
  ['Christian (Pentecostal)', 30],
  ['Christian (Catholic)', 22],
  ['Christian (Anglican)', 14],
  ['Christian (Methodist)', 10],
  ['Christian (Baptist)', 6],
  ['Christian (Seventh-day Adventist)', 4],
  ['Christian', 10],
  ['Spiritual but not religious', 4],
];

/** Placeholders: {first} owner's first name, {city}, {min}, {max}, {contact} the other member's first name. */
export const INTRODUCTION_DETAILS = [
  'Looking for a God-fearing partner who is settled in their career and ready for marriage within two years.',
  'Someone kind and ambitious who values family. Happy to relocate for the right person.',
  'A partner who shares my faith, loves to travel and can hold a good conversation over dinner.',
  'Looking for a mature, emotionally available partner between {min} and {max}. Children are welcome.',
  'Someone based in or near {city} who is serious about building a home together.',
  'A professional who understands long working hours and still makes time for the people they love.',
  'I would like someone honest, calm and family-oriented, ideally with roots back home as well.',
  'Open to someone outside my country if they are ready to commit and visit regularly.',
  'Someone who enjoys church, good food and long walks, and wants children in the next few years.',
  'A confident, respectful partner with a good sense of humour. No games, please.',
] as const;

export const CONSULTANT_NOTES = [
  'Spoke on the phone for about 20 minutes. {first} is warm and clear about wanting marriage. Prefers someone in {city}.',
  '{first} asked us to prioritise members who share the same faith. Available for calls after 6pm.',
  'Second call with {first}. Open to long distance for the right person. Would like to meet in person within three months.',
  '{first} was introduced before and it did not work out; wants a slower start this time, video call first.',
  'Very positive call. {first} would like a partner aged {min}-{max}, family-oriented, non-smoker.',
  '{first} travels a lot for work; best reached on WhatsApp. Happy for us to share the reference with suitable members.',
  'Family is involved in the search; {first} is happy for a parent to join the first video call.',
  'Follow up next week: {first} is finishing a professional exam and will be more available after that.',
] as const;

export const REQUEST_MESSAGES = [
  'Hello {contact}, I read your profile and would love to get to know you. I am a {occupation} in {city}.',
  'Hi {contact}, we seem to share the same values. Would you be open to a short video call this week?',
  'Good evening {contact}. Your profile stood out to me, especially your love of {hobby}. I would like to be introduced.',
  '{contact}, I am looking for something serious too. I would be happy to speak whenever suits you.',
  'Hello {contact}, a friend from my community suggested I reach out. I hope to hear from you.',
] as const;

export const RESPONSE_MESSAGES_ACCEPTED = [
  'Thank you, I would be happy to talk. Please share my number.',
  'Yes, I would like that. Evenings are best for me.',
  'That is lovely, thank you. Happy to start with a video call.',
] as const;

export const RESPONSE_MESSAGES_REJECTED = [
  'Thank you for thinking of me, but I do not feel it is the right match.',
  'I appreciate the request, but I am speaking with someone at the moment.',
  'Thank you, but I am looking for someone closer to home.',
] as const;

export const INTRODUCTION_REQUEST_MESSAGES = [
  'I am interested in {contact}. I am a {occupation} based in {city} and looking for something serious.',
  'Hello, I would love to be introduced to {contact}. We seem to share the same faith and values.',
  'Please present my request to {contact}. I am settled, family-oriented and ready to commit.',
  '{contact} sounds like a wonderful person. I live in {city} and would be happy to travel to meet.',
  'I would like to be considered for {contact}. I am kind, honest and I love {hobby}.',
] as const;

/** Fills the `{name}` placeholders of a template. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : String(value);
  });
}
