import { code, plural } from './markdown.js';

/**
 * Calls by a method's name whose receiver the index could not type (`self.decoder.decode()`): never counted
 * as callers, but said, so a count is not read as all there is.
 */
export function describeUntoldCalls(count: number, name: string): string {
  return `${plural(count, 'other place')} call${count === 1 ? 's' : ''} ${code(`.${name}()`)} on something the index could not type (it cannot tell whether ${count === 1 ? 'that reaches' : 'those reach'} this one)`;
}
