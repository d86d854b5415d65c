/** The LEI registry plugin's public entry. */
export { gleifPlugin } from './plugin';
