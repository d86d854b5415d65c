// Typings for parse-full-name 1.2.7, which ships none (only what person.ts uses).
declare module 'parse-full-name' {
  export interface ParsedFullName {
    title: string;
    first: string;
    middle: string;
    last: string;
    nick: string;
    suffix: string;
    error: string[];
  }
  /** fixCase: -1 fixes case only for all-upper or all-lower input, 0 never, 1 always. */
  export function parseFullName(
    nameToParse: string,
    partToReturn?: 'all',
    fixCase?: -1 | 0 | 1 | boolean,
    stopOnError?: 0 | 1 | boolean,
    useLongLists?: 0 | 1 | boolean,
  ): ParsedFullName;
}
