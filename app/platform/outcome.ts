/**
 * What a domain command answers. A refusal is an answer, not an exception: commands never
 * throw for one, so the responder (respond.server.ts) can map every named refusal to a
 * status and a message, the same for a form post and a JSON call.
 */
export interface Done<T> {
  ok: true;
  value: T;
}

export interface Refused<R extends string> {
  ok: false;
  refusal: R;
  /** Seconds until trying again makes sense (a limit): the answer's Retry-After. */
  retryAfter?: number;
  /** Values the refusal's message mentions (a balance, how much room is left…). */
  details?: Record<string, string | number>;
  /**
   * When what was refused becomes possible, in milliseconds since the epoch, where that is
   * not this request's own retry (after a wrong sign-in code, the number's next code): a
   * page counts down to it (FormAnswer's `countdown`).
   */
  until?: number;
}

export type Outcome<T, R extends string = never> = Done<T> | Refused<R>;

export const done = <T>(value: T): Done<T> => ({ ok: true, value });

export function refused<R extends string>(
  refusal: R,
  extra: { retryAfter?: number; details?: Record<string, string | number>; until?: number } = {},
): Refused<R> {
  return { ok: false, refusal, ...extra };
}
