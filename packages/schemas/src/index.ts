export * from './constants';
export * from './envelope';
export * from './faqs';
