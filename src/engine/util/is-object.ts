/** True for a plain JSON object (not null, not an array): the one helper, in src/shared/util. */
export { isPlainObject as isObject } from '../../shared/util/object';
