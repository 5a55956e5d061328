export * from './auth';
export * from './constants';
export * from './envelope';
export * from './faqs';
export * from './match';
export * from './training';
export * from './admin';
