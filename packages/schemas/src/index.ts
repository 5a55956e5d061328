export * from './auth';
export * from './constants';
export * from './envelope';
export * from './faqs';
export * from './match';
export * from './training';
export * from './social';
export * from './age-range';
export { ZMemberProfile, type TMemberProfile } from './profile';
