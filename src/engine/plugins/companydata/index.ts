/** The company-data plugin's public entry. */
export { companyDataPlugin } from './plugin';
