// The profile form's and the photos' limits, choices and messages, without zod: /account/profile and the
// onboarding show them as they load and build the form's schema (profile-edit.ts) only when it is submitted
// (docs/decisions/205-fewer-schemas-on-first-screen.md).

export const PROFILE_LIMITS = {
  firstName: 60,
  place: 80,
  answer: 500,
  coreValue: 40,
  coreValues: 10,
  citizenships: 5,
  minHeightCm: 100,
  maxHeightCm: 250,
} as const;

/** Photos: the types, size and count a member may upload; the first is the profile picture. */
export const PHOTO_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPhotos: 6,
  /** the longest side after the server resized it */
  maxEdgePx: 1600,
  /** the portrait frame the server cuts every photo to (packages/core/src/media/photos.ts), and the pages show */
  aspect: { width: 4, height: 5 },
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

export const PHOTO_MESSAGES = {
  type: 'Please upload a JPEG, PNG or WebP photo.',
  size: 'A photo can be at most 10 MB.',
  count: 'You can have at most 6 photos. Delete one to add another.',
  unreadable: 'This photo could not be read. Please try another file.',
} as const;

/** The questions the onboarding asks and a complete profile answers (the others stay optional). */
export const MAIN_QUESTION_KEYS = ['occupation', 'education', 'relationship_goal', 'wants_children'] as const;

/** The core values offered as chips on the profile form (a member may type their own as well); the seed uses them. */
export const CORE_VALUE_CHOICES: readonly string[] = [
  'Faith',
  'Family',
  'Honesty',
  'Loyalty',
  'Respect',
  'Ambition',
  'Kindness',
  'Humility',
  'Integrity',
  'Communication',
  'Patience',
  'Generosity',
  'Sense of humour',
  'Hard work',
  'Commitment',
];

/**
 * The answers offered for the questions that have choices (the others are free text). The form picks from these;
 * an answer given before a list existed stays selectable, so saving never drops it.
 */
export const ANSWER_CHOICES: Readonly<Record<string, readonly string[]>> = {
  education: [
    'A-levels / WASSCE',
    'HND',
    'Undergraduate',
    "Bachelor's degree",
    "Master's degree",
    'MBA',
    'Professional qualification (ACCA, ICAN, CIPD)',
    'Medical degree (MBBS)',
    'PhD',
  ],
  relationship_goal: [
    'Marriage',
    'Marriage and children',
    'A long-term relationship leading to marriage',
    'A long-term relationship',
    'Companionship',
  ],
  children: ['No children', 'One child', 'Two children', 'Three or more'],
  wants_children: ['Yes', 'Yes, in the next few years', 'Open to it', 'Not sure yet', 'No'],
  smoking: ['Never', 'Occasionally', 'Trying to quit', 'Yes'],
  drinking: ['Never', 'Socially', 'Occasionally'],
};
