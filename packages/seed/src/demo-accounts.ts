// The demo accounts a developer signs in with (README "Demo accounts") and the seed's password defaults.
import type { Gender } from '@rhema/schemas';
import type { HeritageKey } from './people';

export const DEMO_PASSWORD_DEFAULT = 'rhema-demo-2024';
export const MAX_DEMO_MEMBERS = 1_000_000;

export interface DemoAccount {
  key: 'admin' | 'consultant' | 'member' | 'member2';
  index: number;
  email: string;
  role: 'admin' | 'consultant' | 'member';
  first_name: string;
  last_name: string;
  gender: Gender;
  age: number;
  phone: string;
  city: string;
  heritage: HeritageKey;
  state_of_origin: string;
  occupation: string;
}

/** The accounts a developer signs in with. Phones are in Ofcom's drama range, never a real person's. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    index: 0,
    email: 'admin@example.com',
    role: 'admin',
    first_name: 'Adwoa',
    last_name: 'Boateng',
    gender: 'female',
    age: 41,
    phone: '+447700900101',
    city: 'London',
    heritage: 'akan',
    state_of_origin: 'Ashanti',
    occupation: 'Operations Director',
  },
  {
    key: 'consultant',
    index: 1,
    email: 'consultant@example.com',
    role: 'consultant',
    first_name: 'Chinedu',
    last_name: 'Okafor',
    gender: 'male',
    age: 36,
    phone: '+447700900102',
    city: 'London',
    heritage: 'igbo',
    state_of_origin: 'Anambra',
    occupation: 'Matchmaking Consultant',
  },
  {
    key: 'member',
    index: 2,
    email: 'member@example.com',
    role: 'member',
    first_name: 'Kemi',
    last_name: 'Adebayo',
    gender: 'female',
    age: 32,
    phone: '+447700900103',
    city: 'London',
    heritage: 'yoruba',
    state_of_origin: 'Lagos',
    occupation: 'Pharmacist',
  },
  {
    key: 'member2',
    index: 3,
    email: 'member2@example.com',
    role: 'member',
    first_name: 'Tunde',
    last_name: 'Bakare',
    gender: 'male',
    age: 35,
    phone: '+447700900104',
    city: 'London',
    heritage: 'yoruba',
    state_of_origin: 'Ogun',
    occupation: 'Software Engineer',
  },
];
