export * from './errors/app-error';
export { listFaqs } from './faqs/list-faqs';
