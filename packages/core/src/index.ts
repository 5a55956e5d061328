export * from './errors/app-error';
export { listFaqs } from './faqs/list-faqs';
export { ageOn, getMatchProfile } from './match/get-match-profile';
export { enforceIpLimit, MATCH_LOOKUP_LIMIT, type IpLimit } from './match/ip-limit';
export { signUpForTraining, TRAINING_SIGNUP_LIMIT } from './training/sign-up-for-training';
